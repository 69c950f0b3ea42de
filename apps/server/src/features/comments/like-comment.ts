import { M, type TLikeState } from "@plugs/domain";
import { and, eq, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { postCommentLikes, postComments } from "../../db/schema/index.ts";
import { AppError, isForeignKeyViolation } from "../../errors.ts";
import { requireAccessibleComment } from "./comment-access.ts";
import { awardCommentLikePoints } from "./reaction-points.ts";

/**
 * Likes a comment. The like row and likes_count move together in one transaction, and the counter moves only when a
 * row was really inserted, so a duplicate like is ignored and concurrent likes cannot drift.
 */
export async function likeComment(
  deps: TDeps,
  viewer: TViewer | null,
  commentId: string,
): Promise<TLikeState> {
  const me = requireViewer(viewer, M.comments.loginToLike);
  const { comment, post } = await requireAccessibleComment(deps.db, commentId, me.id);
  if (!post.canInteract) throw new AppError("FORBIDDEN", M.comments.memberToLike);
  try {
    return await deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(postCommentLikes)
        .values({ commentId: comment.id, userId: me.id })
        .onConflictDoNothing()
        .returning({ commentId: postCommentLikes.commentId });
      if (inserted.length > 0) {
        await awardCommentLikePoints(deps, tx, {
          commentId: comment.id,
          commentAuthorId: comment.userId,
          userId: me.id,
        });
      }
      const [row] =
        inserted.length > 0
          ? await tx
              .update(postComments)
              .set({ likesCount: sql`${postComments.likesCount} + 1` })
              .where(eq(postComments.id, comment.id))
              .returning({ likesCount: postComments.likesCount })
          : await tx
              .select({ likesCount: postComments.likesCount })
              .from(postComments)
              .where(eq(postComments.id, comment.id));
      return { liked: true, likesCount: row?.likesCount ?? 0 };
    });
  } catch (err) {
    // The comment was deleted between the check and the insert.
    if (isForeignKeyViolation(err)) throw new AppError("NOT_FOUND", M.comments.notFound);
    throw err;
  }
}

/** Takes a like back; unliking a comment you had not liked changes nothing. */
export async function unlikeComment(
  deps: TDeps,
  viewer: TViewer | null,
  commentId: string,
): Promise<TLikeState> {
  const me = requireViewer(viewer, M.comments.loginToLike);
  const { comment } = await requireAccessibleComment(deps.db, commentId, me.id);
  return deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(postCommentLikes)
      .where(and(eq(postCommentLikes.commentId, comment.id), eq(postCommentLikes.userId, me.id)))
      .returning({ commentId: postCommentLikes.commentId });
    const [row] =
      deleted.length > 0
        ? await tx
            .update(postComments)
            .set({ likesCount: sql`${postComments.likesCount} - 1` })
            .where(eq(postComments.id, comment.id))
            .returning({ likesCount: postComments.likesCount })
        : await tx
            .select({ likesCount: postComments.likesCount })
            .from(postComments)
            .where(eq(postComments.id, comment.id));
    return { liked: false, likesCount: row?.likesCount ?? 0 };
  });
}
