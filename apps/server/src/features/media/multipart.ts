import { FILE_RULES, M } from "@plugs/domain";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../errors.ts";

/** What `c.req.parseBody({ all: true })` gives. */
export type TParsedBody = Record<string, string | File | (string | File)[]>;

/**
 * The files sent under `field` (also `field[]`), one or repeated. An empty file input (no name, no bytes)
 * counts as no file.
 */
export function filesOf(body: TParsedBody, field: string): File[] {
  return [body[field], body[`${field}[]`]]
    .flat()
    .filter((v): v is File => v instanceof File && !(v.size === 0 && v.name === ""));
}

/** The first file sent under `field`, or null. */
export function fileOf(body: TParsedBody, field: string): File | null {
  return filesOf(body, field)[0] ?? null;
}

/** Just above the largest upload (a 50 MB video) plus room for the multipart envelope and other fields. */
export const MAX_REQUEST_BYTES = FILE_RULES.video.maxBytes + 1024 * 1024;

/**
 * Hono's bodyLimit with the error envelope: a body over `maxSize` is refused with 413 from its Content-Length before
 * it is read, or cut off while it streams when the header is missing or lies. GET and HEAD carry no body the app
 * reads, so they pass without looking.
 */
export function requestBodyLimit(maxSize = MAX_REQUEST_BYTES): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError("TOO_LARGE", M.files.requestTooLarge);
    },
  });
  return (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limit(c, next));
}
