import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { communities } from "./communities.ts";
import { profiles } from "./profiles.ts";

// The same lists as @plugs/domain GIVEAWAY_STATUSES and the winners' claim statuses (drizzle-kit reads this file alone).
const STATUSES = ["draft", "live", "ended", "drawn", "cancelled"] as const;
const CLAIM_STATUSES = ["pending", "claimed", "expired"] as const;

/**
 * A giveaway, drawn by commit-reveal: `seedHash` (SHA-256 of the 32-byte `seed`) is public from publish time; the
 * seed itself never leaves the server until the draw, which freezes the entrant list (`entrantsHash`) and keeps the
 * whole proof (`proof`: the sorted entrant ids, the winners in draw order, how many were excluded).
 */
export const giveaways = pgTable(
  "giveaways",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    prize: text("prize").notNull(),
    imageUrl: text("image_url"),
    winnersCount: integer("winners_count").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    entryCost: integer("entry_cost").notNull().default(0),
    minAccountAgeDays: integer("min_account_age_days").notNull().default(0),
    minPoints: integer("min_points").notNull().default(0),
    requireVerifiedEmail: boolean("require_verified_email").notNull().default(false),
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    /** Entry only for active members of this community (none: anyone). */
    communityId: uuid("community_id").references(() => communities.id, { onDelete: "set null" }),
    /** Days a winner has to claim, from the draw (or from their redraw). */
    claimDays: integer("claim_days").notNull().default(7),
    status: text("status", { enum: STATUSES }).notNull().default("draft"),
    entriesCount: integer("entries_count").notNull().default(0),
    seed: text("seed"),
    seedHash: text("seed_hash"),
    entrantsHash: text("entrants_hash"),
    proof: jsonb("proof"),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("giveaways_slug_key").on(t.slug),
    // /rewards: live ones by end time, ended and drawn ones newest end first.
    index("giveaways_status_ends_idx").on(t.status, t.endsAt, t.id),
    // The admin's list: every giveaway, newest first.
    index("giveaways_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("giveaways_winners_positive", sql`${t.winnersCount} > 0`),
    check("giveaways_entry_cost_nonnegative", sql`${t.entryCost} >= 0`),
    check("giveaways_claim_days_range", sql`${t.claimDays} between 1 and 90`),
  ],
);

/** One member's entry in one giveaway (the unique key makes a second one impossible), with the points it cost. */
export const giveawayEntries = pgTable(
  "giveaway_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    giveawayId: uuid("giveaway_id")
      .notNull()
      .references(() => giveaways.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    pointsSpent: integer("points_spent").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One entry per member per giveaway; also the draw's read of a giveaway's entrants.
    uniqueIndex("giveaway_entries_giveaway_user_key").on(t.giveawayId, t.userId),
    // A member's entries, newest first ("My giveaways").
    index("giveaway_entries_user_newest_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** A drawn winner, in draw order (`position` from 1), with the claim step's state and deadline. */
export const giveawayWinners = pgTable(
  "giveaway_winners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    giveawayId: uuid("giveaway_id")
      .notNull()
      .references(() => giveaways.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    claimStatus: text("claim_status", { enum: CLAIM_STATUSES }).notNull().default("pending"),
    claimDeadline: timestamp("claim_deadline", { withTimezone: true }).notNull(),
    claimContact: text("claim_contact"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A giveaway's winners in order; one win per member per giveaway.
    uniqueIndex("giveaway_winners_giveaway_position_key").on(t.giveawayId, t.position),
    uniqueIndex("giveaway_winners_giveaway_user_key").on(t.giveawayId, t.userId),
    // A member's wins, newest first.
    index("giveaway_winners_user_newest_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
