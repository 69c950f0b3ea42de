import {
  COMMUNITY_LIMITS,
  communityUserSearchTerm,
  M,
  type TCommunityUserSearch,
  type TUserSearchQuery,
} from "@plugs/domain";
import { sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { notBanned } from "../posts/visibility.ts";
import { requireCreatorOf } from "./community-access.ts";

/**
 * GET /api/communities/:id/user-search?q=: for a creator adding people, users whose username starts with the term
 * (at least 2 characters after trimming, else nothing), who are not in the community yet (active or banned),
 * 10 at most. Prefix matching uses profiles_username_prefix_idx.
 */
export async function searchUsersForCommunity(
  deps: TDeps,
  viewer: TViewer | null,
  communityId: string,
  query: TUserSearchQuery,
): Promise<TCommunityUserSearch> {
  const me = requireViewer(viewer, M.communities.loginToManage);
  await requireCreatorOf(deps.db, communityId, me.id);
  const term = communityUserSearchTerm(query.q);
  if (!term) return { items: [] };
  const prefix = `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{
    id: string;
    username: string;
    avatar_url: string | null;
    is_verified: boolean;
  }>(
    deps.db,
    sql`select p.id, p.username, p.avatar_url, p.is_verified
        from profiles p
        where lower(p.username) like ${prefix} and ${notBanned(sql`p.id`)}
          and not exists (select 1 from community_members m
                          where m.community_id = ${communityId} and m.user_id = p.id)
        order by lower(p.username)
        limit ${sqlInt(COMMUNITY_LIMITS.userSearchLimit)}`,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      username: r.username,
      avatarUrl: r.avatar_url,
      isVerified: r.is_verified,
    })),
  };
}
