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
 * names the item awarded for (`referenceType:referenceId`: the comment, the KOL...), unique per user and activity, so
 * a retry, a race or an undo and redo pays once.
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
    // The admin overview's points paid per day: an index-only range read of what was paid.
    index("points_transactions_paid_created_idx").on(t.createdAt, t.points).where(sql`${t.points} > 0`),
  ],
);

/**
 * The ledger rolled up per user and calendar period (the week from Monday, the month; UTC), for the week and month
 * leaderboards: a board is one period's rows in board order, so a page is an index range read, not a sum. Kept by
 * triggers (migration 0016_leaderboard_periods): statement-level ones on points_transactions move `points` with
 * every insert, update and delete, bulk or single; a row-level one on profiles copies a rename or a ban into
 * `username_key` and `is_banned`, the board's tie-break and filter, so the index serves the board's exact order.
 * Each board's count is kept beside it in points_period_counts. Never written by the app.
 */
export const pointsPeriods = pgTable(
  "points_periods",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    period: text("period", { enum: ["week", "month"] }).notNull(),
    /** The period's first UTC day: `date_trunc(period, created_at at time zone 'UTC')`. */
    startsOn: date("starts_on").notNull(),
    points: integer("points").notNull(),
    /** lower(profiles.username), the board's tie-break. */
    usernameKey: text("username_key").notNull(),
    isBanned: boolean("is_banned").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "points_periods_pkey", columns: [t.userId, t.period, t.startsOn] }),
    check("points_periods_period", sql`${t.period} in ('week', 'month')`),
    // A week or month board in its order (points, most first; ties by username, then id), only people on it.
    index("points_periods_board_idx")
      .on(t.period, t.startsOn, t.points.desc().nullsFirst(), t.usernameKey, t.userId)
      .where(sql`${t.points} > 0 and not ${t.isBanned}`),
  ],
);

/**
 * How many people are on each week or month board (points_periods rows with points and no ban), so a board's count
 * is one row, not a count of its index. Kept by statement-level triggers on points_periods (migration
 * 0016_leaderboard_periods), which see every way a row comes, changes or goes (a cascade from a deleted profile
 * too); never written by the app.
 */
export const pointsPeriodCounts = pgTable(
  "points_period_counts",
  {
    period: text("period", { enum: ["week", "month"] }).notNull(),
    startsOn: date("starts_on").notNull(),
    people: integer("people").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // No check on people: the triggers add a statement's change as one upsert, and an insert's check would refuse a
  // negative change before it met the row it moves.
  (t) => [primaryKey({ name: "points_period_counts_pkey", columns: [t.period, t.startsOn] })],
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
