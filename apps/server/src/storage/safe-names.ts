/**
 * Names in storage are built only from characters that are safe on every disk, in every URL and as S3 keys:
 * letters, digits, `_`, `-` and (inside a file name) `.`. Nothing from a user reaches a path unsanitized.
 */

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;
const MAX_STEM = 80;

/** True for a storage key (`folder/.../name.ext`) made only of safe segments; `.`/`..` and empty segments are not. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && !/^\.+$/.test(segment));
}

/**
 * Checks a folder chosen by our own code (`posts/<uuid>`). A bad folder is a programming error, so it throws
 * rather than silently rewriting (which could merge two owners' folders).
 */
export function checkFolder(folder: string): string {
  const trimmed = folder.replace(/^\/+|\/+$/g, "");
  if (!isSafeKey(trimmed)) throw new Error(`Unsafe storage folder: ${JSON.stringify(folder)}`);
  return trimmed;
}

/**
 * Splits a user's file name into a safe stem and extension: the last path part only, accents folded, anything
 * outside [A-Za-z0-9_-] turned into `-`. `../../etc/My Résumé (1).PDF` gives `{ stem: "My-Resume-1", ext: "pdf" }`.
 */
export function safeFileName(desired: string): { stem: string; ext: string } {
  const base = desired.split(/[/\\]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const rawStem = dot > 0 ? base.slice(0, dot) : base;
  const rawExt = dot > 0 ? base.slice(dot + 1) : "";
  const stem = rawStem
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
    .slice(0, MAX_STEM)
    .replace(/[-_]+$/, "");
  const ext = rawExt
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .slice(0, 10);
  return { stem: stem || "file", ext };
}

/** The n-th candidate name for a stem: `photo.jpg`, then `photo-1.jpg`, `photo-2.jpg`, ... */
export function candidateName(stem: string, ext: string, n: number): string {
  const name = n === 0 ? stem : `${stem}-${n}`;
  return ext ? `${name}.${ext}` : name;
}

/** The user's own name for display (comment attachments): last path part, no control characters, at most 255. */
export function displayName(fileName: string): string {
  const base = (fileName.split(/[/\\]/).pop() ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return base.slice(0, 255) || "file";
}
