import {
  M,
  MODERATION_M,
  MODERATION_RESTORE_DAYS,
  type TRemovedCommunities,
  ZModerationReason,
} from "@plugs/domain";
import { sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { AppError } from "../../errors.ts";
import { isoTimestamp } from "../../lib/row-date.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { isUuid } from "../posts/visibility.ts";

/** How many removed communities the Removed tab lists (a handful a month is expected; the newest first). */
export const REMOVED_COMMUNITIES_LIMIT = 50;

/**
 * An admin removes a community with a reason: a soft delete (removed_at, removed_by, removal_reason). From its
 * commit the community is gone for everyone: the list, search, its page and members (404), its posts in every feed
 * and on their own pages (posts/visibility.ts), new posts and joins. Its rows stay, to be restored within
 * MODERATION_RESTORE_DAYS. The row is locked, and the audit row is written in the same transaction.
 */
export async function removeCommunity(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
  body: unknown,
): Promise<void> {
  const me = requireAdmin(viewer);
  const { reason } = ZModerationReason.parse(body ?? {});
  await deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; name: string; member_count: number; removed: boolean }>(
      tx,
      sql`select id, name, member_count, removed_at is not null as removed
          from communities where slug = ${slug.toLowerCase()} for update`,
    );
    // A removed community is not found, as for everyone else; the Removed tab restores it by its id.
    if (!row || row.removed) throw new AppError("NOT_FOUND", M.communities.notFound);
    await tx.execute(
      sql`update communities set removed_at = now(), removed_by = ${me.id}, removal_reason = ${reason},
            updated_at = now() where id = ${row.id}`,
    );
    await recordAdminAction(tx, {
      actorId: me.id,
      action: "community.remove",
      targetType: "community",
      targetId: row.id,
      summary: `Removed the community ${row.name}: ${reason}`,
      detail: { slug, reason, memberCount: row.member_count, removed: { before: false, after: true } },
    });
  });
}

/** An admin restores a removed community (by its id) within MODERATION_RESTORE_DAYS; 409 after, or when not removed. */
export async function restoreCommunity(deps: TDeps, viewer: TViewer | null, id: string): Promise<void> {
  const me = requireAdmin(viewer);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", M.communities.notFound);
  await deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{
      name: string;
      slug: string;
      removed: boolean;
      restorable: boolean;
      removal_reason: string | null;
    }>(
      tx,
      sql`select name, slug, removed_at is not null as removed, removal_reason,
            coalesce(removed_at >= now() - make_interval(days => ${MODERATION_RESTORE_DAYS}), false) as restorable
          from communities where id = ${id} for update`,
    );
    if (!row) throw new AppError("NOT_FOUND", M.communities.notFound);
    if (!row.removed) throw new AppError("CONFLICT", MODERATION_M.notRemoved);
    if (!row.restorable) throw new AppError("CONFLICT", MODERATION_M.restoreExpired);
    await tx.execute(
      sql`update communities set removed_at = null, removed_by = null, removal_reason = null, updated_at = now()
          where id = ${id}`,
    );
    await recordAdminAction(tx, {
      actorId: me.id,
      action: "community.restore",
      targetType: "community",
      targetId: id,
      summary: `Restored the community ${row.name}`,
      detail: { slug: row.slug, reason: row.removal_reason, removed: { before: true, after: false } },
    });
  });
}

/** The removed communities, newest removal first, on communities_removed_idx. Exported for the query-plan test. */
export function removedCommunitiesQuery(limit: number) {
  return sql`select c.id, c.name, c.slug, c.member_count, c.removal_reason,
      ${isoTimestamp(sql`c.removed_at`)} as removed_iso,
      c.removed_at >= now() - make_interval(days => ${MODERATION_RESTORE_DAYS}) as restorable,
      rb.username as removed_by_username
    from communities c left join profiles rb on rb.id = c.removed_by
    where c.removed_at is not null
    order by c.removed_at desc, c.id desc limit ${sql.raw(String(limit))}`;
}

/** GET /api/admin/moderation/removed-communities (admins only). */
export async function listRemovedCommunities(
  deps: TDeps,
  viewer: TViewer | null,
): Promise<TRemovedCommunities> {
  requireAdmin(viewer);
  const rows = await queryRows<{
    id: string;
    name: string;
    slug: string;
    member_count: number;
    removal_reason: string | null;
    removed_iso: string;
    restorable: boolean;
    removed_by_username: string | null;
  }>(deps.db, removedCommunitiesQuery(REMOVED_COMMUNITIES_LIMIT));
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      memberCount: r.member_count,
      removedAt: r.removed_iso,
      removedBy: r.removed_by_username,
      reason: r.removal_reason ?? "",
      restorable: r.restorable,
    })),
  };
}
