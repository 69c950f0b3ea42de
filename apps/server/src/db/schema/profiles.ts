import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** A person's public face. `id` is the account's id; `points` is the running sum of their points ledger. */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey(),
    username: text("username").notNull(),
    avatarUrl: text("avatar_url"),
    /** The wide picture at the top of the public profile (3:1), stored like the avatar under banners/<id>/. */
    bannerUrl: text("banner_url"),
    /** Public details (packages/domain profile.ts checks them); null when not set. */
    displayName: text("display_name"),
    bio: text("bio"),
    website: text("website"),
    xHandle: text("x_handle"),
    telegram: text("telegram"),
    isVerified: boolean("is_verified").notNull().default(false),
    isBanned: boolean("is_banned").notNull().default(false),
    points: integer("points").notNull().default(0),
    /** Counters over `follows`, moved in the transaction that writes or deletes the follow. */
    followersCount: integer("followers_count").notNull().default(0),
    followingCount: integer("following_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique regardless of case, and prefix search (mentions) uses this index.
    uniqueIndex("profiles_username_lower_key").on(sql`lower(${t.username})`),
    index("profiles_username_prefix_idx").on(sql`lower(${t.username}) text_pattern_ops`),
    // The all-time leaderboard in its order (ties by username, then id), only people who are on it.
    index("profiles_leaderboard_idx")
      .on(t.points.desc().nullsFirst(), sql`lower(${t.username})`, t.id)
      .where(sql`${t.points} > 0 and not ${t.isBanned}`),
    // Who is banned (a handful of rows): posts/visibility.ts's bannedMemberIds reads it in every list.
    index("profiles_banned_idx").on(t.id).where(sql`${t.isBanned}`),
    // The admins' member list, newest first, and the overview's sign-ups per day.
    index("profiles_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_roles_user_role_key").on(t.userId, t.role)],
);
