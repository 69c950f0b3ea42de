import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./profiles.ts";

/**
 * A community. Minimal for now (posts' visibility depends on membership); the communities feature extends it with
 * branding and its list indexes.
 */
export const communities = pgTable(
  "communities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    communityDescription: text("community_description"),
    communityRules: text("community_rules"),
    creatorId: uuid("creator_id").references(() => profiles.id, { onDelete: "set null" }),
    memberCount: integer("member_count").notNull().default(0),
    communityAvatarUrl: text("community_avatar_url"),
    communityBannerUrl: text("community_banner_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("communities_slug_key").on(t.slug)],
);

/** Who belongs to a community. A banned member keeps the row (status 'banned') so they cannot simply rejoin. */
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
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("community_members_community_user_key").on(t.communityId, t.userId),
    // "The communities where this user is an active member": every visibility check of posts and the feed.
    index("community_members_user_active_idx").on(t.userId, t.communityId).where(sql`${t.status} = 'active'`),
  ],
);
