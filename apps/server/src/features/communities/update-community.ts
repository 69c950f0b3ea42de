import { M, type TCommunityDetail, ZUpdateCommunityRequest } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { communities } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { lockCommunity, requireCreatorOrAdmin } from "./community-access.ts";
import { loadCommunityDetail } from "./community-dto.ts";

/**
 * PATCH /api/communities/:id: a creator (or an admin, recorded in the audit log) edits the name, description or rules. The slug stays as it was, so links
 * to the community keep working. A change of the rules text moves rules_version up by one; members who joined
 * earlier keep the record of the version they accepted.
 */
export async function updateCommunity(
  deps: TDeps,
  viewer: TViewer | null,
  communityId: string,
  body: unknown,
): Promise<TCommunityDetail> {
  const me = requireViewer(viewer, M.communities.loginToEdit);
  const input = ZUpdateCommunityRequest.parse(body ?? {});
  await deps.db.transaction(async (tx) => {
    const locked = await lockCommunity(tx, communityId);
    const { asAdmin } = await requireCreatorOrAdmin(tx, communityId, me, M.communities.creatorsOnlyEdit);
    const rulesChanged = input.rules !== undefined && input.rules !== locked.rules;
    if (asAdmin) {
      const [before] = await tx
        .select({ description: communities.communityDescription })
        .from(communities)
        .where(eq(communities.id, communityId));
      await recordAdminAction(tx, {
        actorId: me.id,
        action: "community.update",
        targetType: "community",
        targetId: communityId,
        summary: `Edited the community ${locked.name}`,
        detail: {
          ...(input.name !== undefined && input.name !== locked.name
            ? { name: { before: locked.name, after: input.name } }
            : {}),
          ...(input.description !== undefined && input.description !== before?.description
            ? { description: { before: before?.description ?? null, after: input.description } }
            : {}),
          ...(rulesChanged ? { rules: { before: locked.rules, after: input.rules } } : {}),
        },
      });
    }
    await tx
      .update(communities)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { communityDescription: input.description } : {}),
        ...(rulesChanged
          ? { communityRules: input.rules, rulesVersion: sql`${communities.rulesVersion} + 1` }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(communities.id, communityId));
  });
  const community = await loadCommunityDetail(deps.db, communityId, me.id);
  if (!community) throw new AppError("NOT_FOUND", M.communities.notFound);
  return community;
}
