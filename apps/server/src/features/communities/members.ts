import {
  COMMUNITY_LIMITS,
  M,
  type TCommunityMember,
  type TCommunityMembersPage,
  type TMembersQuery,
  ZAddMemberRequest,
  ZUpdateMemberRequest,
} from "@plugs/domain";
import { and, eq, ilike, type SQL, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { communityMembers, profiles } from "../../db/schema/index.ts";
import { textRowCount } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import {
  cappedCount,
  decodeKeysetCursor,
  keysetPage,
  type TKeysetCursor,
  timeKey,
  timeKeyset,
} from "../../lib/keyset-page.ts";
import { isUuid, notBanned } from "../posts/visibility.ts";
import { lockCommunity, requireCommunity, requireCreator } from "./community-access.ts";
import { containsPattern, loadMember, memberColumns, toCommunityMember } from "./community-dto.ts";
import { moveMemberCount } from "./join-community.ts";

function membersWhere(communityId: string, query: TMembersQuery): SQL {
  const term = query.search?.trim();
  return and(
    eq(communityMembers.communityId, communityId),
    eq(communityMembers.status, query.status),
    // A member under a site ban is not listed (nor counted) until the ban ends.
    notBanned(sql`${communityMembers.userId}`),
    term ? ilike(profiles.username, containsPattern(term)) : undefined,
  ) as SQL;
}

/** A page's sort key: the join time with its microseconds, as a keyset cursor keeps it. */
const joinedKey = timeKey(sql`${communityMembers.joinedAt}`);

/**
 * The members page query on its own (EXPLAIN in tests looks at exactly this): `limit` members from the cursor on,
 * newest first, or for a `previous` cursor oldest first back from it (the caller reverses them).
 */
export function membersPageQuery(
  db: TDb,
  communityId: string,
  query: TMembersQuery,
  viewerId: string | null,
  cursor: TKeysetCursor | null,
  limit: number,
) {
  const { from, orderBy } = timeKeyset(cursor, communityMembers.joinedAt, communityMembers.id, "desc");
  return db
    .select({ ...memberColumns(viewerId), sortKey: joinedKey })
    .from(communityMembers)
    .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
    .where(and(membersWhere(communityId, query), from))
    .orderBy(...orderBy)
    .limit(textRowCount(limit));
}

/**
 * GET /api/communities/:id/members: a community's active members (anyone may look), newest first, searched by
 * username, in keyset pages of 10 with the total (counted up to MEMBERS_COUNT_CAP, then "more"). The banned list is
 * for the community's creators.
 */
export async function listMembers(
  deps: TDeps,
  viewer: TViewer | null,
  communityId: string,
  query: TMembersQuery,
): Promise<TCommunityMembersPage> {
  await requireCommunity(deps.db, communityId);
  if (query.status === "banned") {
    const me = requireViewer(viewer, M.communities.loginToManage);
    await requireCreator(deps.db, communityId, me.id);
  }
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor, "time", M.communities.invalidCursor) : null;
  const size = COMMUNITY_LIMITS.membersPageSize;
  const [rows, { total, totalCapped }] = await Promise.all([
    membersPageQuery(deps.db, communityId, query, viewer?.id ?? null, cursor, size + 1),
    cappedCount(
      deps.db,
      deps.db
        .select({ one: sql`1` })
        .from(communityMembers)
        .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
        .where(membersWhere(communityId, query)),
      COMMUNITY_LIMITS.membersCountCap,
    ),
  ]);
  const page = keysetPage(rows, size, cursor, total, (r) => ({ k: r.sortKey, i: r.id }));
  // Nothing left on the cursor's side of the list (members left since the page was read): page 1 as it is now.
  if (!page) return listMembers(deps, viewer, communityId, { ...query, cursor: undefined });
  return { ...page, items: page.items.map(toCommunityMember), total, totalCapped };
}

/**
 * PATCH /api/communities/:id/members/:memberId {status?, role?}: a creator bans or unbans another member, or moves
 * them between member and creator. Never on oneself. Banning also takes the creator role away (a banned person
 * cannot manage the community); the acting creator remains, so the community always keeps one.
 */
export async function updateMember(
  deps: TDeps,
  viewer: TViewer | null,
  communityId: string,
  memberId: string,
  body: unknown,
): Promise<TCommunityMember> {
  const rolesOnly = typeof body === "object" && body !== null && "role" in body && !("status" in body);
  const me = requireViewer(
    viewer,
    rolesOnly ? M.communities.loginToUpdateRoles : M.communities.loginToManage,
  );
  const input = ZUpdateMemberRequest.parse(body ?? {});
  if (input.status === "banned" && input.role === "creator") {
    throw new AppError("VALIDATION", M.communities.bannedCannotBeCreator);
  }
  await deps.db.transaction(async (tx) => {
    await lockCommunity(tx, communityId);
    await requireCreator(tx, communityId, me.id);
    const [target] = isUuid(memberId)
      ? await tx
          .select({
            id: communityMembers.id,
            userId: communityMembers.userId,
            role: communityMembers.role,
            status: communityMembers.status,
          })
          .from(communityMembers)
          .where(and(eq(communityMembers.id, memberId), eq(communityMembers.communityId, communityId)))
      : [];
    if (!target) throw new AppError("NOT_FOUND", M.communities.memberNotFound);
    if (target.userId === me.id) throw new AppError("FORBIDDEN", M.communities.notOnSelf);

    const status = input.status ?? target.status;
    const role = status === "banned" ? "member" : (input.role ?? target.role);
    if (status === "banned" && input.role === "creator") {
      throw new AppError("CONFLICT", M.communities.bannedCannotBeCreator);
    }
    if (status === target.status && role === target.role) return;
    await tx
      .update(communityMembers)
      .set({ status, role, updatedAt: sql`now()` })
      .where(eq(communityMembers.id, target.id));
    if (status !== target.status) await moveMemberCount(tx, communityId, status === "active" ? 1 : -1);
  });
  const member = await loadMember(deps.db, memberId, me.id);
  if (!member) throw new AppError("NOT_FOUND", M.communities.memberNotFound);
  return member;
}

/**
 * POST /api/communities/:id/members {userId}: a creator adds a user found by the community user search. A banned
 * member is unbanned from the members list instead; nobody is added twice.
 */
export async function addMember(
  deps: TDeps,
  viewer: TViewer | null,
  communityId: string,
  body: unknown,
): Promise<TCommunityMember> {
  const me = requireViewer(viewer, M.communities.loginToManage);
  const input = ZAddMemberRequest.parse(body ?? {});
  const memberId = await deps.db.transaction(async (tx) => {
    await lockCommunity(tx, communityId);
    await requireCreator(tx, communityId, me.id);
    const [user] = await tx
      .select({ id: profiles.id, isBanned: profiles.isBanned })
      .from(profiles)
      .where(eq(profiles.id, input.userId));
    if (!user || user.isBanned) throw new AppError("NOT_FOUND", M.communities.userNotFound);
    const [existing] = await tx
      .select({ status: communityMembers.status })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, user.id)));
    if (existing?.status === "banned") throw new AppError("CONFLICT", M.communities.userBanned);
    if (existing) throw new AppError("CONFLICT", M.communities.alreadyMember);
    const [row] = await tx
      .insert(communityMembers)
      .values({ communityId, userId: user.id, role: "member", status: "active", addedBy: me.id })
      .returning({ id: communityMembers.id });
    await moveMemberCount(tx, communityId, 1);
    return row?.id ?? "";
  });
  const member = await loadMember(deps.db, memberId, me.id);
  if (!member) throw new AppError("NOT_FOUND", M.communities.memberNotFound);
  return member;
}
