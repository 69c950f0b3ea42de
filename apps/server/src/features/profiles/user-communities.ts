import type { TCursorQuery, TUserCommunities, TUserCommunity } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { decodeTimeCursor, type TTimeCursor, timeCursorPage } from "../../lib/time-cursor.ts";
import { findProfileByUsername } from "./find-profile.ts";

type TRow = {
  member_id: string;
  joined_at: string;
  role: TUserCommunity["role"];
  id: string;
  name: string;
  slug: string;
  avatar_url: string | null;
  member_count: number;
};

function toUserCommunity(row: TRow): TUserCommunity {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    avatarUrl: row.avatar_url,
    memberCount: row.member_count,
    role: row.role,
    joinedAt: new Date(row.joined_at).toISOString(),
  };
}

/** One page of a user's active memberships with their communities, newest first, after `cursor`. */
export function userCommunitiesQuery(userId: string, limit: number, cursor: TTimeCursor | null): SQL {
  const after = cursor ? sql`and (m.joined_at, m.id) < (${cursor.t}::timestamptz, ${cursor.i}::uuid)` : sql``;
  return sql`select m.id as member_id, m.joined_at::text as joined_at, m.role,
      c.id, c.name, c.slug, c.community_avatar_url as avatar_url, c.member_count
    from community_members m join communities c on c.id = m.community_id
    where m.user_id = ${userId} and m.status = 'active' and c.removed_at is null ${after}
    order by m.joined_at desc, m.id desc limit ${sqlInt(limit)}`;
}

/**
 * GET /api/users/:username/communities: the communities the user is an active member of, most recently joined
 * first, keyset pages over community_members_user_joined_idx with the community joined (one query per page).
 * Every community is listed publicly, so anyone may see these; a membership a creator banned is never shown.
 */
export async function listUserCommunities(
  deps: TDeps,
  username: string,
  query: TCursorQuery,
): Promise<TUserCommunities> {
  const cursor = query.cursor ? decodeTimeCursor(query.cursor) : null;
  const profile = await findProfileByUsername(deps.db, username);
  const rows = await queryRows<TRow>(deps.db, userCommunitiesQuery(profile.id, query.limit + 1, cursor));
  const { page, nextCursor } = timeCursorPage(rows, query.limit, (r) => ({ t: r.joined_at, i: r.member_id }));
  return {
    items: page.map(toUserCommunity),
    nextCursor,
  };
}
