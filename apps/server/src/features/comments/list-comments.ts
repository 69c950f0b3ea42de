import {
  M,
  type TComment,
  type TCommentsPage,
  type TCommentsQuery,
  type TCommentThread,
} from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { TDeps, TViewer } from "../../context.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { findAccessiblePost, isUuid, notBanned, reachableBy } from "../posts/visibility.ts";
import { hydrateCommentPage } from "./comment-dto.ts";

/*
 * A post's comments, oldest first, a page of threads at a time, in one statement after the post's own check: the
 * top-level comments come from post_comments_post_threads_idx with a keyset condition on (created_at, id), all
 * replies of the page's threads from post_comments_parent_idx, and each of them is hydrated beside them
 * (comment-dto.ts). created_at travels in the cursor as text to keep PostgreSQL's microseconds. What a member under
 * a site ban wrote is left out: their threads (with the replies under them) and their replies. The post's stored
 * comments_count still counts them (recounting every post they commented on at each ban and unban is not worth it).
 */

export type TCursor = { t: string; i: string };
const ZCursor = z.object({ t: z.string().max(40), i: z.uuid() });

function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(raw: string): TCursor {
  try {
    const parsed = ZCursor.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    if (!Number.isNaN(Date.parse(parsed.t))) return parsed;
  } catch {
    // Falls through to the 400 below.
  }
  throw new AppError("VALIDATION", M.posts.invalidCursor, { fields: { cursor: M.posts.invalidCursor } });
}

/** A page of a post's threads (top-level comments), oldest first, after the cursor (scripts/explain-comments.ts). */
export function threadIdsQuery(postId: string, cursor: TCursor | null, limit: number): SQL {
  const after = cursor
    ? sql`and (c.created_at, c.id) > (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
    : sql``;
  return sql`select c.id, c.created_at::text as created_at from post_comments c
    where c.post_id = ${postId} and c.parent_id is null and c.removed_at is null and ${notBanned(sql`c.user_id`)} ${after}
    order by c.created_at, c.id limit ${sqlInt(limit)}`;
}

/**
 * The ids of a page: `limit` threads after the cursor (plus one more, which only says whether there is a next page)
 * and every reply of those `limit` threads. Thread rows carry `created_at` as text (the cursor) and `thread` true.
 * Nothing when the viewer may not reach the post (checked once in the same statement).
 */
export function pageIdsQuery(
  postId: string,
  cursor: TCursor | null,
  limit: number,
  viewerId: string | null,
): SQL {
  const after = cursor
    ? sql`and (c.created_at, c.id) > (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
    : sql``;
  return sql`with threads as (
      select c.id, c.created_at from post_comments c
      where c.post_id = ${postId} and c.parent_id is null and c.removed_at is null and ${notBanned(sql`c.user_id`)} ${after}
        and exists (select 1 from posts p where p.id = ${postId} and ${reachableBy(viewerId)})
      order by c.created_at, c.id limit ${sqlInt(limit + 1)}
    ), shown as (
      select t.id from threads t order by t.created_at, t.id limit ${sqlInt(limit)}
    )
    select t.id, t.created_at::text as created_at, true as thread from threads t
    union all
    select r.id, null, false from post_comments r
    where r.parent_id in (select s.id from shown s) and r.removed_at is null and ${notBanned(sql`r.user_id`)}`;
}

export async function listComments(
  deps: TDeps,
  viewer: TViewer | null,
  postId: string,
  query: TCommentsQuery,
): Promise<TCommentsPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const viewerId = viewer?.id ?? null;
  if (!isUuid(postId)) throw new AppError("NOT_FOUND", M.posts.notFound);
  // The page is empty for a post the viewer may not reach; only then is it worth asking which it was.
  const rows = await hydrateCommentPage<{ id: string; created_at: string | null; thread: boolean }>(
    deps.db,
    pageIdsQuery(postId, cursor, query.limit, viewerId),
    viewerId,
  );
  if (rows.length === 0 && !(await findAccessiblePost(deps.db, postId, viewerId))) {
    throw new AppError("NOT_FOUND", M.posts.notFound);
  }
  const threads = rows.filter((r) => r.keys.thread);
  const page = threads.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    threads.length > query.limit && last?.keys.created_at
      ? encodeCursor({ t: last.keys.created_at, i: last.comment.id })
      : null;
  // Replies in order (created_at, id) under their thread.
  const repliesOf = new Map<string, TComment[]>();
  for (const { comment, keys } of rows) {
    if (keys.thread || !comment.parentId) continue;
    const list = repliesOf.get(comment.parentId);
    if (list) list.push(comment);
    else repliesOf.set(comment.parentId, [comment]);
  }
  const items: TCommentThread[] = page.map(({ comment }) => ({
    ...comment,
    replies: repliesOf.get(comment.id) ?? [],
  }));
  return { items, nextCursor };
}
