import { EXTENSION_BY_MIME, FILE_RULES, M } from "@plugs/domain";
import { Hono } from "hono";
import { getMimeType, mimes } from "hono/utils/mime";
import type { TAppEnv, TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { isSafeKey } from "../../storage/safe-names.ts";
import type { TByteRange } from "../../storage/storage.ts";

/** Only these are ever shown inline; everything else (documents) is a download. */
const INLINE_TYPES = new Set([...FILE_RULES.image.mimes, ...FILE_RULES.video.mimes]);

/** Hono's media types, plus the upload types it does not name (.mov, Office files) from the domain's own table. */
const MEDIA_TYPES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(EXTENSION_BY_MIME).map(([mime, ext]) => [ext, mime])),
  ...mimes,
};

/**
 * GET /media/<key>: uploaded files, from whichever storage driver is configured. Names are unique and never
 * reused, so responses are cached for a year. Mounted before the app's own security headers: media sets
 * stricter ones (a sandboxing CSP) that those would overwrite.
 */
export function mediaRoutes(deps: TDeps) {
  const app = new Hono<TAppEnv>();
  app.get("/*", async (c) => {
    const key = mediaKeyOf(c.req.url);
    const range = parseRange(c.req.header("range"));
    const object = key ? await deps.storage.read(key, range ?? undefined) : null;
    if (!key || !object) throw new AppError("NOT_FOUND", M.files.notFound);
    const headers = mediaHeaders(key);
    if (!object.body) {
      return new Response(null, {
        status: 416,
        headers: { ...headers, "content-range": `bytes */${object.size}` },
      });
    }
    if (object.range) {
      const { start, end } = object.range;
      return new Response(object.body, {
        status: 206,
        headers: {
          ...headers,
          "content-range": `bytes ${start}-${end}/${object.size}`,
          "content-length": String(end - start + 1),
        },
      });
    }
    return new Response(object.body, { headers: { ...headers, "content-length": String(object.size) } });
  });
  return app;
}

/** The storage key in a /media URL, or null when it is not one we could have written (`..`, `%2f`, odd characters). */
export function mediaKeyOf(url: string): string | null {
  const pathname = new URL(url).pathname;
  if (!pathname.startsWith("/media/")) return null;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice("/media/".length));
  } catch {
    return null;
  }
  return isSafeKey(key) ? key : null;
}

/** A single `bytes=start-` or `bytes=start-end` range (what browsers send for video); anything else is ignored. */
export function parseRange(header: string | undefined): TByteRange | null {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  if (end !== undefined && end < start) return null;
  return { start, end };
}

function mediaHeaders(key: string): Record<string, string> {
  const type = getMimeType(key, MEDIA_TYPES) ?? "application/octet-stream";
  const headers: Record<string, string> = {
    "content-type": type,
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    // Even if a browser did render something, it would run no script and load nothing.
    "content-security-policy": "default-src 'none'; sandbox",
    "cross-origin-resource-policy": "same-origin",
    "referrer-policy": "no-referrer",
    "accept-ranges": "bytes",
  };
  if (!INLINE_TYPES.has(type)) {
    // Stored names are made of [A-Za-z0-9._-] only, so they need no quoting beyond the quotes.
    headers["content-disposition"] = `attachment; filename="${key.split("/").pop()}"`;
  }
  return headers;
}
