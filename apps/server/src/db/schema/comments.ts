import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import { posts } from "./posts.ts";
import { profiles } from "./profiles.ts";

/**
 * A comment on a post. One reply level: parent_id is always a top-level comment (a reply to a reply is stored under
 * that reply's parent). posts.comments_count counts comments and replies and moves in the transaction that inserts
 * or deletes them; likes_count likewise with post_comment_likes.
 */
export const postComments = pgTable(
  "post_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => postComments.id, { onDelete: "cascade" }),
    content: text("content").notNull().default(""),
    likesCount: integer("likes_count").notNull().default(0),
    /** An admin's removal (features/moderation), a soft delete like posts.removed_at; replies go with a thread. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: uuid("removed_by").references(() => profiles.id, { onDelete: "set null" }),
    removalReason: text("removal_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The moderation console's Removed tab, newest removal first: only removed rows are in it.
    index("post_comments_removed_idx")
      .on(t.removedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.removedAt} is not null`),
    // A post's shown threads, oldest first (the keyset pages of GET /api/posts/:id/comments), with their authors so
    // the page reads the index alone: then even the generic plan of the prepared statement, which expects any post's
    // average of a thread or two, walks it in order instead of reading and sorting all of a busy post's threads.
    index("post_comments_post_threads_idx")
      .on(t.postId, t.createdAt, t.id, t.userId)
      .where(sql`${t.parentId} is null and ${t.removedAt} is null`),
    // A page's replies, oldest first within each thread; also deleting a thread's replies.
    index("post_comments_parent_idx").on(t.parentId, t.createdAt, t.id),
    // Every comment of a post: deleting a post (the cascade and its files and notifications).
    index("post_comments_post_idx").on(t.postId),
    // Deleting a user's comments with their account.
    index("post_comments_user_idx").on(t.userId),
  ],
);

/** One like per user per comment (the primary key). */
export const postCommentLikes = pgTable(
  "post_comment_likes",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "post_comment_likes_pkey", columns: [t.commentId, t.userId] }),
    index("post_comment_likes_user_idx").on(t.userId),
  ],
);

/**
 * Emoji reactions: each emoji once per user per comment (the unique key, which also serves "which are mine"). Their
 * counts are kept in post_comment_reaction_counts by a trigger on these rows.
 */
export const postCommentReactions = pgTable(
  "post_comment_reactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    commentId: uuid("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("post_comment_reactions_comment_user_emoji_key").on(t.commentId, t.userId, t.emoji),
    index("post_comment_reactions_user_idx").on(t.userId),
  ],
);

/**
 * How many of each emoji a comment has: kept by statement triggers on post_comment_reactions (migration 0048), so
 * they move with every insert and delete, cascades included (a comment or member removed), and a thread's read does
 * not count a popular comment's reactions one by one. A count at 0 stays as a row until its comment goes.
 */
export const postCommentReactionCounts = pgTable(
  "post_comment_reaction_counts",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.emoji] }),
    check("post_comment_reaction_counts_not_negative", sql`${t.n} >= 0`),
  ],
);

/** Files attached to a comment (the spec's comment_attachments bucket, one folder per comment). */
export const postCommentAttachments = pgTable(
  "post_comment_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    commentId: uuid("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    /** The name the file was uploaded with, for display only. */
    fileName: text("file_name").notNull(),
    /** Storage key, to delete the file. */
    filePath: text("file_path").notNull(),
    fileUrl: text("file_url").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("post_comment_attachments_comment_position_idx").on(t.commentId, t.position)],
);

/** Who a comment mentions, like post_mentions. */
export const commentMentions = pgTable(
  "comment_mentions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    commentId: uuid("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    mentionedUserId: uuid("mentioned_user_id").references(() => profiles.id, { onDelete: "cascade" }),
    mentionedKolId: uuid("mentioned_kol_id"),
    username: text("username").notNull(),
    mentionType: text("mention_type", { enum: ["user", "kol"] }).notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("comment_mentions_comment_position_idx").on(t.commentId, t.position),
    index("comment_mentions_user_idx").on(t.mentionedUserId),
    check(
      "comment_mentions_one_target",
      sql`(${t.mentionType} = 'user' and ${t.mentionedUserId} is not null and ${t.mentionedKolId} is null)
        or (${t.mentionType} = 'kol' and ${t.mentionedKolId} is not null and ${t.mentionedUserId} is null)`,
    ),
  ],
);
