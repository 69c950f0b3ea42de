import { sql } from "drizzle-orm";
import { check, index, pgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./profiles.ts";

/** Who follows whom. Minimal for the Following feed; the follows feature adds its routes and lists. */
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
    check("follows_not_self", sql`${t.followerId} <> ${t.followedId}`),
  ],
);
