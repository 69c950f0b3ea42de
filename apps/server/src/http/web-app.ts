import fs from "node:fs";
import path from "node:path";
import { isPageRoute } from "@plugs/domain";
import type { Hono } from "hono";
import type { TAppEnv } from "../context.ts";
import { contentTypeOf, fileResponse, resolveInside } from "../lib/send-file.ts";

/** The encodings the build writes beside each text file (apps/web/vite.config.ts), best first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** The content codings an Accept-Encoding header allows (a q of 0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * A built file as the client best accepts it: its precompressed brotli or gzip twin when there is one, else the
 * file itself. Caches are told the answer varies with Accept-Encoding.
 */
function sendBuilt(
  file: string,
  acceptEncoding: string | undefined,
  headers: Record<string, string>,
  status = 200,
) {
  const accepted = acceptedEncodings(acceptEncoding);
  const vary = { vary: "accept-encoding", ...headers };
  for (const { name, suffix } of ENCODINGS) {
    if (!accepted.has(name) || !fs.existsSync(file + suffix)) continue;
    return fileResponse(
      file + suffix,
      { ...vary, "content-type": contentTypeOf(file), "content-encoding": name },
      status,
    );
  }
  return fileResponse(file, vary, status);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every page route answered
 * with index.html, each compressed when the client accepts it. An unknown path still gets the app (which shows its
 * not-found page) but with status 404.
 */
export function mountWebApp(app: Hono<TAppEnv>, dist: string) {
  const index = path.join(dist, "index.html");
  app.get("*", (c) => {
    const url = new URL(c.req.url);
    const pathname = decodeURIComponent(url.pathname);
    const acceptEncoding = c.req.header("accept-encoding");
    if (pathname !== "/") {
      const file = resolveInside(dist, pathname);
      if (file) {
        const immutable = pathname.startsWith("/assets/");
        return sendBuilt(file, acceptEncoding, {
          "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        });
      }
    }
    if (!fs.existsSync(index)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    return sendBuilt(
      index,
      acceptEncoding,
      { "cache-control": "no-cache" },
      isPageRoute(pathname) ? 200 : 404,
    );
  });
}
