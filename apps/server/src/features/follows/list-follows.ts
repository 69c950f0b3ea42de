import type { TCursorQuery, TFollowList } from "@plugs/domain";
import { sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { decodeTimeCursor, timeCursorPage } from "../../lib/time-cursor.ts";
import { notBanned } from "../posts/visibility.ts";
import { findProfileByUsername } from "../profiles/find-profile.ts";

type TRow = {
  follow_id: string;
  followed_at: string;
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  is_verified: boolean;
  followed_by_me: boolean;
};

/**
 * GET /api/users/:username/followers and .../following: newest follow first, keyset pages over
 * follows_followed_newest_idx / follows_follower_newest_idx, one query per page (profiles joined, the viewer's own
 * follows as an EXISTS on the unique pair index). Banned users are left out of the lists.
 */
export async function listFollows(
  deps: TDeps,
  viewer: TViewer | null,
  username: string,
  direction: "followers" | "following",
  query: TCursorQuery,
): Promise<TFollowList> {
  const cursor = query.cursor ? decodeTimeCursor(query.cursor) : null;
  const profile = await findProfileByUsername(deps.db, username);
  const viewerId = viewer?.id ?? null;
  // followers: rows pointing at the profile, listing who follows; following: rows from the profile, listing whom.
  const [anchor, other] =
    direction === "followers" ? ["followed_id", "follower_id"] : ["follower_id", "followed_id"];
  const followedByMe = viewerId
    ? sql`exists (select 1 from follows mine where mine.follower_id = ${viewerId} and mine.followed_id = u.id)`
    : sql`false`;
  const after = cursor
    ? sql`and (f.created_at, f.id) < (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
    : sql``;
  const rows = await queryRows<TRow>(
    deps.db,
    sql`select f.id as follow_id, f.created_at::text as followed_at, u.id, u.username, u.display_name, u.avatar_url,
          u.is_verified,
          ${followedByMe} as followed_by_me
        from follows f join profiles u on u.id = f.${sql.raw(other)}
        where f.${sql.raw(anchor)} = ${profile.id} and ${notBanned(sql`u.id`)} ${after}
        order by f.created_at desc, f.id desc limit ${sqlInt(query.limit + 1)}`,
  );
  const { page, nextCursor } = timeCursorPage(rows, query.limit, (r) => ({
    t: r.followed_at,
    i: r.follow_id,
  }));
  return {
    items: page.map((r) => ({
      id: r.id,
      username: r.username,
      displayName: r.display_name,
      avatarUrl: r.avatar_url,
      isVerified: r.is_verified,
      followedByMe: r.followed_by_me,
      isMe: r.id === viewerId,
      followedAt: new Date(r.followed_at).toISOString(),
    })),
    nextCursor,
  };
}
