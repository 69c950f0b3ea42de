import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * Each verification e-mail a member asked for again (POST /api/me/verification-email): the resend limit counts
 * these rows (the last minute, the last day) under the member's profile row lock, so it holds across instances.
 */
export const verificationMailSends = pgTable(
  "verification_mail_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_mail_sends_user_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);
