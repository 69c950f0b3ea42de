import type { TDeps } from "../../context.ts";
import { awardPointsSafely, type TDbOrTx } from "../points/award-points.ts";

/**
 * A reaction to someone else's comment earns the reactor 'emoji_reaction' points (the activity's daily cap
 * applies), once per comment ever: keyed by the comment, not by the reaction's row or its emoji, so removing a
 * reaction and adding it again, or swapping one emoji for another, pays nothing. Paid inside the reaction's
 * transaction; the comment's author as owner makes a reaction to one's own comment earn nothing.
 */
export async function awardReactionPoints(
  deps: Pick<TDeps, "db" | "logger">,
  tx: TDbOrTx,
  reaction: { commentId: string; commentAuthorId: string; userId: string },
): Promise<void> {
  await awardPointsSafely(
    deps,
    {
      userId: reaction.userId,
      activity: "emoji_reaction",
      referenceId: reaction.commentId,
      referenceType: "comment",
      ownerId: reaction.commentAuthorId,
    },
    tx,
  );
}

/**
 * 'comment_vote' is the spec's "vote on a comment"; comments have likes as their only vote, so a first like of
 * someone else's comment earns it, keyed by (liker, comment) so unlike and like again never pays twice.
 */
export async function awardCommentLikePoints(
  deps: Pick<TDeps, "db" | "logger">,
  tx: TDbOrTx,
  like: { commentId: string; commentAuthorId: string; userId: string },
): Promise<void> {
  await awardPointsSafely(
    deps,
    {
      userId: like.userId,
      activity: "comment_vote",
      referenceId: like.commentId,
      referenceType: "comment",
      ownerId: like.commentAuthorId,
    },
    tx,
  );
}
