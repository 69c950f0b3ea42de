import { sql } from "drizzle-orm";
import { check, index, pgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./profiles.ts";

/**
 * Who follows whom. profiles.followers_count and following_count move in the transaction that inserts or deletes a
 * row here.
 */
export const follows = pgTable(
  "follows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    followerId: uuid("follower_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    followedId: uuid("followed_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One follow per pair; also "whom does this user follow" (the Following feed, the following list).
    uniqueIndex("follows_follower_followed_key").on(t.followerId, t.followedId),
    // "Who follows this user" (the followers list).
    index("follows_followed_follower_idx").on(t.followedId, t.followerId),
    // The followers and following lists, newest follow first (keyset pages).
    index("follows_followed_newest_idx").on(
      t.followedId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("follows_follower_newest_idx").on(
      t.followerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check("follows_not_self", sql`${t.followerId} <> ${t.followedId}`),
  ],
);
