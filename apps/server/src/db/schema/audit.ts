import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./profiles.ts";

/**
 * The admins' audit log: one row per admin action anywhere in the app, written in the transaction of the change it
 * records (features/admin/record-admin-action.ts), so a rolled-back action leaves no row. Read-only to the app:
 * nothing updates or deletes a row. The actor's username is kept as it was, so a later rename or a deleted account
 * does not rewrite history.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    actorUsername: text("actor_username").notNull(),
    /** `area.verb`, e.g. `member.ban`, `points.airdrop`, `report.review`. */
    action: text("action").notNull(),
    /** What was acted on: `member`, `post`, `comment`, `report`, `giveaway`, ... and its id (or slug). */
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** One line an admin reads in the log. */
    summary: text("summary").notNull(),
    /** The before/after values and anything else worth keeping, as JSON. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The log, newest first (and its date range).
    index("admin_audit_log_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // One admin's actions, newest first.
    index("admin_audit_log_actor_newest_idx").on(
      t.actorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // One kind of action, newest first.
    index("admin_audit_log_action_newest_idx").on(
      t.action,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // What happened to one member, post, report... (a member's page), newest first.
    index("admin_audit_log_target_newest_idx").on(
      t.targetType,
      t.targetId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
