import type { TComment, TCommentsPage } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { postCommentReactions, postComments, posts } from "../../db/schema/index.ts";
import type { TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";

/** Request and seeding helpers shared by the comments tests. */

export type TUpload = { bytes: Uint8Array; name: string; type: string };

/** The multipart body of POST /api/posts/:id/comments. */
export function commentForm(fields: {
  content?: string;
  parentId?: string;
  attachments?: TUpload[];
  /** GIFs as the picker hands them over (a string is sent as it is: a malformed field). */
  gifs?: unknown[] | string;
}): FormData {
  const form = new FormData();
  if (fields.content !== undefined) form.set("content", fields.content);
  if (fields.parentId !== undefined) form.set("parentId", fields.parentId);
  if (fields.gifs !== undefined)
    form.set("gifs", typeof fields.gifs === "string" ? fields.gifs : JSON.stringify(fields.gifs));
  for (const file of fields.attachments ?? []) {
    form.append("attachments", new File([file.bytes], file.name, { type: file.type }));
  }
  return form;
}

export function postComment(
  server: TTestServer,
  cookie: string | undefined,
  postId: string,
  fields: Parameters<typeof commentForm>[0],
) {
  return call<TComment>(server, "POST", `/api/posts/${postId}/comments`, {
    ...(cookie ? { cookie } : {}),
    form: commentForm(fields),
  });
}

/** Posts a comment and fails the test unless it was created. */
export async function commentAs(
  server: TTestServer,
  cookie: string,
  postId: string,
  fields: Parameters<typeof commentForm>[0],
): Promise<TComment> {
  const res = await postComment(server, cookie, postId, fields);
  if (res.status !== 201) throw new Error(`commenting failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export function listComments(server: TTestServer, cookie: string | undefined, postId: string, query = "") {
  return call<TCommentsPage>(server, "GET", `/api/posts/${postId}/comments${query}`, {
    ...(cookie ? { cookie } : {}),
  });
}

/** posts.comments_count next to the number of comment rows it counts. */
export async function commentCounts(server: TTestServer, postId: string) {
  const [post] = await server.deps.db
    .select({ commentsCount: posts.commentsCount })
    .from(posts)
    .where(eq(posts.id, postId));
  const [rows] = await server.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(postComments)
    .where(eq(postComments.postId, postId));
  return { commentsCount: post?.commentsCount, rows: rows?.n };
}

/** The reaction rows of a comment per emoji, straight from the table. */
export async function reactionRows(server: TTestServer, commentId: string): Promise<Record<string, number>> {
  const rows = await server.deps.db
    .select({ emoji: postCommentReactions.emoji, n: sql<number>`count(*)::int` })
    .from(postCommentReactions)
    .where(eq(postCommentReactions.commentId, commentId))
    .groupBy(postCommentReactions.emoji);
  return Object.fromEntries(rows.map((r) => [r.emoji, r.n]));
}

export const MISSING_ID = "7d4e8c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6";
