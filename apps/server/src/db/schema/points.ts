import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles.ts";

/*
 * Points: what can earn them (points_activities), the append-only ledger (points_transactions, whose per-user sum
 * is profiles.points, moved in the same transaction) and the audit of admin airdrops.
 */

/**
 * Something that earns points. `name` is the stable key code awards by (voting, report_submission, ...); `label`
 * is what people read (the spec's 'Report KOL' is the label of report_submission). `points` is the amount per
 * award (admin_airdrop's amount comes with each airdrop; account_closure's is per account closed). `dailyCap` is
 * how many awards of this activity one user may earn per UTC day (null: no cap). Admins change amounts and caps
 * and switch activities off (`active`).
 */
export const pointsActivities = pgTable(
  "points_activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    label: text("label").notNull(),
    points: integer("points").notNull(),
    active: boolean("active").notNull().default(true),
    dailyCap: integer("daily_cap"),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("points_activities_name_key").on(t.name),
    check("points_activities_points_nonnegative", sql`${t.points} >= 0`),
    check("points_activities_daily_cap_positive", sql`${t.dailyCap} is null or ${t.dailyCap} > 0`),
  ],
);

/**
 * One award. Never updated or deleted by the app; profiles.points is the sum of a user's rows. `idempotencyKey`
 * names the thing awarded for (by default `referenceType:referenceId`), unique per user and activity, so a retry
 * or a race pays once.
 */
export const pointsTransactions = pgTable(
  "points_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    points: integer("points").notNull(),
    description: text("description").notNull(),
    referenceId: text("reference_id"),
    referenceType: text("reference_type"),
    activityId: uuid("activity_id")
      .notNull()
      .references(() => pointsActivities.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("points_transactions_idempotency_key").on(t.userId, t.activityId, t.idempotencyKey),
    // A user's ledger, newest first (GET /api/points/me, keyset on created_at, id).
    index("points_transactions_user_newest_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Daily caps: one user's awards of one activity since the start of the day.
    index("points_transactions_user_activity_created_idx").on(t.userId, t.activityId, t.createdAt),
  ],
);

/**
 * The ledger rolled up per user and UTC day, for the week and month leaderboards (a window sums its days, not its
 * awards). Kept by statement-level triggers on points_transactions (migration 0015_points_daily), so every way an
 * award is written, one row or a bulk insert, moves it in the same statement; never written by the app.
 */
export const pointsDaily = pgTable(
  "points_daily",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    points: integer("points").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "points_daily_pkey", columns: [t.userId, t.day] }),
    // Leaderboard windows: every day since the window began, summed per user without reading the table.
    index("points_daily_day_user_points_idx").on(t.day, t.userId, t.points),
  ],
);

/**
 * Who granted what to whom and why. Each recipient of an airdrop gets one row (a bulk airdrop shares `batchId`),
 * written in the same transaction as the ledger row it explains.
 */
export const pointsAirdrops = pgTable(
  "points_airdrops",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id").notNull(),
    adminId: uuid("admin_id").references(() => profiles.id, { onDelete: "set null" }),
    /** Kept as granted, so the audit still reads right after a rename or a deleted account. */
    adminUsername: text("admin_username").notNull(),
    recipientId: uuid("recipient_id").references(() => profiles.id, { onDelete: "set null" }),
    recipientUsername: text("recipient_username").notNull(),
    points: integer("points").notNull(),
    reason: text("reason").notNull(),
    transactionId: uuid("transaction_id").references(() => pointsTransactions.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The audit list, newest first.
    index("points_airdrops_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A batch pays each recipient once: an admin's retry with the same Idempotency-Key (the batch id) cannot pay
    // twice, even when both attempts run at once. It also finds a batch's rows for the retry's answer.
    uniqueIndex("points_airdrops_batch_recipient_idx").on(t.batchId, t.recipientId),
    check("points_airdrops_points_positive", sql`${t.points} > 0`),
  ],
);
