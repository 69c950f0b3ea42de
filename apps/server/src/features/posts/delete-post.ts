import { M } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { postMedia, posts } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { clearCommentsOfPost } from "../comments/post-cleanup.ts";
import { removeStoredFiles } from "../media/save-upload.ts";
import { findAccessiblePost } from "./visibility.ts";

/**
 * Deletes a post (its author, or an admin: recorded in the audit log with what it said) with everything hanging off it (media rows, likes, views, edits, mentions and
 * comments and the notifications about it cascade), then removes its stored files.
 */
export async function deletePost(deps: TDeps, viewer: TViewer | null, postId: string): Promise<void> {
  const me = requireViewer(viewer, M.posts.loginToDelete);
  const post = await findAccessiblePost(deps.db, postId, me.id);
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
  if (post.userId !== me.id && !me.isAdmin) throw new AppError("FORBIDDEN", M.posts.ownDelete);

  const files = await deps.db.transaction(async (tx) => {
    const stored = await tx
      .select({ path: postMedia.storagePath })
      .from(postMedia)
      .where(eq(postMedia.postId, post.id));
    const commentFiles = await clearCommentsOfPost(tx, post.id);
    const [removed] = await tx
      .delete(posts)
      .where(eq(posts.id, post.id))
      .returning({ content: posts.content, communityId: posts.communityId });
    if (removed && post.userId !== me.id) {
      await recordAdminAction(tx, {
        actorId: me.id,
        action: "post.delete",
        targetType: "post",
        targetId: post.id,
        summary: "Deleted a post by another member",
        detail: {
          authorId: post.userId,
          communityId: removed.communityId,
          before: { content: removed.content.slice(0, 500) },
        },
      });
    }
    return [...stored.map((f) => f.path), ...commentFiles];
  });
  await removeStoredFiles(deps, files);
}
