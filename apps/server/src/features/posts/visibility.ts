import { type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";

/**
 * Who sees a post: everyone sees public posts outside communities; a signed-in user also sees the posts of
 * communities where they are an active member. Single-post routes also let authors reach their own posts after
 * leaving (or being banned from) the community, so they can still edit or delete them. Nobody sees what a member
 * under a site ban wrote (bannedMemberIds), until the ban is lifted or runs out.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The viewer's active communities, as a subquery (served by community_members_user_active_idx). */
export function activeCommunityIds(viewerId: string): SQL {
  return sql`select m.community_id from community_members m where m.user_id = ${viewerId} and m.status = 'active'`;
}

/**
 * The ids of the members under a site ban now, the one definition every read of members' content uses: the
 * product's ban (profiles.is_banned, until an admin lifts it) or better-auth's admin plugin ban (users.banned, set
 * with it by POST /api/admin/members/:id/ban; a ban with a ban_expires ends then). Each half reads a partial index of
 * only banned rows (profiles_banned_idx, users_banned_idx).
 */
export const bannedMemberIds: SQL = sql`select ban_p.id from profiles ban_p where ban_p.is_banned
  union all
  select ban_u.id from users ban_u
    where ban_u.banned and (ban_u.ban_expires is null or ban_u.ban_expires > now())`;

/**
 * A condition: the member whose id is `userId` (a non-null column) is not under a site ban (bannedMemberIds). The
 * list is an array read once per statement (an InitPlan); as `<> all` the planner expects nearly every row to pass,
 * where `not in (subquery)` would make it guess half and pick other plans.
 */
export function notBanned(userId: SQL): SQL {
  return sql`${userId} <> all(array(${bannedMemberIds}))`;
}

/**
 * The ids of the communities an admin removed (features/moderation), read from the partial communities_removed_idx;
 * like bannedMemberIds, an array read once per statement.
 */
export const removedCommunityIds: SQL = sql`select rc.id from communities rc where rc.removed_at is not null`;

/**
 * A condition on `posts p`: the post is shown at all: no admin removed it or its community (features/moderation; soft
 * deletes) and its author is not under a site ban. Every read of posts goes through it, so a removed post is gone
 * everywhere.
 */
export const byUnbannedAuthor: SQL = sql`p.removed_at is null and ${notBanned(sql`p.user_id`)}
  and (p.community_id is null or p.community_id <> all(array(${removedCommunityIds})))`;

/** A condition on `posts p`: the post is visible to this viewer (null for a visitor). */
export function visibleTo(viewerId: string | null): SQL {
  if (!viewerId) return sql`(p.visibility = 'public' and p.community_id is null and ${byUnbannedAuthor})`;
  return sql`(p.visibility = 'public' and (p.community_id is null or p.community_id in (${activeCommunityIds(viewerId)}))
    and ${byUnbannedAuthor})`;
}

/** A condition on `posts p`: the viewer is an active member of the post's community. */
function activeMemberOfCommunity(viewerId: string): SQL {
  return sql`exists (select 1 from community_members m
    where m.community_id = p.community_id and m.user_id = ${viewerId} and m.status = 'active')`;
}

/**
 * A condition on `posts p`: the viewer may reach the post on single-post routes (see findAccessiblePost): it is
 * public, and outside communities, or in one where the viewer is an active member, or theirs.
 */
export function reachableBy(viewerId: string | null): SQL {
  if (!viewerId) return sql`(p.visibility = 'public' and p.community_id is null and ${byUnbannedAuthor})`;
  return sql`(p.visibility = 'public' and (p.community_id is null or p.user_id = ${viewerId}
    or ${activeMemberOfCommunity(viewerId)}) and ${byUnbannedAuthor})`;
}

/**
 * A condition on `posts p`: the viewer may act on the post (like it, comment on it): it is public, and outside
 * communities or in one where the viewer is an active member (TAccessiblePost's canInteract).
 */
export function canInteract(viewerId: string): SQL {
  return sql`(p.visibility = 'public' and (p.community_id is null or ${activeMemberOfCommunity(viewerId)})
    and ${byUnbannedAuthor})`;
}

export type TAccessiblePost = {
  id: string;
  userId: string;
  communityId: string | null;
  /** The viewer is an active member of the post's community (true for a post outside communities). */
  canInteract: boolean;
  /** The post's community is suspended by an admin: read-only, no new comments. */
  suspended: boolean;
};

/**
 * The post as the viewer may reach it on single-post routes, or null when it does not exist, they may not see it or
 * its author is under a site ban (the caller answers 404 either way, so nothing leaks).
 */
export async function findAccessiblePost(
  db: Pick<TDb, "execute">,
  postId: string,
  viewerId: string | null,
): Promise<TAccessiblePost | null> {
  if (!isUuid(postId)) return null;
  const member = viewerId ? activeMemberOfCommunity(viewerId) : sql`false`;
  const [row] = await queryRows<{
    id: string;
    user_id: string;
    community_id: string | null;
    can_interact: boolean;
    suspended: boolean;
  }>(
    db,
    sql`select p.id, p.user_id, p.community_id, (p.community_id is null or ${member}) as can_interact,
          exists (select 1 from communities c where c.id = p.community_id and c.suspended_at is not null) as suspended
        from posts p where p.id = ${postId} and p.visibility = 'public' and ${byUnbannedAuthor}`,
  );
  if (!row) return null;
  if (!row.can_interact && row.user_id !== viewerId) return null;
  return {
    id: row.id,
    userId: row.user_id,
    communityId: row.community_id,
    canInteract: row.can_interact,
    suspended: row.suspended,
  };
}
