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

/** Any body but an upload's; the largest JSON the API takes (an airdrop to 500 names) is a few kilobytes. */
export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Hono's bodyLimit with the error envelope: a body over `maxSize` is refused with 413 from its Content-Length before
 * it is read, or cut off while it streams when the header is missing or lies. GET and HEAD carry no body the app
 * reads, so they pass without looking. An upload route sets its own (tighter) limit on top of `defaultBodyLimit`.
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

/**
 * The app-wide limit: an upload (multipart/form-data) may be as large as the largest file allows, and its route
 * narrows that; any other body is held to MAX_JSON_BYTES, so no JSON route reads megabytes it would refuse anyway.
 */
export function defaultBodyLimit(): MiddlewareHandler {
  const upload = requestBodyLimit(MAX_REQUEST_BYTES);
  const json = requestBodyLimit(MAX_JSON_BYTES);
  return (c, next) =>
    (c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data") ? upload : json)(c, next);
}
