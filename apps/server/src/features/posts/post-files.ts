import type { TDeps } from "../../context.ts";
import { saveUploadedFile, type TSavedUpload } from "../media/save-upload.ts";

/** The folder a post's files live in (the spec's post_media bucket, one folder per post). */
export function postMediaFolder(postId: string): string {
  return `post_media/${postId}`;
}

/**
 * Stores a post's files in order (images and videos only, checked by their bytes; images re-encoded). If one is
 * refused, the ones already stored are removed before the error goes on, so nothing is left behind.
 */
export async function savePostFiles(deps: TDeps, postId: string, files: File[]): Promise<TSavedUpload[]> {
  const saved: TSavedUpload[] = [];
  try {
    for (const file of files) {
      saved.push(
        await saveUploadedFile(deps, {
          folder: postMediaFolder(postId),
          file,
          allowedKinds: ["image", "video"],
        }),
      );
    }
  } catch (err) {
    await removePostFiles(
      deps,
      saved.map((f) => f.path),
    );
    throw err;
  }
  return saved;
}

/** Removes stored files; a failure is logged, never thrown (the post is already gone or was never made). */
export async function removePostFiles(deps: TDeps, paths: string[]): Promise<void> {
  await Promise.all(
    paths.map(async (path) => {
      try {
        await deps.storage.delete(path);
      } catch (err) {
        deps.logger.warn({ err, path }, "could not remove a post file");
      }
    }),
  );
}
