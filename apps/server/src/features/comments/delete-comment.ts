import { M } from "@plugs/domain";
import { eq, inArray, or, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { notifications, postCommentAttachments, postComments, posts } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction, type TAdminAction } from "../admin/record-admin-action.ts";
import { removeStoredFiles } from "../media/save-upload.ts";
import { findAccessiblePost } from "../posts/visibility.ts";
import { findComment } from "./comment-access.ts";

/**
 * Deletes a comment (its author or an admin); a top-level comment takes its replies with it. The author and admins
 * are not asked whether they can still see the post (an author who left the community may still remove what they
 * wrote); anyone else learns only what they could see: 404 for a comment on a hidden post, otherwise 403.
 */
export async function deleteComment(deps: TDeps, viewer: TViewer | null, commentId: string): Promise<void> {
  const me = requireViewer(viewer, M.comments.loginToDelete);
  const comment = await findComment(deps.db, commentId);
  if (!comment) throw new AppError("NOT_FOUND", M.comments.notFound);
  if (comment.userId !== me.id && !me.isAdmin) {
    const post = await findAccessiblePost(deps.db, comment.postId, me.id);
    if (!post) throw new AppError("NOT_FOUND", M.comments.notFound);
    throw new AppError("FORBIDDEN", M.comments.ownDelete);
  }
  // An admin removing someone else's comment is an admin action, recorded with the removal.
  const audit: TAdminAction | null =
    comment.userId === me.id
      ? null
      : {
          actorId: me.id,
          action: "comment.delete",
          targetType: "comment",
          targetId: comment.id,
          summary: "Deleted a comment by another member",
          detail: { postId: comment.postId, authorId: comment.userId },
        };
  const files = await removeThread(deps, comment.id, comment.postId, audit);
  await removeStoredFiles(deps, files);
}

/**
 * Deletes a comment and its replies in one transaction and lowers posts.comments_count by exactly the rows this
 * transaction deleted (counted from DELETE ... RETURNING). Locking the comment first makes a concurrent reply wait
 * (its foreign-key check needs the row), so no reply slips in unnoticed; rows someone else deleted meanwhile are
 * not counted twice. Returns the
 * storage paths of the removed attachments.
 */
async function removeThread(
  deps: TDeps,
  commentId: string,
  postId: string,
  audit: TAdminAction | null,
): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: postComments.id })
      .from(postComments)
      .where(eq(postComments.id, commentId))
      .for("update");
    if (locked.length === 0) return [];
    // Lock the replies too before touching any other row, so a reply being deleted by its own author at the same
    // time either finishes first or waits for this transaction (never a deadlock over its attachment rows).
    await tx
      .select({ id: postComments.id })
      .from(postComments)
      .where(eq(postComments.parentId, commentId))
      .orderBy(postComments.id)
      .for("update");
    const inThread = or(eq(postComments.id, commentId), eq(postComments.parentId, commentId));
    const files = await tx
      .delete(postCommentAttachments)
      .where(
        inArray(
          postCommentAttachments.commentId,
          tx.select({ id: postComments.id }).from(postComments).where(inThread),
        ),
      )
      .returning({ path: postCommentAttachments.filePath });
    const replies = await tx
      .delete(postComments)
      .where(eq(postComments.parentId, commentId))
      .returning({ id: postComments.id });
    const self = await tx
      .delete(postComments)
      .where(eq(postComments.id, commentId))
      .returning({ id: postComments.id });
    const removed = [...self, ...replies].map((r) => r.id);
    if (removed.length > 0) {
      await tx.delete(notifications).where(inArray(notifications.commentId, removed));
      await tx
        .update(posts)
        .set({ commentsCount: sql`${posts.commentsCount} - ${removed.length}` })
        .where(eq(posts.id, postId));
      if (audit)
        await recordAdminAction(tx, { ...audit, detail: { ...audit.detail, removed: removed.length } });
    }
    return files.map((f) => f.path);
  });
}
