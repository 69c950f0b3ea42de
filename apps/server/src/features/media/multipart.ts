import { FILE_RULES, M, sizeInWords, type TFileKind } from "@plugs/domain";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../errors.ts";

/** What `c.req.parseBody({ all: true })` gives. */
export type TParsedBody = Record<string, string | File | (string | File)[]>;

/** A file really sent: not an empty file input (no name, no bytes), which a browser sends for a field left unpicked. */
function isFile(value: unknown): value is File {
  return value instanceof File && !(value.size === 0 && value.name === "");
}

/**
 * The files sent under `field`, one or repeated; an empty file input counts as no file. Only `field` itself: a
 * file under any other name (`field[]` too) is refused by `fileFields` before the route runs.
 */
export function filesOf(body: TParsedBody, field: string): File[] {
  return [body[field]].flat().filter(isFile);
}

/** The first file sent under `field`, or null. */
/**
 * A multipart text field that carries JSON (a list of GIFs, of alt texts): its value, checked afterwards by the
 * request's schema; blank is an empty list; text that is not JSON is a 400 with `message` on that field.
 */
export function jsonFieldOf(value: string | undefined, field: string, message: string): unknown {
  if (!value?.trim()) return [];
  try {
    return JSON.parse(value);
  } catch {
    throw new AppError("VALIDATION", message, { fields: { [field]: message } });
  }
}

export function fileOf(body: TParsedBody, field: string): File | null {
  return filesOf(body, field)[0] ?? null;
}

/** Room beside an upload's files for the multipart envelope and the text fields. */
const FORM_ROOM_BYTES = 1024 * 1024;

/** Just above the largest upload (a 50 MB video) plus room for the multipart envelope and other fields. */
export const MAX_REQUEST_BYTES = FILE_RULES.video.maxBytes + FORM_ROOM_BYTES;

/** Any body but an upload's, app-wide: no route takes more JSON than this (a route's own limit is lower). */
export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * A route's JSON body unless it says otherwise (defineRoute's `jsonLimit`): the largest the API takes, a 5000
 * character post written all in escapes or an airdrop to 500 names, is under 40 KB.
 */
export const JSON_BODY_BYTES = 64 * 1024;

/**
 * Hono's bodyLimit with the error envelope: a body over `maxSize` is refused with 413 from its Content-Length before
 * it is read, or cut off while it streams when the header is missing or lies. GET and HEAD carry no body the app
 * reads, so they pass without looking. An upload route sets its own (tighter) limit on top of `defaultBodyLimit`.
 * The message names the limit it enforces, from the same number (`uploadBodyLimit` names the file rule instead).
 */
export function requestBodyLimit(
  maxSize = MAX_REQUEST_BYTES,
  message = M.files.requestTooLarge(sizeInWords(maxSize)),
): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError("TOO_LARGE", message);
    },
  });
  return (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limit(c, next));
}

/** requestBodyLimit for a route's JSON body; a multipart body on a route taking both has its own limit. */
export function jsonBodyLimit(maxSize: number): MiddlewareHandler {
  const limit = requestBodyLimit(maxSize);
  return (c, next) =>
    c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data") ? next() : limit(c, next);
}

/** The most an upload of `count` files of `kind` may weigh: the files at their limit plus the form around them. */
export function uploadBodyBytes(kind: TFileKind, count: number): number {
  return count * FILE_RULES[kind].maxBytes + FORM_ROOM_BYTES;
}

/**
 * The body limit of a route taking up to `count` files, the largest of them of `kind`. A body past it must hold a
 * file past the kind's limit, so it is refused with that rule's message ('File too large. Maximum size for images
 * is 5MB'), the same one a single file just over the limit gets once read.
 */
export function uploadBodyLimit(kind: TFileKind, count: number): MiddlewareHandler {
  const rule = FILE_RULES[kind];
  return requestBodyLimit(uploadBodyBytes(kind, count), M.files.tooLarge(kind, rule.megabytes));
}

/**
 * The file fields a multipart route takes, each `one` file or `many`. A file under any other name is refused with
 * 400 naming it ('media[]' where a post takes 'media' is not dropped in silence, leaving a post without its media),
 * and a second file where one is taken likewise. Text fields are the route's schema's to judge. The form is parsed
 * once here and kept, so the route's validator reads the same one.
 */
export function fileFields(fields: Record<string, "one" | "many">): MiddlewareHandler {
  const names = Object.keys(fields);
  return async (c, next) => {
    if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) return next();
    let body: TParsedBody;
    try {
      body = await c.req.parseBody({ all: true });
    } catch {
      // Not a well-formed form: forget the failed parse, and the validator reads it again and answers 400.
      delete c.req.bodyCache.formData;
      return next();
    }
    for (const [field, value] of Object.entries(body)) {
      const files = [value].flat().filter(isFile);
      if (files.length === 0) continue;
      const takes = Object.hasOwn(fields, field) ? fields[field] : undefined;
      const message =
        takes === undefined
          ? M.files.unknownField(field, names)
          : takes === "one" && files.length > 1
            ? M.files.oneFileOnly(field)
            : null;
      if (message) throw new AppError("VALIDATION", message, { fields: { [field]: message } });
    }
    return next();
  };
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
