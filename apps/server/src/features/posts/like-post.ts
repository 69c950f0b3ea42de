import { M, type TLikeState } from "@plugs/domain";
import { and, eq, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { postLikes, posts } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { findAccessiblePost } from "./visibility.ts";

function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23503" || e?.cause?.code === "23503";
}

/**
 * Likes a post. The like row and likes_count move together in one transaction, and the counter moves only when
 * a row was really inserted, so a duplicate like is silently ignored and concurrent likes cannot drift.
 */
export async function likePost(deps: TDeps, viewer: TViewer | null, postId: string): Promise<TLikeState> {
  const me = requireViewer(viewer, M.posts.signInToLike);
  const post = await findAccessiblePost(deps.db, postId, me.id);
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
  // Reachable by an author who left (or was banned from) the post's community: they still see their post.
  if (!post.canInteract) throw new AppError("FORBIDDEN", M.posts.memberToLike);
  try {
    return await deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(postLikes)
        .values({ postId: post.id, userId: me.id })
        .onConflictDoNothing()
        .returning({ postId: postLikes.postId });
      const [row] =
        inserted.length > 0
          ? await tx
              .update(posts)
              .set({ likesCount: sql`${posts.likesCount} + 1` })
              .where(eq(posts.id, post.id))
              .returning({ likesCount: posts.likesCount })
          : await tx.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, post.id));
      return { liked: true, likesCount: row?.likesCount ?? 0 };
    });
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
  return deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, post.id), eq(postLikes.userId, me.id)))
      .returning({ postId: postLikes.postId });
    const [row] =
      deleted.length > 0
        ? await tx
            .update(posts)
            .set({ likesCount: sql`${posts.likesCount} - 1` })
            .where(eq(posts.id, post.id))
            .returning({ likesCount: posts.likesCount })
        : await tx.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, post.id));
    return { liked: false, likesCount: row?.likesCount ?? 0 };
  });
}
