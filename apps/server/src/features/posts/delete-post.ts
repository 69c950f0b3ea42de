import { M } from "@plugs/domain";
import { and, eq, notLike } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { postMedia, posts } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { clearCommentsOfPost } from "../comments/post-cleanup.ts";
import { removeStoredFiles } from "../media/save-upload.ts";
import { findAccessiblePost } from "./visibility.ts";

/**
 * Deletes a post (its author only) with everything hanging off it (media rows, likes, views, edits, mentions and
 * comments and the notifications about it cascade), then removes its stored files.
 */
export async function deletePost(deps: TDeps, viewer: TViewer | null, postId: string): Promise<void> {
  const me = requireViewer(viewer, M.posts.loginToDelete);
  const post = await findAccessiblePost(deps.db, postId, me.id);
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
  if (post.userId !== me.id) throw new AppError("FORBIDDEN", M.posts.ownDelete);

  const files = await deps.db.transaction(async (tx) => {
    const stored = await tx
      .select({ path: postMedia.storagePath })
      .from(postMedia)
      .where(and(eq(postMedia.postId, post.id), notLike(postMedia.storagePath, "external:%")));
    const commentFiles = await clearCommentsOfPost(tx, post.id);
    await tx.delete(posts).where(eq(posts.id, post.id));
    return [...stored.map((f) => f.path), ...commentFiles];
  });
  await removeStoredFiles(deps, files);
}
