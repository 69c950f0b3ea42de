import { M, type TReactionEmoji, type TReactionState } from "@plugs/domain";
import { and, eq } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { postCommentReactions } from "../../db/schema/index.ts";
import { AppError, isForeignKeyViolation } from "../../errors.ts";
import { requireAccessibleComment } from "./comment-access.ts";
import { reactionStateOf } from "./comment-dto.ts";
import { awardReactionPoints } from "./reaction-points.ts";

/**
 * Adds an emoji reaction. Each emoji once per user per comment: the unique key decides, so of two concurrent
 * identical reactions exactly one is written and the other gets 409 with the spec's message and toast title.
 */
export async function addReaction(
  deps: TDeps,
  viewer: TViewer | null,
  commentId: string,
  emoji: TReactionEmoji,
): Promise<TReactionState> {
  const me = requireViewer(viewer, M.reactions.signIn);
  const { comment, post } = await requireAccessibleComment(deps.db, commentId, me.id);
  if (!post.canInteract) throw new AppError("FORBIDDEN", M.comments.memberToReact);
  try {
    await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(postCommentReactions)
        .values({ commentId: comment.id, userId: me.id, emoji })
        .onConflictDoNothing()
        .returning({ id: postCommentReactions.id });
      if (!inserted) {
        throw new AppError("CONFLICT", M.reactions.alreadyUsed, { title: M.reactions.alreadyUsedTitle });
      }
      await awardReactionPoints(deps, tx, {
        commentId: comment.id,
        commentAuthorId: comment.userId,
        userId: me.id,
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError("NOT_FOUND", M.comments.notFound);
    throw err;
  }
  return reactionStateOf(deps.db, comment.id, me.id);
}

/** Takes a reaction back; taking back one you had not made changes nothing. */
export async function removeReaction(
  deps: TDeps,
  viewer: TViewer | null,
  commentId: string,
  emoji: TReactionEmoji,
): Promise<TReactionState> {
  const me = requireViewer(viewer, M.reactions.signIn);
  const { comment } = await requireAccessibleComment(deps.db, commentId, me.id);
  await deps.db
    .delete(postCommentReactions)
    .where(
      and(
        eq(postCommentReactions.commentId, comment.id),
        eq(postCommentReactions.userId, me.id),
        eq(postCommentReactions.emoji, emoji),
      ),
    );
  return reactionStateOf(deps.db, comment.id, me.id);
}
