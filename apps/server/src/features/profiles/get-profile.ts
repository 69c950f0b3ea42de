import { M, type TPublicProfile } from "@plugs/domain";
import { sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { profiles } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { profileDetailColumns, toProfileDetails } from "../auth/me.ts";
import { notStaff, peopleAhead, placeOf } from "../leaderboard/leaderboard-query.ts";
import { publicProfileNamed } from "./find-profile.ts";

/**
 * GET /api/users/:username: the public profile with its details, counters, place on the all-time points board
 * (counted as the leaderboard counts who is ahead, through profiles_leaderboard_idx) and whether the viewer follows
 * them.
 */
export async function getPublicProfile(
  deps: TDeps,
  viewer: TViewer | null,
  username: string,
): Promise<TPublicProfile> {
  const viewerId = viewer?.id ?? null;
  // "profiles.id" spelled out: Drizzle writes a bare "id" for columns in a select list, which inside the subquery
  // would mean follows.id.
  const followedByMe = viewerId
    ? sql<boolean>`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followed_id = profiles.id)`
    : sql<boolean>`false`;
  const [row] = await deps.db
    .select({
      id: profiles.id,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      isVerified: profiles.isVerified,
      points: profiles.points,
      followersCount: profiles.followersCount,
      followingCount: profiles.followingCount,
      createdAt: profiles.createdAt,
      followedByMe,
      pointsAhead: sql<number | null>`case when profiles.points > 0 and not profiles.is_banned
        and ${notStaff(sql`profiles.id`)} then ${peopleAhead(
          sql`select 1 from profiles p
            where p.points > 0 and not p.is_banned and ${notStaff(sql`p.id`)} and (p.points > profiles.points
              or (p.points = profiles.points and (lower(p.username), p.id) < (lower(profiles.username), profiles.id)))`,
        )} end`,
      ...profileDetailColumns,
    })
    .from(profiles)
    .where(publicProfileNamed(username));
  if (!row) throw new AppError("NOT_FOUND", M.follows.userNotFound);
  const place = placeOf(row.pointsAhead);
  return {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatarUrl,
    isVerified: row.isVerified,
    points: row.points,
    joinedAt: row.createdAt.toISOString(),
    followersCount: row.followersCount,
    followingCount: row.followingCount,
    followedByMe: row.followedByMe,
    isMe: row.id === viewerId,
    pointsRank: place.rank,
    pointsRankCapped: place.rankCapped,
    ...toProfileDetails(row),
  };
}
