import { M, type TLikeState } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { findAccessiblePost, queryRows } from "./visibility.ts";

function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23503" || e?.cause?.code === "23503";
}

/**
 * The like row and likes_count move together in one statement (one transaction, one round trip): the counter moves
 * only when `change` really inserted or deleted a row, so a duplicate like or unlike changes nothing and concurrent
 * ones cannot drift (each counter update waits for the post's row lock). The count is the updated one, or the
 * current one when nothing changed.
 */
async function moveLike(deps: TDeps, postId: string, change: SQL, step: 1 | -1): Promise<number> {
  const [row] = await queryRows<{ likes_count: number | null }>(
    deps.db,
    sql`with changed as (${change} returning post_id),
      counted as (update posts set likes_count = likes_count + ${sql.raw(String(step))}
        where id = ${postId} and exists (select 1 from changed) returning likes_count)
      select coalesce((select likes_count from counted),
        (select likes_count from posts where id = ${postId})) as likes_count`,
  );
  return row?.likes_count ?? 0;
}

/** Likes a post; a second like is ignored. */
export async function likePost(deps: TDeps, viewer: TViewer | null, postId: string): Promise<TLikeState> {
  const me = requireViewer(viewer, M.posts.signInToLike);
  const post = await findAccessiblePost(deps.db, postId, me.id);
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
  // Reachable by an author who left (or was banned from) the post's community: they still see their post.
  if (!post.canInteract) throw new AppError("FORBIDDEN", M.posts.memberToLike);
  try {
    const insert = sql`insert into post_likes (post_id, user_id) values (${post.id}, ${me.id})
      on conflict do nothing`;
    return { liked: true, likesCount: await moveLike(deps, post.id, insert, 1) };
  } catch (err) {
    // The post was deleted between the check and the insert.
    if (isForeignKeyViolation(err)) throw new AppError("NOT_FOUND", M.posts.notFound);
    throw err;
  }
}

/** Takes a like back; unliking a post you had not liked changes nothing. */
export async function unlikePost(deps: TDeps, viewer: TViewer | null, postId: string): Promise<TLikeState> {
  const me = requireViewer(viewer, M.posts.signInToLike);
  const post = await findAccessiblePost(deps.db, postId, me.id);
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
  const remove = sql`delete from post_likes where post_id = ${post.id} and user_id = ${me.id}`;
  return { liked: false, likesCount: await moveLike(deps, post.id, remove, -1) };
}
