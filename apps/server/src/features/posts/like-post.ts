import { M, type TLikeState } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { AppError, isForeignKeyViolation } from "../../errors.ts";
import { canInteract, findAccessiblePost, isUuid, reachableBy } from "./visibility.ts";

/**
 * Likes (step 1) or unlikes (step -1) a post in one statement (one transaction, one round trip), if the viewer may:
 * `target` is the post when `allowed` holds for it. The like row and likes_count move together: the counter moves
 * only when a row was really inserted or deleted, so a repeat changes nothing and concurrent ones cannot drift (each
 * counter update waits for the post's row lock). The count is the moved one, or the current one when nothing
 * moved; null when the post was not a target (the caller then finds out why).
 */
async function moveLike(deps: TDeps, postId: string, viewerId: string, step: 1 | -1): Promise<number | null> {
  if (!isUuid(postId)) return null;
  const change =
    step === 1
      ? sql`insert into post_likes (post_id, user_id) select id, ${viewerId} from target on conflict do nothing`
      : sql`delete from post_likes where post_id = (select id from target) and user_id = ${viewerId}`;
  // Liking needs what commenting needs (a community post: active membership); taking a like back only needs the
  // post to be reachable, so an author who left their community can still undo theirs.
  const allowed = step === 1 ? canInteract(viewerId) : reachableBy(viewerId);
  const [row] = await queryRows<{ found: boolean; likes_count: number | null }>(
    deps.db,
    sql`with target as (select p.id from posts p where p.id = ${postId} and ${allowed}),
      changed as (${change} returning post_id),
      counted as (update posts set likes_count = likes_count + ${sql.raw(String(step))}
        where id = (select post_id from changed) returning likes_count)
      select exists (select 1 from target) as found, coalesce((select likes_count from counted),
        (select likes_count from posts where id = (select id from target))) as likes_count`,
  );
  return row?.found ? (row.likes_count ?? 0) : null;
}

/** Why a post could not be liked or unliked: it cannot be reached (404), or only its author may reach it (403). */
async function refusal(deps: TDeps, postId: string, viewerId: string): Promise<AppError> {
  const post = await findAccessiblePost(deps.db, postId, viewerId);
  // Reachable by an author who left (or was banned from) the post's community: they still see their post.
  if (post && !post.canInteract) return new AppError("FORBIDDEN", M.posts.memberToLike);
  return new AppError("NOT_FOUND", M.posts.notFound);
}

/** Likes a post; a second like is ignored. */
export async function likePost(deps: TDeps, viewer: TViewer | null, postId: string): Promise<TLikeState> {
  const me = requireViewer(viewer, M.posts.signInToLike);
  let likesCount: number | null;
  try {
    likesCount = await moveLike(deps, postId, me.id, 1);
  } catch (err) {
    // The post was deleted between the statement's check and its insert.
    if (isForeignKeyViolation(err)) throw new AppError("NOT_FOUND", M.posts.notFound);
    throw err;
  }
  if (likesCount === null) throw await refusal(deps, postId, me.id);
  return { liked: true, likesCount };
}

/** Takes a like back; unliking a post you had not liked changes nothing. */
export async function unlikePost(deps: TDeps, viewer: TViewer | null, postId: string): Promise<TLikeState> {
  const me = requireViewer(viewer, M.posts.signInToLike);
  const likesCount = await moveLike(deps, postId, me.id, -1);
  if (likesCount === null) throw await refusal(deps, postId, me.id);
  return { liked: false, likesCount };
}
