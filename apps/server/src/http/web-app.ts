import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { matchPageRoute } from "@plugs/domain";
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

type TPageHtml = { mtimeMs: number; bodies: Record<"br" | "gzip" | "identity", Buffer> };

/**
 * index.html for each page route, with modulepreload links for that page's own chunks (dist/.vite/page-preloads.json,
 * written by the build), so the browser fetches the page's code together with the app's. Built once per route and
 * per build of index.html, with its brotli and gzip forms.
 */
function pageHtmlCache(dist: string) {
  const index = path.join(dist, "index.html");
  const preloadsFile = path.join(dist, ".vite", "page-preloads.json");
  const cache = new Map<string, TPageHtml>();
  return (route: string | null): TPageHtml["bodies"] => {
    const { mtimeMs } = fs.statSync(index);
    const key = route ?? "";
    const cached = cache.get(key);
    if (cached?.mtimeMs === mtimeMs) return cached.bodies;
    const preloads: Record<string, string[]> = fs.existsSync(preloadsFile)
      ? JSON.parse(fs.readFileSync(preloadsFile, "utf8"))
      : {};
    const links = (route ? (preloads[route] ?? []) : [])
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join("");
    const html = Buffer.from(fs.readFileSync(index, "utf8").replace("</head>", `${links}</head>`));
    const bodies = {
      identity: html,
      br: zlib.brotliCompressSync(html),
      gzip: zlib.gzipSync(html, { level: 9 }),
    };
    cache.set(key, { mtimeMs, bodies });
    return bodies;
  };
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every page route answered
 * with index.html (preloading that page's code), each compressed when the client accepts it. An unknown path still
 * gets the app (which shows its not-found page) but with status 404.
 */
export function mountWebApp(app: Hono<TAppEnv>, dist: string) {
  const index = path.join(dist, "index.html");
  const pageHtml = pageHtmlCache(dist);
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
    const route = matchPageRoute(pathname);
    const accepted = acceptedEncodings(acceptEncoding);
    const encoding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity";
    const body = pageHtml(route)[encoding];
    return new Response(new Uint8Array(body), {
      status: route ? 200 : 404,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-length": String(body.length),
        "cache-control": "no-cache",
        vary: "accept-encoding",
        ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
      },
    });
  });
}
