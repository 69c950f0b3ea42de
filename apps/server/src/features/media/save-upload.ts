import type { TFileKind } from "@plugs/domain";
import type { TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { displayName, safeFileName } from "../../storage/safe-names.ts";
import { inspectUpload } from "./inspect-upload.ts";
import { reencodeImage } from "./reencode-image.ts";

export type TSavedUpload = {
  /** Storage key (`posts/<id>/photo-1.jpg`): keep it to delete the file later. */
  path: string;
  /** Root-relative public URL (`/media/posts/<id>/photo-1.jpg`). */
  url: string;
  mime: string;
  kind: TFileKind;
  /** Bytes stored (after re-encoding, for images). */
  size: number;
  width: number | null;
  height: number | null;
  /** The name the user's file had, for display (never used as a path). */
  originalName: string;
};

/**
 * Checks an upload by its bytes, re-encodes images (metadata stripped, size recorded), and stores it in `folder`
 * under the user's name (sanitized) with the extension of its real type, never overwriting. Throws AppError
 * (400/413/415) with the spec's messages.
 */
export async function saveUpload(
  deps: Pick<TDeps, "storage">,
  input: {
    folder: string;
    fileName: string;
    bytes: Uint8Array | null | undefined;
    allowedKinds: readonly TFileKind[];
  },
): Promise<TSavedUpload> {
  const inspected = await inspectUpload(input);
  let bytes = input.bytes as Uint8Array;
  let width: number | null = null;
  let height: number | null = null;
  if (inspected.kind === "image") ({ bytes, width, height } = await reencodeImage(bytes, inspected.mime));
  const originalName = displayName(input.fileName);
  const stored = await deps.storage.put(
    input.folder,
    `${safeFileName(originalName).stem}.${inspected.ext}`,
    bytes,
    inspected.mime,
  );
  return {
    ...stored,
    mime: inspected.mime,
    kind: inspected.kind,
    size: bytes.byteLength,
    width,
    height,
    originalName,
  };
}

/** saveUpload for a File from a multipart body (see fileOf/filesOf); a null file is 'No file provided'. */
export async function saveUploadedFile(
  deps: Pick<TDeps, "storage">,
  input: { folder: string; file: File | null | undefined; allowedKinds: readonly TFileKind[] },
): Promise<TSavedUpload> {
  const { file, ...rest } = input;
  return saveUpload(deps, {
    ...rest,
    fileName: file?.name ?? "",
    bytes: file ? new Uint8Array(await file.arrayBuffer()) : null,
  });
}

/**
 * Stores a list of uploads in order into one folder (a post's media, a comment's attachments, a report's
 * screenshots). If one is refused, those already stored are removed before the error goes on, so nothing is left;
 * with `field`, the error also names the refused file as `{field}.{index}` in its fields, so a form can mark it.
 */
export async function saveUploadedFiles(
  deps: Pick<TDeps, "storage" | "logger">,
  input: { folder: string; files: File[]; allowedKinds: readonly TFileKind[]; field?: string },
): Promise<TSavedUpload[]> {
  const saved: TSavedUpload[] = [];
  try {
    for (const file of input.files) {
      saved.push(
        await saveUploadedFile(deps, { folder: input.folder, file, allowedKinds: input.allowedKinds }),
      );
    }
  } catch (err) {
    await removeStoredFiles(
      deps,
      saved.map((f) => f.path),
    );
    if (err instanceof AppError && input.field) {
      const fields = { ...err.options.fields, [`${input.field}.${saved.length}`]: err.message };
      throw new AppError(err.code, err.message, { ...err.options, fields });
    }
    throw err;
  }
  return saved;
}

/** The storage path of what stays elsewhere (a GIPHY GIF): nothing of ours to remove. */
export const EXTERNAL_PATH_PREFIX = "external:";

/** Removes stored files; a failure is logged, never thrown (what owned them is already gone or was never made). */
export async function removeStoredFiles(
  deps: Pick<TDeps, "storage" | "logger">,
  paths: string[],
): Promise<void> {
  await Promise.all(
    paths
      .filter((path) => !path.startsWith(EXTERNAL_PATH_PREFIX))
      .map(async (path) => {
        try {
          await deps.storage.delete(path);
        } catch (err) {
          deps.logger.warn({ err, path }, "could not remove a stored file");
        }
      }),
  );
}
