import { M, MODERATION_M, MODERATION_RESTORE_DAYS, ZModerationReason } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { notify } from "../notifications/notify.ts";
import { isUuid } from "../posts/visibility.ts";

export type TContentType = "post" | "comment";

type TTx = Parameters<Parameters<TDb["transaction"]>[0]>[0];

const notFound = (type: TContentType) =>
  new AppError("NOT_FOUND", type === "post" ? M.posts.notFound : M.comments.notFound);

/**
 * How many comments a comment's removal hides from (or its restore shows again on) its post's comments_count: the
 * comment and, for a thread, its replies still shown; nothing when its thread is already removed.
 */
function shownWithComment(commentId: string): SQL {
  return sql`(select case
      when c.parent_id is not null then
        (select case when t.removed_at is null then 1 else 0 end from post_comments t where t.id = c.parent_id)
      else 1 + (select count(*)::int from post_comments r where r.parent_id = c.id and r.removed_at is null)
    end from post_comments c where c.id = ${commentId})`;
}

/** Closes an item's open flags: they were acted on (`removed`) or dismissed. */
export async function closeFlags(
  tx: Pick<TDb, "execute">,
  target: SQL,
  status: "removed" | "dismissed",
): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with item as (
        update moderation_items set open_flags = 0, updated_at = now() where ${target} returning id
      ), closed as (
        update content_flags set status = ${status}, updated_at = now()
        where item_id in (select id from item) and status = 'open' returning id
      )
      select count(*)::int as n from closed`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * An admin removes a post or comment with a reason: a soft delete (removed_at, removed_by, removal_reason), so it
 * vanishes from every read (posts/visibility.ts, comments' lists) and can be restored for MODERATION_RESTORE_DAYS.
 * In one transaction: the row, its post's comments_count (a comment), its open flags closed, the author told why
 * (a content_removed notification from "an admin"), and the audit row.
 */
export async function removeContent(
  deps: TDeps,
  viewer: TViewer | null,
  type: TContentType,
  id: string,
  body: unknown,
): Promise<void> {
  const me = requireAdmin(viewer);
  const { reason } = ZModerationReason.parse(body ?? {});
  if (!isUuid(id)) throw notFound(type);
  await deps.db.transaction(async (tx: TTx) => {
    const table = sql.raw(type === "post" ? "posts" : "post_comments");
    const [row] = await queryRows<{
      user_id: string;
      post_id: string;
      content: string;
      removed: boolean;
      removed_at: string;
    }>(
      tx,
      sql`select user_id, ${sql.raw(type === "post" ? "id" : "post_id")} as post_id, content,
            removed_at is not null as removed, now()::text as removed_at
          from ${table} where id = ${id} for update`,
    );
    if (!row) throw notFound(type);
    if (row.removed) throw new AppError("CONFLICT", MODERATION_M.alreadyRemoved);
    if (type === "comment") {
      await tx.execute(
        sql`update posts set comments_count = greatest(comments_count - ${shownWithComment(id)}, 0)
            where id = ${row.post_id}`,
      );
    }
    await tx.execute(
      sql`update ${table} set removed_at = now(), removed_by = ${me.id}, removal_reason = ${reason},
            updated_at = now() where id = ${id}`,
    );
    const flags = await closeFlags(
      tx,
      sql`${sql.raw(type === "post" ? "post_id" : "comment_id")} = ${id}`,
      "removed",
    );
    await notify(tx, {
      kind: "content_removed",
      userId: row.user_id,
      actorId: null,
      sourceKey: `${type}:${id}:${row.removed_at}`,
      note: reason,
      commentId: type === "comment" ? id : null,
    });
    await recordAdminAction(tx, {
      actorId: me.id,
      action: "moderation.remove",
      targetType: type,
      targetId: id,
      summary: `Removed a ${type}: ${reason}`,
      detail: {
        authorId: row.user_id,
        postId: row.post_id,
        reason,
        openFlagsClosed: flags,
        before: { content: row.content.slice(0, 500) },
      },
    });
  });
}

/**
 * An admin restores a removed post or comment within MODERATION_RESTORE_DAYS of its removal (later: 409 with
 * MODERATION_M.restoreExpired). Its post's comments_count takes the comment back; the audit row is written with it.
 */
export async function restoreContent(
  deps: TDeps,
  viewer: TViewer | null,
  type: TContentType,
  id: string,
): Promise<void> {
  const me = requireAdmin(viewer);
  if (!isUuid(id)) throw notFound(type);
  await deps.db.transaction(async (tx: TTx) => {
    const table = sql.raw(type === "post" ? "posts" : "post_comments");
    const [row] = await queryRows<{
      user_id: string;
      post_id: string;
      removed_at: string | null;
      removal_reason: string | null;
      expired: boolean;
    }>(
      tx,
      sql`select user_id, ${sql.raw(type === "post" ? "id" : "post_id")} as post_id, removed_at::text,
            removal_reason,
            removed_at < now() - make_interval(days => ${MODERATION_RESTORE_DAYS}) as expired
          from ${table} where id = ${id} for update`,
    );
    if (!row) throw notFound(type);
    if (!row.removed_at) throw new AppError("CONFLICT", MODERATION_M.notRemoved);
    if (row.expired) throw new AppError("CONFLICT", MODERATION_M.restoreExpired);
    await tx.execute(
      sql`update ${table} set removed_at = null, removed_by = null, removal_reason = null, updated_at = now()
          where id = ${id}`,
    );
    if (type === "comment") {
      await tx.execute(
        sql`update posts set comments_count = comments_count + ${shownWithComment(id)} where id = ${row.post_id}`,
      );
    }
    await recordAdminAction(tx, {
      actorId: me.id,
      action: "moderation.restore",
      targetType: type,
      targetId: id,
      summary: `Restored a ${type}`,
      detail: {
        authorId: row.user_id,
        postId: row.post_id,
        before: { removedAt: row.removed_at, reason: row.removal_reason },
      },
    });
  });
}
