import { M, MODERATION_M, type TCommunityDetail, ZCommunitySuspensionRequest } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { lockCommunity } from "../communities/community-access.ts";
import { loadCommunityDetail } from "../communities/community-dto.ts";

/**
 * An admin suspends a community (read-only: no new posts, comments or members; what is there stays readable) or
 * lifts the suspension, with a reason, under the community's row lock; the audit row is in the same transaction.
 */
export async function setCommunitySuspended(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
  body: unknown,
): Promise<TCommunityDetail> {
  const me = requireAdmin(viewer);
  const { suspended, reason } = ZCommunitySuspensionRequest.parse(body ?? {});
  const [found] = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from communities where slug = ${slug.toLowerCase()} and removed_at is null`,
  );
  if (!found) throw new AppError("NOT_FOUND", M.communities.notFound);
  await deps.db.transaction(async (tx) => {
    const community = await lockCommunity(tx, found.id);
    if (community.suspended === suspended) {
      throw new AppError("CONFLICT", suspended ? MODERATION_M.alreadySuspended : MODERATION_M.notSuspended);
    }
    await tx.execute(
      suspended
        ? sql`update communities set suspended_at = now(), suspension_reason = ${reason}, updated_at = now()
            where id = ${community.id}`
        : sql`update communities set suspended_at = null, suspension_reason = null, updated_at = now()
            where id = ${community.id}`,
    );
    await recordAdminAction(tx, {
      actorId: me.id,
      action: suspended ? "community.suspend" : "community.unsuspend",
      targetType: "community",
      targetId: community.id,
      summary: `${suspended ? "Suspended" : "Unsuspended"} the community ${community.name}: ${reason}`,
      detail: { slug, reason, suspended: { before: !suspended, after: suspended } },
    });
  });
  const detail = await loadCommunityDetail(deps.db, found.id, me.id);
  if (!detail) throw new AppError("NOT_FOUND", M.communities.notFound);
  return detail;
}
