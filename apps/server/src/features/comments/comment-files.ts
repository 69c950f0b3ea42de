import type { TDeps } from "../../context.ts";
import { saveUploadedFile, type TSavedUpload } from "../media/save-upload.ts";

/** The folder a comment's files live in (the spec's comment_attachments bucket, one folder per comment). */
export function commentFolder(commentId: string): string {
  return `comment_attachments/${commentId}`;
}

/**
 * Stores a comment's files in order: images, documents and videos, checked by their bytes (a file that only claims
 * to be a document, such as HTML named report.pdf, is refused), images re-encoded. If one is refused, those already
 * stored are removed before the error goes on.
 */
export async function saveCommentFiles(
  deps: TDeps,
  commentId: string,
  files: File[],
): Promise<TSavedUpload[]> {
  const saved: TSavedUpload[] = [];
  try {
    for (const file of files) {
      saved.push(
        await saveUploadedFile(deps, {
          folder: commentFolder(commentId),
          file,
          allowedKinds: ["image", "document", "video"],
        }),
      );
    }
  } catch (err) {
    await removeCommentFiles(
      deps,
      saved.map((f) => f.path),
    );
    throw err;
  }
  return saved;
}

/** Removes stored files; a failure is logged, never thrown (the comment is already gone or was never made). */
export async function removeCommentFiles(deps: TDeps, paths: string[]): Promise<void> {
  await Promise.all(
    paths.map(async (path) => {
      try {
        await deps.storage.delete(path);
      } catch (err) {
        deps.logger.warn({ err, path }, "could not remove a comment file");
      }
    }),
  );
}
