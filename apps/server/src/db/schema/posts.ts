import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { communities } from "./communities.ts";
import { kols } from "./kols.ts";
import { profiles } from "./profiles.ts";

/*
 * Index columns are written `.desc().nullsFirst()` because that is what a plain `ORDER BY x DESC` means in
 * PostgreSQL; Drizzle's bare `.desc()` emits DESC NULLS LAST, which such an ORDER BY cannot use.
 */

/** A post in PlugFeed, optionally inside a community. Counters move in the transaction that writes their rows. */
export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    content: text("content").notNull().default(""),
    visibility: text("visibility", { enum: ["public"] })
      .notNull()
      .default("public"),
    communityId: uuid("community_id").references(() => communities.id, { onDelete: "cascade" }),
    likesCount: integer("likes_count").notNull().default(0),
    commentsCount: integer("comments_count").notNull().default(0),
    viewsCount: integer("views_count").notNull().default(0),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /**
     * An admin's removal (features/moderation): a soft delete. While set, the post is gone for everyone
     * (byUnbannedAuthor in features/posts/visibility.ts); an admin may restore it within 30 days.
     */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: uuid("removed_by").references(() => profiles.id, { onDelete: "set null" }),
    removalReason: text("removal_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The moderation console's Removed tab, newest removal first: only removed rows are in it.
    index("posts_removed_idx")
      .on(t.removedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.removedAt} is not null`),
    // The admin overview's posts per day (every post, a date range).
    index("posts_created_idx").on(t.createdAt),
    // The public feed (posts outside any community), newest first and most popular first.
    index("posts_feed_public_newest_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.visibility} = 'public' and ${t.communityId} is null`),
    index("posts_feed_public_popular_idx")
      .on(
        t.likesCount.desc().nullsFirst(),
        t.commentsCount.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.visibility} = 'public' and ${t.communityId} is null`),
    // A community's posts in both orders (the feed's member branch, Community Posts, the community panel).
    index("posts_community_newest_idx").on(
      t.communityId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("posts_community_popular_idx").on(
      t.communityId,
      t.likesCount.desc().nullsFirst(),
      t.commentsCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // An author's posts in both orders (the Following feed, profile pages).
    index("posts_author_newest_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("posts_author_popular_idx").on(
      t.userId,
      t.likesCount.desc().nullsFirst(),
      t.commentsCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * A post's images, videos and external GIFs. External GIFs keep the provider's URL, media_type
 * 'image/gif-external' and storage_path 'external:<timestamp>' (nothing of ours to delete).
 */
export const postMedia = pgTable(
  "post_media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    mediaUrl: text("media_url").notNull(),
    mediaType: text("media_type").notNull(),
    storagePath: text("storage_path").notNull(),
    width: integer("width"),
    height: integer("height"),
    position: integer("position").notNull().default(0),
    /** What the picture shows, as its author described it (alt text), or null. */
    altText: text("alt_text"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("post_media_post_position_idx").on(t.postId, t.position)],
);

/** One like per user per post (the primary key); posts.likes_count moves in the same transaction. */
export const postLikes = pgTable(
  "post_likes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "post_likes_pkey", columns: [t.postId, t.userId] }),
    // "Posts this user liked" and deleting a user's likes with their account.
    index("post_likes_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Earlier versions of a post's text: one row per edit, holding the text as it was before that edit. */
export const postEdits = pgTable(
  "post_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("post_edits_post_newest_idx").on(t.postId, t.editedAt.desc().nullsFirst())],
);

/**
 * One row per post, viewer and day, so a view counts once a day. The viewer key is `u:<user id>` for a signed-in
 * user and `v:<keyed hash of ip, user agent and day>` for a visitor (no raw IP is stored).
 */
export const postViews = pgTable(
  "post_views",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    day: date("day").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "post_views_pkey", columns: [t.postId, t.day, t.viewerKey] })],
);

/**
 * Who a post mentions, with the index of the '@' in its text. Exactly one of mentioned_user_id and mentioned_kol_id
 * is set, as mention_type says.
 */
export const postMentions = pgTable(
  "post_mentions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    mentionedUserId: uuid("mentioned_user_id").references(() => profiles.id, { onDelete: "cascade" }),
    mentionedKolId: uuid("mentioned_kol_id").references(() => kols.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    mentionType: text("mention_type", { enum: ["user", "kol"] }).notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("post_mentions_post_position_idx").on(t.postId, t.position),
    // "Posts mentioning this user", and deleting a user's mentions with their account.
    index("post_mentions_user_idx").on(t.mentionedUserId),
    // "Posts mentioning this KOL" on the KOL page.
    index("post_mentions_kol_idx").on(t.mentionedKolId),
    check(
      "post_mentions_one_target",
      sql`(${t.mentionType} = 'user' and ${t.mentionedUserId} is not null and ${t.mentionedKolId} is null)
        or (${t.mentionType} = 'kol' and ${t.mentionedKolId} is not null and ${t.mentionedUserId} is null)`,
    ),
  ],
);
