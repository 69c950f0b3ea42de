import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { profiles } from "./profiles.ts";

/*
 * Our layer over better-auth: the login pre-check's record, per-IP sign-up counting, used captcha solutions,
 * used TOTP codes and referrals. All in the database, so limits survive restarts and hold across instances.
 */

/**
 * Every sign-in attempt that reached the pre-check. `outcome`: success | invalid_credentials | banned | locked
 * (refused by the per-e-mail lockout) | ip_limited (refused by the per-IP limit). Only invalid_credentials rows
 * count toward the lockout, so refused attempts never extend it.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ip: text("ip"),
    success: boolean("success").notNull(),
    outcome: text("outcome", {
      enum: ["success", "invalid_credentials", "banned", "locked", "ip_limited"],
    }).notNull(),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The lockout window query: one e-mail's recent attempts, newest first.
    index("login_attempts_email_created_idx").on(t.email, t.createdAt),
    // The per-IP window query.
    index("login_attempts_ip_created_idx").on(t.ip, t.createdAt),
  ],
);

/** One row per account created, for the per-IP sign-up limit. */
export const signUpEvents = pgTable(
  "sign_up_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ip: text("ip"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_up_events_ip_created_idx").on(t.ip, t.createdAt)],
);

/** ALTCHA challenges already solved once (replay protection); rows past `expiresAt` are pruned. */
export const captchaSolutions = pgTable(
  "captcha_solutions",
  {
    challengeId: text("challenge_id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("captcha_solutions_expires_idx").on(t.expiresAt)],
);

/**
 * TOTP codes accepted recently, so the same code cannot be used twice while it is still valid. A row older than
 * the code's validity is reclaimed by the next use of the same code.
 */
export const usedTotpCodes = pgTable(
  "used_totp_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("used_totp_codes_user_code_key").on(t.userId, t.code)],
);

/**
 * Who referred whom: a sign-up with a valid referral code (a username) records one row. One referrer per account.
 * Points for referrals read this table.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    referredId: uuid("referred_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The code as typed at sign-up. */
    code: text("code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referrals_referred_key").on(t.referredId),
    index("referrals_referrer_created_idx").on(t.referrerId, t.createdAt.desc().nullsFirst()),
    check("referrals_not_self", sql`${t.referrerId} <> ${t.referredId}`),
  ],
);
