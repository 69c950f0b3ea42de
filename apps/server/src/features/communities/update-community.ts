import { M, type TCommunityDetail, ZUpdateCommunityRequest } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { communities } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { lockCommunity, requireCreator } from "./community-access.ts";
import { loadCommunityDetail } from "./community-dto.ts";

/**
 * PATCH /api/communities/:id: a creator edits the name, description or rules. The slug stays as it was, so links
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
    await requireCreator(tx, communityId, me.id, M.communities.creatorsOnlyEdit);
    const rulesChanged = input.rules !== undefined && input.rules !== locked.rules;
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
