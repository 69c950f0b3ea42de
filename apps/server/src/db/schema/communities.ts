import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles.ts";

/*
 * Index columns are written `.desc().nullsFirst()` because that is what a plain `ORDER BY x DESC` means in
 * PostgreSQL; Drizzle's bare `.desc()` emits DESC NULLS LAST, which such an ORDER BY cannot use.
 */

/**
 * A community. `member_count` is the number of active members; it moves in the transaction that adds, removes,
 * bans or unbans a member. `rules_version` goes up by one whenever the rules text changes.
 */
export const communities = pgTable(
  "communities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    communityDescription: text("community_description"),
    communityRules: text("community_rules"),
    rulesVersion: integer("rules_version").notNull().default(1),
    creatorId: uuid("creator_id").references(() => profiles.id, { onDelete: "set null" }),
    memberCount: integer("member_count").notNull().default(0),
    communityAvatarUrl: text("community_avatar_url"),
    communityBannerUrl: text("community_banner_url"),
    /** Suspended by an admin (features/moderation): the community stays readable but takes no posts, comments or joins. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspensionReason: text("suspension_reason"),
    /**
     * Removed by an admin (features/moderation; a soft delete, restorable for 30 days): the community, its page and
     * its posts are gone for everyone (posts/visibility.ts), its rows stay.
     */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: uuid("removed_by").references(() => profiles.id, { onDelete: "set null" }),
    removalReason: text("removal_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("communities_slug_key").on(t.slug),
    // The community list: Most Popular and Newest.
    index("communities_popular_idx").on(
      t.memberCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("communities_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's search (name or description, ILIKE '%term%'): trigram indexes (pg_trgm, migration 0004).
    // fastupdate off: new rows go straight into the index instead of a pending list that only VACUUM merges
    // (PGlite has no autovacuum); communities are written rarely and searched often.
    index("communities_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: "off" }),
    index("communities_description_trgm_idx")
      .using("gin", t.communityDescription.op("gin_trgm_ops"))
      .with({ fastupdate: "off" }),
    check("communities_member_count_not_negative", sql`${t.memberCount} >= 0`),
    // The removed communities, newest first (the Removed tab), and the few ids every read of posts leaves out.
    index("communities_removed_idx")
      .on(t.removedAt.desc(), t.id.desc())
      .where(sql`${t.removedAt} is not null`),
  ],
);

/**
 * Who belongs to a community. A banned member keeps the row (status 'banned') so they cannot simply rejoin.
 * `accepted_rules_*` record the rules text a member accepted when joining (null when a creator added them).
 */
export const communityMembers = pgTable(
  "community_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    communityId: uuid("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["member", "creator"] })
      .notNull()
      .default("member"),
    status: text("status", { enum: ["active", "banned"] })
      .notNull()
      .default("active"),
    acceptedRulesVersion: integer("accepted_rules_version"),
    /** SHA-256 (hex) of the rules text as it read when accepted. */
    acceptedRulesHash: text("accepted_rules_hash"),
    acceptedRulesAt: timestamp("accepted_rules_at", { withTimezone: true }),
    /** Who added this member, when a creator did (null: they joined themselves). */
    addedBy: uuid("added_by").references(() => profiles.id, { onDelete: "set null" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("community_members_community_user_key").on(t.communityId, t.userId),
    // "The communities where this user is an active member": every visibility check of posts and the feed.
    index("community_members_user_active_idx").on(t.userId, t.communityId).where(sql`${t.status} = 'active'`),
    // "The communities this user joined", newest first, in keyset pages (the profile's Communities tab).
    index("community_members_user_joined_idx")
      .on(t.userId, t.joinedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
    // The members sheet: a community's members of one status, newest first, in pages.
    index("community_members_list_idx").on(
      t.communityId,
      t.status,
      t.joinedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // "Who are this community's creators" (detail page, last-creator check).
    index("community_members_creators_idx")
      .on(t.communityId, t.joinedAt)
      .where(sql`${t.role} = 'creator' and ${t.status} = 'active'`),
  ],
);

/**
 * Every avatar and banner a community has had. Versions count up per community and type from 1; exactly one row
 * per community and type is active, and the community row carries its URL.
 */
export const communityBranding = pgTable(
  "community_branding",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    communityId: uuid("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["avatar", "banner"] }).notNull(),
    storagePath: text("storage_path").notNull(),
    publicUrl: text("public_url").notNull(),
    version: integer("version").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("community_branding_version_key").on(t.communityId, t.type, t.version),
    uniqueIndex("community_branding_active_key").on(t.communityId, t.type).where(sql`${t.isActive}`),
  ],
);
