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
import { AppError } from "../../errors.ts";
import { findAccessiblePost, queryRows } from "../posts/visibility.ts";
import { hydrateComments } from "./comment-dto.ts";

/*
 * A post's comments, oldest first, a page of threads at a time: the top-level comments come from
 * post_comments_post_threads_idx with a keyset condition on (created_at, id); all replies of the page's threads from
 * post_comments_parent_idx in one query; then the page is hydrated in one query per kind. created_at travels in the
 * cursor as text to keep PostgreSQL's microseconds.
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

/** A page of a post's threads (top-level comments), oldest first, after the cursor. */
export function threadIdsQuery(postId: string, cursor: TCursor | null, limit: number): SQL {
  const after = cursor
    ? sql`and (c.created_at, c.id) > (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
    : sql``;
  return sql`select c.id, c.created_at::text as created_at from post_comments c
    where c.post_id = ${postId} and c.parent_id is null ${after}
    order by c.created_at, c.id limit ${limit}`;
}

/** All replies of the given threads (at least one), oldest first within each thread. */
export function replyIdsQuery(threadIds: string[]): SQL {
  const ids = sql.join(
    threadIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`select c.id, c.parent_id from post_comments c
    where c.parent_id in (${ids}) order by c.parent_id, c.created_at, c.id`;
}

export async function listComments(
  deps: TDeps,
  viewer: TViewer | null,
  postId: string,
  query: TCommentsQuery,
): Promise<TCommentsPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const post = await findAccessiblePost(deps.db, postId, viewer?.id ?? null);
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);

  const threads = await queryRows<{ id: string; created_at: string }>(
    deps.db,
    threadIdsQuery(post.id, cursor, query.limit + 1),
  );
  const page = threads.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    threads.length > query.limit && last ? encodeCursor({ t: last.created_at, i: last.id }) : null;
  if (page.length === 0) return { items: [], nextCursor };

  const threadIds = page.map((t) => t.id);
  const replies = await queryRows<{ id: string; parent_id: string }>(deps.db, replyIdsQuery(threadIds));
  const comments = await hydrateComments(
    deps.db,
    [...threadIds, ...replies.map((r) => r.id)],
    viewer?.id ?? null,
  );
  const byId = new Map(comments.map((c) => [c.id, c]));
  const repliesOf = new Map<string, TComment[]>();
  for (const r of replies) {
    const reply = byId.get(r.id);
    if (!reply) continue;
    const list = repliesOf.get(r.parent_id);
    if (list) list.push(reply);
    else repliesOf.set(r.parent_id, [reply]);
  }
  const items: TCommentThread[] = [];
  for (const id of threadIds) {
    const top = byId.get(id);
    if (top) items.push({ ...top, replies: repliesOf.get(id) ?? [] });
  }
  return { items, nextCursor };
}
