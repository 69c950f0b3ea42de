import {
  MODERATION_M,
  MODERATION_PAGE_SIZE,
  MODERATION_RESTORE_DAYS,
  type TFlagReason,
  type TModerationQueuePage,
  type TRemovedPage,
} from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { isoTimestamp } from "../../lib/row-date.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { isUuid } from "../posts/visibility.ts";
import { closeFlags } from "./remove-content.ts";

function encode(parts: (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString("base64url");
}

function decode<T extends unknown[]>(cursor: string, check: (v: unknown[]) => v is T): T {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString());
    if (Array.isArray(parsed) && check(parsed)) return parsed;
  } catch {}
  throw new AppError("VALIDATION", MODERATION_M.cursorInvalid);
}

// A timestamptz as PostgreSQL writes it as text (microseconds kept, so the keyset does not skip a row).
const isTime = (v: unknown) =>
  typeof v === "string" &&
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(v) &&
  !Number.isNaN(Date.parse(v.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")));
const isId = (v: unknown): v is string => typeof v === "string" && isUuid(v);

type TQueueCursor = [number, string, string];
const isQueueCursor = (v: unknown[]): v is TQueueCursor =>
  v.length === 3 && Number.isSafeInteger(v[0]) && isTime(v[1]) && isId(v[2]);

/**
 * The queue's page of flagged items, most open flags first (then the latest flagged): a keyset walk of
 * moderation_items_queue_idx, only items with open flags, each hydrated in the same statement (its post or comment,
 * author, the open flags' reasons and words). Exported for the query-plan test.
 */
export function queueQuery(cursor: TQueueCursor | null, limit: number): SQL {
  const after = cursor
    ? sql`and (mi.open_flags, mi.last_flagged_at, mi.id) < (${cursor[0]}, ${cursor[1]}::timestamptz, ${cursor[2]}::uuid)`
    : sql``;
  return sql`select mi.id as item_id, mi.open_flags, mi.last_flagged_at::text as cursor_time,
      ${isoTimestamp(sql`mi.last_flagged_at`)} as last_flagged_at,
      case when mi.post_id is not null then 'post' else 'comment' end as type,
      coalesce(p.id, c.id) as id, coalesce(p.id, c.post_id) as post_id, coalesce(p.content, c.content) as content,
      a.id as author_id, a.username, ${isoTimestamp(sql`coalesce(p.created_at, c.created_at)`)} as created_at,
      (select coalesce(json_agg(json_build_object('reason', g.reason, 'count', g.n) order by g.n desc, g.reason), '[]')
        from (select f.reason, count(*)::int as n from content_flags f
          where f.item_id = mi.id and f.status = 'open' group by f.reason) g) as reasons,
      (select coalesce(json_agg(f.details order by f.created_at), '[]') from content_flags f
        where f.item_id = mi.id and f.status = 'open' and f.details is not null) as details
    from (select * from moderation_items mi where mi.open_flags > 0 ${after}
      order by mi.open_flags desc, mi.last_flagged_at desc, mi.id desc limit ${sqlInt(limit + 1)}) mi
    left join posts p on p.id = mi.post_id
    left join post_comments c on c.id = mi.comment_id
    join profiles a on a.id = coalesce(p.user_id, c.user_id)
    order by mi.open_flags desc, mi.last_flagged_at desc, mi.id desc`;
}

type TQueueRow = {
  item_id: string;
  open_flags: number;
  cursor_time: string;
  last_flagged_at: string;
  type: "post" | "comment";
  id: string;
  post_id: string;
  content: string;
  author_id: string;
  username: string;
  created_at: string;
  reasons: { reason: TFlagReason; count: number }[] | string;
  details: string[] | string;
};

const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** GET /api/admin/moderation/queue (admins only). */
export async function listQueue(
  deps: TDeps,
  viewer: TViewer | null,
  query: { cursor?: string },
): Promise<TModerationQueuePage> {
  requireAdmin(viewer);
  const cursor = query.cursor ? decode(query.cursor, isQueueCursor) : null;
  const rows = await queryRows<TQueueRow>(deps.db, queueQuery(cursor, MODERATION_PAGE_SIZE));
  const page = rows.slice(0, MODERATION_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      itemId: r.item_id,
      type: r.type,
      id: r.id,
      postId: r.post_id,
      content: r.content,
      author: { id: r.author_id, username: r.username },
      createdAt: r.created_at,
      openFlags: r.open_flags,
      lastFlaggedAt: r.last_flagged_at,
      reasons: json(r.reasons),
      details: json(r.details),
    })),
    nextCursor:
      rows.length > MODERATION_PAGE_SIZE && last
        ? encode([last.open_flags, last.cursor_time, last.item_id])
        : null,
  };
}

/** POST /api/admin/moderation/items/{id}/dismiss: the item's open flags are closed as dismissed (audited). */
export async function dismissItem(deps: TDeps, viewer: TViewer | null, itemId: string): Promise<void> {
  const me = requireAdmin(viewer);
  if (!isUuid(itemId)) throw new AppError("NOT_FOUND", MODERATION_M.itemNotFound);
  await deps.db.transaction(async (tx) => {
    const [item] = await queryRows<{ post_id: string | null; comment_id: string | null; open_flags: number }>(
      tx,
      sql`select post_id, comment_id, open_flags from moderation_items where id = ${itemId} for update`,
    );
    if (!item || item.open_flags === 0) throw new AppError("NOT_FOUND", MODERATION_M.itemNotFound);
    const closed = await closeFlags(tx, sql`id = ${itemId}`, "dismissed");
    const type = item.post_id ? "post" : "comment";
    await recordAdminAction(tx, {
      actorId: me.id,
      action: "moderation.dismiss",
      targetType: type,
      targetId: item.post_id ?? item.comment_id,
      summary: `Dismissed ${closed} ${closed === 1 ? "flag" : "flags"} on a ${type}`,
      detail: { itemId, flags: closed },
    });
  });
}

type TRemovedCursor = [string, string];
const isRemovedCursor = (v: unknown[]): v is TRemovedCursor => v.length === 2 && isTime(v[0]) && isId(v[1]);

/**
 * The Removed tab, newest removal first: the removed posts (posts_removed_idx) and comments
 * (post_comments_removed_idx), each branch a bounded keyset read, merged. Exported for the query-plan test.
 */
export function removedQuery(cursor: TRemovedCursor | null, limit: number): SQL {
  const after = (t: string) =>
    cursor
      ? sql`and (${sql.raw(t)}.removed_at, ${sql.raw(t)}.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`
      : sql``;
  return sql`select r.*, r.removed_at::text as cursor_time, ${isoTimestamp(sql`r.removed_at`)} as removed_iso,
      ${isoTimestamp(sql`r.created_at`)} as created_iso, a.username, rb.username as removed_by_username,
      r.removed_at >= now() - make_interval(days => ${MODERATION_RESTORE_DAYS}) as restorable
    from (
      (select 'post' as type, p.id, p.id as post_id, p.content, p.user_id, p.created_at, p.removed_at,
          p.removed_by, p.removal_reason from posts p
        where p.removed_at is not null ${after("p")} order by p.removed_at desc, p.id desc limit ${sqlInt(limit + 1)})
      union all
      (select 'comment', c.id, c.post_id, c.content, c.user_id, c.created_at, c.removed_at, c.removed_by,
          c.removal_reason from post_comments c
        where c.removed_at is not null ${after("c")} order by c.removed_at desc, c.id desc limit ${sqlInt(limit + 1)})
    ) r
    join profiles a on a.id = r.user_id
    left join profiles rb on rb.id = r.removed_by
    order by r.removed_at desc, r.id desc limit ${sqlInt(limit + 1)}`;
}

type TRemovedRow = {
  type: "post" | "comment";
  id: string;
  post_id: string;
  content: string;
  user_id: string;
  username: string;
  created_iso: string;
  removed_iso: string;
  cursor_time: string;
  removed_by_username: string | null;
  removal_reason: string | null;
  restorable: boolean;
};

/** GET /api/admin/moderation/removed (admins only). */
export async function listRemoved(
  deps: TDeps,
  viewer: TViewer | null,
  query: { cursor?: string },
): Promise<TRemovedPage> {
  requireAdmin(viewer);
  const cursor = query.cursor ? decode(query.cursor, isRemovedCursor) : null;
  const rows = await queryRows<TRemovedRow>(deps.db, removedQuery(cursor, MODERATION_PAGE_SIZE));
  const page = rows.slice(0, MODERATION_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      type: r.type,
      id: r.id,
      postId: r.post_id,
      content: r.content,
      author: { id: r.user_id, username: r.username },
      createdAt: r.created_iso,
      removedAt: r.removed_iso,
      removedBy: r.removed_by_username,
      reason: r.removal_reason ?? "",
      restorable: r.restorable,
    })),
    nextCursor: rows.length > MODERATION_PAGE_SIZE && last ? encode([last.cursor_time, last.id]) : null,
  };
}
