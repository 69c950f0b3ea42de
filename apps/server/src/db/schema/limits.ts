import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * The day totals of the fair-use limits (features/limits/member-limits.ts): one row per member and kind of action,
 * counting since `window_ends_at` minus a day. One upsert counts and restarts an ended window, so the table holds
 * at most members x kinds rows and needs no pruning; being in the database, a total holds across instances and
 * restarts.
 */
export const memberActionCounts = pgTable(
  "member_action_counts",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    count: integer("count").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "member_action_counts_pkey", columns: [t.userId, t.action] })],
);
