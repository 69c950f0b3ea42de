import { M } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { postComments } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { findAccessiblePost, isUuid, notBanned, type TAccessiblePost } from "../posts/visibility.ts";

export type TCommentRef = {
  id: string;
  postId: string;
  userId: string;
  parentId: string | null;
  /**
   * No admin removed it and its author is not under a site ban: readers see the comment (a hidden one is "not
   * found" to them).
   */
  shown: boolean;
};

/** The comment row by id, whoever asks (null for a malformed or unknown id). */
export async function findComment(db: TDb, commentId: string): Promise<TCommentRef | null> {
  if (!isUuid(commentId)) return null;
  const [row] = await db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      userId: postComments.userId,
      parentId: postComments.parentId,
      shown: sql<boolean>`${postComments.removedAt} is null and ${notBanned(sql`${postComments.userId}`)}`,
    })
    .from(postComments)
    .where(eq(postComments.id, commentId));
  return row ?? null;
}

/**
 * A comment as the viewer may reach it: it exists, its author is not under a site ban and its post is visible to
 * them (posts/visibility.ts). Otherwise 404 'Comment not found', the same answer for a comment that does not exist
 * and one the viewer may not see, so nothing leaks.
 */
export async function requireAccessibleComment(
  db: TDb,
  commentId: string,
  viewerId: string | null,
): Promise<{ comment: TCommentRef; post: TAccessiblePost }> {
  const comment = await findComment(db, commentId);
  const post = comment?.shown ? await findAccessiblePost(db, comment.postId, viewerId) : null;
  if (!comment || !post) throw new AppError("NOT_FOUND", M.comments.notFound);
  return { comment, post };
}
