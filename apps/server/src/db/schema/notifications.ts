import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { posts } from "./posts.ts";
import { profiles } from "./profiles.ts";

// The same list as @plugs/domain NOTIFICATION_KINDS (drizzle-kit reads this file on its own).
const NOTIFICATION_KINDS = [
  "mention_post",
  "mention_comment",
  "reply",
  "comment",
  "follow",
  "points",
  "airdrop",
  "contact_message",
  "giveaway_won",
  "content_removed",
] as const;

/**
 * "Something happened that concerns you". `source_key` names what it is about, so each notification is created once
 * (the unique key): the post for mention_post, the comment for mention_comment, reply and comment, the follower for
 * follow, the ledger entry for points and airdrop, the message for contact_message. post_id cascades, so deleting a
 * post removes what pointed at it; comment_id has no foreign key here (the comments feature deletes its
 * notifications with the comment).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Who did it; null for the system (points earned by an activity). */
    actorId: uuid("actor_id").references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    sourceKey: text("source_key").notNull(),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id"),
    /** Points or airdrop amount. */
    amount: integer("amount"),
    /** Words to show with it: an admin's reason for removing the reader's post or comment (content_removed). */
    note: text("note"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notifications_user_kind_source_key").on(t.userId, t.kind, t.sourceKey),
    // A user's list, newest first (keyset pages).
    index("notifications_user_newest_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The bell's unread count: only unread rows are in this index.
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    // Deleting a post's notifications (the cascade) and a comment's.
    index("notifications_post_idx").on(t.postId),
    index("notifications_comment_idx").on(t.commentId),
    // Erasing an account removes what it caused (features/account/erase-traces.ts), and the admins' notices of
    // the contact messages it sent (a few rows: contact_message only).
    index("notifications_actor_idx").on(t.actorId),
    index("notifications_contact_message_idx").on(t.sourceKey).where(sql`${t.kind} = 'contact_message'`),
  ],
);
