import { and, eq, inArray } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { mentionNotifications, postCommentAttachments, postComments } from "../../db/schema/index.ts";

type TTx = Parameters<Parameters<TDb["transaction"]>[0]>[0];

/**
 * What deleting a post must clear of its comments besides the rows that cascade: their "mentioned you"
 * notifications (no foreign key, a source may be a post or a comment). Returns the storage paths of the comments'
 * files, to remove once the post is gone. Runs in the post's delete transaction.
 */
export async function clearCommentsOfPost(tx: TTx, postId: string): Promise<string[]> {
  const ofPost = tx.select({ id: postComments.id }).from(postComments).where(eq(postComments.postId, postId));
  const files = await tx
    .select({ path: postCommentAttachments.filePath })
    .from(postCommentAttachments)
    .where(inArray(postCommentAttachments.commentId, ofPost));
  await tx
    .delete(mentionNotifications)
    .where(
      and(eq(mentionNotifications.sourceType, "comment"), inArray(mentionNotifications.sourceId, ofPost)),
    );
  return files.map((f) => f.path);
}
