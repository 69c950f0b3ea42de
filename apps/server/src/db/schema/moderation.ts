import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { postComments } from "./comments.ts";
import { posts } from "./posts.ts";
import { profiles } from "./profiles.ts";

/**
 * A post or comment members flagged: one row per item, exactly one of post_id and comment_id. `open_flags` counts
 * its open flags and moves with `n + 1` in the transaction that inserts one; dismissing or removing sets it to 0.
 * The moderation queue is a keyset walk of moderation_items_queue_idx (only rows with open flags are in it).
 */
export const moderationItems = pgTable(
  "moderation_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => postComments.id, { onDelete: "cascade" }),
    openFlags: integer("open_flags").notNull().default(0),
    lastFlaggedAt: timestamp("last_flagged_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("moderation_items_post_key").on(t.postId),
    uniqueIndex("moderation_items_comment_key").on(t.commentId),
    // The queue: most open flags first, then the most recently flagged.
    index("moderation_items_queue_idx")
      .on(t.openFlags.desc().nullsFirst(), t.lastFlaggedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.openFlags} > 0`),
    check("moderation_items_one_target", sql`(${t.postId} is null) <> (${t.commentId} is null)`),
    check("moderation_items_open_flags_not_negative", sql`${t.openFlags} >= 0`),
  ],
);

/**
 * One member's flag on an item, with a reason (MODERATION_REASONS) and optional words. One flag per member and item
 * (the unique key). The flagged author is never told who flagged.
 */
export const contentFlags = pgTable(
  "content_flags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => moderationItems.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: text("details"),
    /** open until an admin dismisses the item's flags or removes the item. */
    status: text("status", { enum: ["open", "dismissed", "removed"] })
      .notNull()
      .default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_flags_item_user_key").on(t.itemId, t.userId),
    // Deleting a member's flags with their account.
    index("content_flags_user_idx").on(t.userId),
  ],
);
