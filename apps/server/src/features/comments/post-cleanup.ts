import { eq, inArray } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { postCommentAttachments, postComments } from "../../db/schema/index.ts";

type TTx = Parameters<Parameters<TDb["transaction"]>[0]>[0];

/**
 * What deleting a post must clear of its comments besides the rows that cascade (comments, their attachments rows
 * and the notifications about them go with the post): the storage paths of the comments' files, to remove once the
 * post is gone. Runs in the post's delete transaction.
 */
export async function clearCommentsOfPost(tx: TTx, postId: string): Promise<string[]> {
  const ofPost = tx.select({ id: postComments.id }).from(postComments).where(eq(postComments.postId, postId));
  const files = await tx
    .select({ path: postCommentAttachments.filePath })
    .from(postCommentAttachments)
    .where(inArray(postCommentAttachments.commentId, ofPost));
  return files.map((f) => f.path);
}
