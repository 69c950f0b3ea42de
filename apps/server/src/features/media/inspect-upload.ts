import { EXTENSION_BY_MIME, FILE_RULES, kindOfMime, M, type TFileKind } from "@plugs/domain";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../../errors.ts";

export type TInspectedUpload = { kind: TFileKind; mime: string; ext: string };

/** Names file-type gives to formats we accept under another name. */
const MIME_ALIASES: Record<string, string> = {
  "video/vnd.avi": "video/x-msvideo",
  "video/x-m4v": "video/mp4",
  // An animated PNG is still a PNG; re-encoding keeps its first frame.
  "image/apng": "image/png",
};

/** Old Office files are all one container (CFB); which one it is, only the name tells. */
const CFB_BY_EXTENSION: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

const MARKUP_START = /<!doctype|<html|<script|<svg|<\?xml/;

/**
 * Decides what an upload really is from its bytes (never its name or claimed MIME type), then checks it against
 * the allowed kinds and the kind's size limit. Throws AppError with the spec's message: 400 'No file provided',
 * 415 unsupported, 413 'File too large. Maximum size for images is 5MB'.
 */
export async function inspectUpload(input: {
  bytes: Uint8Array | null | undefined;
  fileName: string;
  allowedKinds: readonly TFileKind[];
}): Promise<TInspectedUpload> {
  const { bytes, fileName, allowedKinds } = input;
  if (!bytes || bytes.byteLength === 0) throw new AppError("VALIDATION", M.files.noFile);
  const mime = await detectMime(bytes, fileName, allowedKinds);
  const kind = mime ? kindOfMime(mime) : null;
  const ext = mime ? EXTENSION_BY_MIME[mime] : undefined;
  if (!mime || !kind || !ext || !allowedKinds.includes(kind)) {
    throw new AppError("UNSUPPORTED_TYPE", M.files.unsupported);
  }
  const rule = FILE_RULES[kind];
  if (bytes.byteLength > rule.maxBytes)
    throw new AppError("TOO_LARGE", M.files.tooLarge(kind, rule.megabytes));
  return { kind, mime, ext };
}

async function detectMime(
  bytes: Uint8Array,
  fileName: string,
  allowedKinds: readonly TFileKind[],
): Promise<string | null> {
  const nameExt = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? "";
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    if (detected.mime === "application/x-cfb") return CFB_BY_EXTENSION[nameExt] ?? null;
    return MIME_ALIASES[detected.mime] ?? detected.mime;
  }
  // Plain text has no signature: accept it only where documents are, by name, and when it cannot pass for markup.
  if (allowedKinds.includes("document") && nameExt === "txt" && isPlainText(bytes)) return "text/plain";
  return null;
}

/** Valid UTF-8, no NUL, and nothing near the start that a browser could take for HTML, SVG or XML. */
export function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !MARKUP_START.test(text.slice(0, 1024).toLowerCase());
}
