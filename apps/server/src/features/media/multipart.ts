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
 * Refuses any request body over MAX_REQUEST_BYTES with 413 and the error envelope, before it is read. GET and HEAD
 * carry no body the app reads, so they skip the check. A body with a Content-Length is judged by it (Node's parser
 * never reads past it) without touching `c.req.raw.body`: asking for the body makes the Node adapter build a full
 * fetch Request (a ReadableStream, an AbortController, copied headers: ~100 µs of a like's or a comment's CPU), and
 * reading the body afterwards then goes through it instead of straight from Node's request. A chunked body is
 * counted as it is read.
 */
export function requestBodyLimit(maxSize = MAX_REQUEST_BYTES): MiddlewareHandler {
  const tooLarge = () => {
    throw new AppError("TOO_LARGE", M.files.requestTooLarge);
  };
  const limit = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    if (c.req.header("transfer-encoding") !== undefined) return limit(c, next);
    const length = c.req.header("content-length");
    if (length !== undefined && Number.parseInt(length, 10) > maxSize) tooLarge();
    return next();
  };
}
