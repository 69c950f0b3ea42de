import { M } from "./messages.ts";

export type TFileKind = "image" | "document" | "video";

const KB = 1024;
const MB = 1024 * KB;

export type TFileRule = { maxBytes: number; megabytes: number; mimes: readonly string[] };

/** A kind's rule from its one size constant: the limit in bytes and the megabytes its message names are one number. */
function fileRule(megabytes: number, mimes: readonly string[]): TFileRule {
  return { maxBytes: megabytes * MB, megabytes, mimes };
}

/** Per-kind rules from the spec's validation section. `mimes` are the types we accept, as detected from the bytes. */
export const FILE_RULES: Record<TFileKind, TFileRule> = {
  image: fileRule(5, ["image/jpeg", "image/png", "image/gif", "image/webp"]),
  document: fileRule(10, [
    "application/pdf",
    "application/msword",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.ms-excel",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.ms-powerpoint",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "text/plain",
    "application/rtf",
  ]),
  video: fileRule(50, ["video/mp4", "video/quicktime", "video/x-msvideo"]),
};

/**
 * The most pixels an uploaded image may have (all frames of an animation together). Decoding costs about 4 bytes a
 * pixel, so 50 megapixels is some 200 MB of memory; a phone's photo is 12 to 48. A small file claiming more (a
 * decompression bomb) is refused from its header, before it is decoded.
 */
export const IMAGE_MAX_MEGAPIXELS = 50;
export const IMAGE_MAX_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;

/** A byte count as a limit's message names it, in the spec's style: "5MB", "51MB", "64KB", "1.5MB". */
export function sizeInWords(bytes: number): string {
  return bytes >= MB ? `${Number((bytes / MB).toFixed(1))}MB` : `${Number((bytes / KB).toFixed(1))}KB`;
}

/** The extension we store a file under, chosen from its detected type, never from the name it came with. */
export const EXTENSION_BY_MIME: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-powerpoint": "ppt",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "text/plain": "txt",
  "application/rtf": "rtf",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/x-msvideo": "avi",
};

export function kindOfMime(mime: string): TFileKind | null {
  for (const kind of Object.keys(FILE_RULES) as TFileKind[]) {
    if (FILE_RULES[kind].mimes.includes(mime)) return kind;
  }
  return null;
}

/**
 * The browser-side check (by claimed type and size) that mirrors the server's byte check, for fast feedback.
 * Returns the spec's message, or null when the file may be sent.
 */
export function checkFileClaim(
  file: { type: string; size: number } | null | undefined,
  allowed: readonly TFileKind[],
): string | null {
  if (!file) return M.files.noFile;
  const kind = kindOfMime(file.type);
  if (!kind || !allowed.includes(kind)) return M.files.unsupported;
  const rule = FILE_RULES[kind];
  if (file.size > rule.maxBytes) return M.files.tooLarge(kind, rule.megabytes);
  return null;
}
