import { sql } from "drizzle-orm";
import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * A member's request to delete their account (features/account). While `erased_at` is null the account waits out
 * its grace period: signing in deletes the row (the deletion is cancelled). At `erase_after` the `account-erase`
 * job erases the account's personal data and sets `erased_at`; the row stays as the record of it.
 */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    eraseAfter: timestamp("erase_after", { withTimezone: true }).notNull(),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    // The overdue sweep: deletions still waiting, by their time.
    index("account_deletions_due_idx").on(t.eraseAfter).where(sql`${t.erasedAt} is null`),
  ],
);
