import { M, MODERATION_M, type TMembershipState, ZJoinCommunityRequest } from "@plugs/domain";
import { and, eq, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { communities, communityMembers } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { lockCommunity } from "./community-access.ts";
import { rulesHash } from "./rules-hash.ts";

/** member_count moves with the row it counts, inside the caller's transaction. */
export async function moveMemberCount(tx: Pick<TDb, "update">, communityId: string, by: 1 | -1) {
  const [row] = await tx
    .update(communities)
    .set({ memberCount: sql`${communities.memberCount} + ${by}` })
    .where(eq(communities.id, communityId))
    .returning({ memberCount: communities.memberCount });
  return row?.memberCount ?? 0;
}

async function currentCount(tx: Pick<TDb, "select">, communityId: string) {
  const [row] = await tx
    .select({ memberCount: communities.memberCount })
    .from(communities)
    .where(eq(communities.id, communityId));
  return row?.memberCount ?? 0;
}

/**
 * POST /api/communities/:id/join {acceptRules: true, rulesVersion?}. Records the rules text accepted (version and
 * SHA-256); a `rulesVersion` that is no longer current is a 409, since the member read rules that have changed.
 * Joining again changes nothing; a banned member stays banned.
 */
export async function joinCommunity(
  deps: TDeps,
  viewer: TViewer | null,
  communityId: string,
  body: unknown,
): Promise<TMembershipState> {
  const me = requireViewer(viewer, M.communities.loginToJoin);
  const { rulesVersion } = ZJoinCommunityRequest.parse(body ?? {});
  return deps.db.transaction(async (tx) => {
    const community = await lockCommunity(tx, communityId);
    const [existing] = await tx
      .select({ role: communityMembers.role, status: communityMembers.status })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, me.id)));
    if (existing?.status === "banned") throw new AppError("FORBIDDEN", M.communities.bannedCannotJoin);
    if (existing) return { membership: existing, memberCount: await currentCount(tx, communityId) };
    if (community.suspended) throw new AppError("FORBIDDEN", MODERATION_M.communitySuspended);
    if (rulesVersion !== undefined && rulesVersion !== community.rulesVersion) {
      throw new AppError("CONFLICT", M.communities.rulesChanged);
    }
    await tx.insert(communityMembers).values({
      communityId,
      userId: me.id,
      role: "member",
      status: "active",
      acceptedRulesVersion: community.rulesVersion,
      acceptedRulesHash: rulesHash(community.rules),
      acceptedRulesAt: new Date(),
    });
    const memberCount = await moveMemberCount(tx, communityId, 1);
    return { membership: { role: "member" as const, status: "active" as const }, memberCount };
  });
}

/**
 * POST /api/communities/:id/leave. A banned member cannot leave (their row is what keeps them out), and the last
 * creator cannot leave until another member is a creator.
 */
export async function leaveCommunity(
  deps: TDeps,
  viewer: TViewer | null,
  communityId: string,
): Promise<TMembershipState> {
  const me = requireViewer(viewer, M.communities.loginToLeave);
  return deps.db.transaction(async (tx) => {
    await lockCommunity(tx, communityId);
    const [member] = await tx
      .select({ id: communityMembers.id, role: communityMembers.role, status: communityMembers.status })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, me.id)));
    if (member?.status !== "active") throw new AppError("CONFLICT", M.communities.notAMember);
    if (member.role === "creator") {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(communityMembers)
        .where(
          and(
            eq(communityMembers.communityId, communityId),
            eq(communityMembers.role, "creator"),
            eq(communityMembers.status, "active"),
            sql`${communityMembers.userId} <> ${me.id}`,
          ),
        );
      if ((others?.n ?? 0) === 0) throw new AppError("CONFLICT", M.communities.lastCreator);
    }
    await tx.delete(communityMembers).where(eq(communityMembers.id, member.id));
    return { membership: null, memberCount: await moveMemberCount(tx, communityId, -1) };
  });
}
