import { randomBytes } from "node:crypto";
import { candidateName, checkFolder, safeFileName } from "./safe-names.ts";

/** Inclusive byte range asked for by a `Range: bytes=start-end` header (end open when absent). */
export type TByteRange = { start: number; end?: number };

/**
 * A stored file opened for serving. `size` is the whole file's; `range` the part `body` holds (null: all of it).
 * `body` is null when the asked range starts past the end (the route answers 416).
 */
export type TStoredObject = {
  size: number;
  range: { start: number; end: number } | null;
  body: ReadableStream<Uint8Array> | null;
};

/**
 * Where uploads live. Keys (`path`) are `folder/name.ext` made of safe characters only (safe-names.ts).
 * `put` never overwrites: a taken name becomes `name-1.ext`, `name-2.ext`, ... decided atomically by the driver.
 */
export type TStorage = {
  kind: "local" | "s3";
  put(
    folder: string,
    desiredName: string,
    bytes: Uint8Array,
    contentType: string,
  ): Promise<{ path: string; url: string }>;
  /** Removes a stored file; a missing one is not an error. */
  delete(path: string): Promise<void>;
  /** Opens a stored file (or part of it) for serving; null when there is no such file. */
  read(path: string, range?: TByteRange): Promise<TStoredObject | null>;
  /** The public URL of a stored file. Root-relative, so it works behind any host name. */
  url(path: string): string;
};

export const MEDIA_PREFIX = "/media/";

export function mediaUrl(key: string): string {
  return `${MEDIA_PREFIX}${key}`;
}

const SUFFIX_TRIES = 100;

/**
 * The never-overwrite loop both drivers share: `tryCreate(key)` must create the file only if the key is free
 * (open with 'wx', S3 `If-None-Match: *`) and say whether it did. After 100 taken names a random suffix is used.
 */
export async function putWithoutOverwrite(
  folder: string,
  desiredName: string,
  tryCreate: (key: string) => Promise<boolean>,
): Promise<string> {
  const dir = checkFolder(folder);
  const { stem, ext } = safeFileName(desiredName);
  for (let n = 0; n < SUFFIX_TRIES; n++) {
    const key = `${dir}/${candidateName(stem, ext, n)}`;
    if (await tryCreate(key)) return key;
  }
  for (;;) {
    const key = `${dir}/${candidateName(`${stem}-${randomBytes(6).toString("hex")}`, ext, 0)}`;
    if (await tryCreate(key)) return key;
  }
}
