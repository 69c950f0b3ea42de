import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
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

/**
 * A KOL's place by score as one ascending integer: the best score first (-100), unrated KOLs (no score) last (1). One
 * direction with the handle after it, so a page of the directory starts after its cursor by a row comparison.
 */
export function kolRankKey(score: AnyColumn): SQL<number> {
  return sql<number>`(-coalesce(${score}, -1))`;
}

/**
 * A key opinion leader. `handle` is kept as first written, without '@', unique regardless of case. The tallies
 * move in the transaction that writes the vote or review they count; `score` and `verdict` are recomputed from them
 * (packages/domain scoreKol) in that same transaction.
 */
export const kols = pgTable(
  "kols",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    handle: text("handle").notNull(),
    name: text("name").notNull().default(""),
    avatarUrl: text("avatar_url"),
    bio: text("bio").notNull().default(""),
    xUrl: text("x_url"),
    telegramUrl: text("telegram_url"),
    websiteUrl: text("website_url"),
    isVerified: boolean("is_verified").notNull().default(false),
    plugVotes: integer("plug_votes").notNull().default(0),
    rugVotes: integer("rug_votes").notNull().default(0),
    approvedReports: integer("approved_reports").notNull().default(0),
    /** Null while unrated (no votes, no approved reports): lists put unrated KOLs after every rated one. */
    score: integer("score"),
    verdict: text("verdict", { enum: ["plug", "rug", "contested", "unrated"] })
      .notNull()
      .default("unrated"),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("kols_handle_lower_key").on(sql`lower(${t.handle})`),
    // Search and mention suggestions by handle or name prefix.
    index("kols_handle_prefix_idx").on(sql`lower(${t.handle}) text_pattern_ops`),
    index("kols_name_prefix_idx").on(sql`lower(${t.name}) text_pattern_ops`),
    // The directory's sorts: by score (kolRankKey: best first, unrated last; then handle), by name, newest first.
    index("kols_rank_idx").on(kolRankKey(t.score), sql`lower(${t.handle})`),
    index("kols_name_idx").on(sql`lower(${t.name})`, sql`lower(${t.handle})`),
    index("kols_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Plugs, Rugs, Plug of Fame and Rug of Shame: one verdict, by score (rugs read it backwards: worst first).
    index("kols_verdict_rank_idx").on(t.verdict, kolRankKey(t.score), sql`lower(${t.handle})`),
    // Plug of Fame and Rug of Shame: KOLs with at least KOL_LIMITS.hallMinVotes (5) votes, by score.
    index("kols_hall_rank_idx")
      .on(t.verdict, kolRankKey(t.score), sql`lower(${t.handle})`)
      .where(sql`${t.plugVotes} + ${t.rugVotes} >= 5`),
    check(
      "kols_tallies_not_negative",
      sql`${t.plugVotes} >= 0 and ${t.rugVotes} >= 0 and ${t.approvedReports} >= 0`,
    ),
    check("kols_unrated_has_no_score", sql`(${t.score} is null) = (${t.verdict} = 'unrated')`),
  ],
);

/** One verdict per user per KOL (the primary key); changing it moves the tallies in the same transaction. */
export const kolVotes = pgTable(
  "kol_votes",
  {
    kolId: uuid("kol_id")
      .notNull()
      .references(() => kols.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    verdict: text("verdict", { enum: ["plug", "rug"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "kol_votes_pkey", columns: [t.kolId, t.userId] }),
    // A user's votes, and deleting them with their account.
    index("kol_votes_user_idx").on(t.userId),
  ],
);

/**
 * A report about a KOL. Only approved reports count (kols.approved_reports) and are shown publicly.
 * `is_first_report` marks the reporter's first report of this KOL, the only one that may earn the Report KOL
 * points; the partial unique index keeps it to one per reporter and KOL even when two reports race.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kolId: uuid("kol_id")
      .notNull()
      .references(() => kols.id, { onDelete: "cascade" }),
    /** The handle as the reporter typed it (without '@'): the spec's reports.kol_handle. */
    kolHandle: text("kol_handle").notNull(),
    category: text("category", {
      enum: ["rug_pull", "scam_promotion", "undisclosed_paid_promotion", "impersonation", "other"],
    }).notNull(),
    description: text("description").notNull(),
    contractAddress: text("contract_address"),
    txHash: text("tx_hash"),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    reviewReason: text("review_reason"),
    reviewedBy: uuid("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    isFirstReport: boolean("is_first_report").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reports_first_per_reporter_key").on(t.reporterId, t.kolId).where(sql`${t.isFirstReport}`),
    // My reports, newest first.
    index("reports_reporter_newest_idx").on(
      t.reporterId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A KOL's approved reports on its page.
    // A member's approved reports on their public profile, newest first.
    index("reports_reporter_approved_idx")
      .on(t.reporterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'approved'`),
    index("reports_kol_status_newest_idx").on(t.kolId, t.status, t.createdAt.desc().nullsFirst()),
    // The moderators' queue by status, oldest first (first come, first reviewed).
    index("reports_status_oldest_idx").on(t.status, t.createdAt, t.id),
  ],
);

/** A report's evidence: links and stored screenshots, in the order given. */
export const reportEvidence = pgTable(
  "report_evidence",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reportId: uuid("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["link", "screenshot"] }).notNull(),
    url: text("url").notNull(),
    /** Where a screenshot is stored (null for links), to delete it with the report. */
    storagePath: text("storage_path"),
    width: integer("width"),
    height: integer("height"),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("report_evidence_report_position_idx").on(t.reportId, t.position)],
);

/**
 * How many KOLs each directory list holds ('all' for All and Top KOLs, 'plugs', 'rugs', 'fame', 'shame'), so a list's
 * page count is one row, not a count of its index. Kept by statement-level triggers on kols (migration
 * 0043_kol_list_counts), which move a count only when a KOL comes onto or leaves a list (a verdict, or the votes
 * crossing KOL_LIMITS.hallMinVotes); never written by the app.
 */
export const kolListCounts = pgTable("kol_list_counts", {
  list: text("list", { enum: ["all", "plugs", "rugs", "fame", "shame"] }).primaryKey(),
  kols: integer("kols").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
