import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import { matchPageRoute, type TPageRoute } from "@plugs/domain";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { accepts } from "hono/accepts";
import type { TAppEnv } from "../context.ts";

/** Built files with their precompressed brotli or gzip twins (apps/web/vite.config.ts writes them). */
function builtFiles(dist: string, cacheControl: string): MiddlewareHandler<TAppEnv> {
  return serveStatic({
    root: dist,
    precompressed: true,
    onFound: (_path, c) => {
      c.header("cache-control", cacheControl);
    },
  });
}

type TEncoding = "br" | "gzip" | "identity";

/** Brotli when the client takes it (it is the smaller), else gzip, else none; a q of 0 refuses a coding. */
function pageEncoding(c: Context<TAppEnv>): TEncoding {
  return accepts(c, {
    header: "Accept-Encoding",
    supports: ["br", "gzip"],
    default: "identity",
    match: (accepted, { supports, default: none }) => {
      const allowed = new Set(accepted.filter((a) => a.q > 0).map((a) => a.type.toLowerCase()));
      return supports.find((coding) => allowed.has(coding)) ?? none;
    },
  }) as TEncoding;
}
type TPageHtml = { mtimeMs: number; html: string; bodies: Record<TEncoding, Buffer> };

/**
 * index.html for each page route, with modulepreload links for that page's own chunks (dist/.vite/page-preloads.json,
 * written by the build), so the browser fetches the page's code together with the app's. Built once per route and
 * per build of index.html, with its brotli and gzip forms.
 */
function pageHtmlCache(dist: string) {
  const index = path.join(dist, "index.html");
  const preloadsFile = path.join(dist, ".vite", "page-preloads.json");
  const cache = new Map<string, TPageHtml>();
  return (route: string | null): TPageHtml => {
    const { mtimeMs } = fs.statSync(index);
    const key = route ?? "";
    const cached = cache.get(key);
    if (cached?.mtimeMs === mtimeMs) return cached;
    const preloads: Record<string, string[]> = fs.existsSync(preloadsFile)
      ? JSON.parse(fs.readFileSync(preloadsFile, "utf8"))
      : {};
    const links = (route ? (preloads[route] ?? []) : [])
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join("");
    const html = fs.readFileSync(index, "utf8").replace("</head>", `${links}</head>`);
    const bytes = Buffer.from(html);
    const bodies = {
      identity: bytes,
      br: zlib.brotliCompressSync(bytes),
      gzip: zlib.gzipSync(bytes, { level: 9 }),
    };
    const page = { mtimeMs, html, bodies };
    cache.set(key, page);
    return page;
  };
}

/** apps/web/src/entry-server.tsx as the SSR build leaves it in dist-ssr/ beside dist/. */
type TFirstScreenRenderer = {
  FIRST_SCREEN_STATE_ID: string;
  renderFirstScreen(
    url: URL,
    route: TPageRoute,
    fetchJson: (url: string) => Promise<unknown | null>,
  ): Promise<{ html: string; state: unknown; head: string | null } | null>;
};

/** The server-side renderer built beside `dist` (`npm run build` writes both), or null when there is none. */
function firstScreenRenderer(dist: string): () => Promise<TFirstScreenRenderer | null> {
  const file = path.join(path.dirname(path.resolve(dist)), "dist-ssr", "entry-server.js");
  let loaded: Promise<TFirstScreenRenderer | null> | null = null;
  return () => {
    loaded ??= fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<TFirstScreenRenderer>)
      : Promise.resolve(null);
    return loaded;
  };
}

/**
 * JSON for a `<script type="application/json">`: `<`, `>`, `&` and the line separators as \u003c-style escapes
 * (JSON.parse reads them back), so no text in the data, however it was written, can close the script element.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A rendered page is readable before its code runs, so the code is fetched at low priority: the browser gives the
 * stylesheets and the font the bandwidth first, and paints the page while the scripts are still on their way.
 */
function lowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}

/**
 * The pages of one thing (an article, a KOL, a member, a post, a community and its manage page, a giveaway, a
 * course, its lessons, a lesson's quiz, its exam, a certificate) and the API answer that says whether it exists for
 * this viewer, from the page's parameters in order: a page of a thing that does not is a real 404, not the app's
 * shell with a 200 (a soft 404 that search engines index). `shown`, when given, also reads the answer, as the page
 * does (a lesson without a quiz has no quiz page).
 */
type TThingPage = { api: (params: string[]) => string; shown?: (body: unknown) => boolean };

const part = (params: string[], i: number) => encodeURIComponent(params[i] ?? "");
const lessonApi = (p: string[]) => `/api/learn/courses/${part(p, 0)}/lessons/${part(p, 1)}`;

const THING_PAGES: Partial<Record<TPageRoute, TThingPage>> = {
  "/blog/:slug": { api: (p) => `/api/blog/articles/${part(p, 0)}` },
  "/blog/category/:slug": { api: (p) => `/api/blog/categories/${part(p, 0)}` },
  "/blog/tag/:slug": { api: (p) => `/api/blog/tags/${part(p, 0)}` },
  "/kol/:handle": { api: (p) => `/api/kols/${part(p, 0)}` },
  "/user/:username": { api: (p) => `/api/users/${part(p, 0)}` },
  "/posts/:id": { api: (p) => `/api/posts/${part(p, 0)}` },
  "/communities/:slugOrId": { api: (p) => `/api/communities/${part(p, 0)}` },
  "/communities/:slug/manage": { api: (p) => `/api/communities/${part(p, 0)}` },
  "/rewards/:slug": { api: (p) => `/api/rewards/${part(p, 0)}` },
  "/learn/course/:id": { api: (p) => `/api/learn/courses/${part(p, 0)}` },
  "/learn/course/:courseId/lesson/:lessonId": { api: lessonApi },
  "/learn/course/:courseId/lesson/:lessonId/quiz": {
    api: lessonApi,
    shown: (body) => (body as { quiz?: unknown } | null)?.quiz != null,
  },
  "/learn/course/:courseId/exam": { api: (p) => `/api/learn/courses/${part(p, 0)}` },
  "/learn/certificates/:code": { api: (p) => `/api/learn/certificates/${part(p, 0)}` },
};

type TAnswer = { status: number; body: unknown | null };

/** A page's parameters in order: the path's segments where its route has a `:name`. */
function routeParams(route: TPageRoute, pathname: string): string[] {
  const segments = pathname.replace(/\/+$/, "").split("/");
  return route.split("/").flatMap((p, i) => (p.startsWith(":") ? [segments[i] ?? ""] : []));
}

/** The head a rendered page brings replaces the template's title and description; the rest is added to it. */
function withHead(html: string, head: string | null): string {
  if (!head) return html;
  return html
    .replace(/<title>[^<]*<\/title>/, "")
    .replace(/<meta\s+name="description"[^>]*>/, "")
    .replace("</head>", () => `${head}</head>`);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function encode(html: string, encoding: TEncoding): Promise<Buffer> {
  const bytes = Buffer.from(html);
  if (encoding === "br") {
    return brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  return encoding === "gzip" ? gzip(bytes, { level: 6 }) : bytes;
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every page route answered
 * with index.html (preloading that page's code; for a visitor, with the first screen rendered where first-screen.ts
 * names one), each compressed when the client accepts it. An unknown path, or the page of a thing that does not
 * exist (THING_PAGES), still gets the app (which shows its not-found page) but with status 404; an article asked
 * for by an old slug moves to its slug with a 301.
 */
export function mountWebApp(app: Hono<TAppEnv>, dist: string, options: { publicUrl?: string | null } = {}) {
  const index = path.join(dist, "index.html");
  const pageHtml = pageHtmlCache(dist);
  const renderer = firstScreenRenderer(dist);

  /**
   * This app's own answers to GETs, as a visitor (no cookie) or as the request's viewer, each asked once per request:
   * the answer that said the page exists is the one it is rendered with.
   */
  const answersOfRequest = () => {
    const asked = new Map<string, Promise<TAnswer>>();
    return (url: string, cookie?: string): Promise<TAnswer> => {
      const key = `${cookie ?? ""}\n${url}`;
      let answer = asked.get(key);
      if (!answer) {
        answer = (async () => {
          const headers: Record<string, string> = { accept: "application/json" };
          if (cookie) headers.cookie = cookie;
          const res = await app.request(url, { headers });
          return { status: res.status, body: res.status === 200 ? await res.json() : null };
        })();
        asked.set(key, answer);
      }
      return answer;
    };
  };

  /**
   * Whether the thing a page shows exists for this viewer (THING_PAGES): "missing" for a 404 (or a key the API
   * refuses), a path to move to when an article is asked for by an old slug, else "shown".
   */
  const thingOf = async (
    route: TPageRoute,
    pathname: string,
    cookie: string | undefined,
    ask: ReturnType<typeof answersOfRequest>,
  ): Promise<"shown" | "missing" | { movedTo: string }> => {
    const thing = THING_PAGES[route];
    if (!thing) return "shown";
    const params = routeParams(route, pathname);
    const { status, body } = await ask(thing.api(params), cookie);
    if (status === 404 || status === 400) return "missing";
    if (status === 200 && thing.shown && !thing.shown(body)) return "missing";
    const key = params[0] ?? "";
    const slug = (body as { slug?: unknown } | null)?.slug;
    if (route === "/blog/:slug" && typeof slug === "string" && slug !== key) {
      return { movedTo: `/blog/${encodeURIComponent(slug)}` };
    }
    return "shown";
  };

  /** Whether this request comes from a visitor: no cookie, or cookies the session lookup does not know. */
  const isVisitor = async (cookie: string | undefined): Promise<boolean> => {
    if (!cookie) return true;
    const res = await app.request("/api/session", { headers: { accept: "application/json", cookie } });
    return res.status === 200 && ((await res.json()) as { me: unknown }).me === null;
  };

  /**
   * index.html with a visitor's first screen of the page rendered into #root and the answers it was rendered from
   * beside it, or null for a page the server leaves to the browser, a signed-in viewer (whose page differs: their
   * likes, their session), or a failed render.
   */
  const renderPage = async (
    c: Context<TAppEnv>,
    route: TPageRoute,
    template: string,
    fetchJson: (url: string) => Promise<unknown | null>,
  ) => {
    try {
      const render = await renderer();
      if (!render || !(await isVisitor(c.req.header("cookie")))) return null;
      // The site's public address, so the head's canonical and OpenGraph URLs are the ones people share.
      const requested = new URL(c.req.url);
      const url = options.publicUrl
        ? new URL(requested.pathname + requested.search, options.publicUrl)
        : requested;
      const screen = await render.renderFirstScreen(url, route, fetchJson);
      if (!screen) return null;
      const state = `<script type="application/json" id="${render.FIRST_SCREEN_STATE_ID}">${scriptJson(screen.state)}</script>`;
      return withHead(lowPriorityScripts(template), screen.head).replace(
        '<div id="root"></div>',
        () => `<div id="root">${screen.html}</div>${state}`,
      );
    } catch (error) {
      c.get("log").error({ err: error, route }, "server render failed; sending the page unrendered");
      return null;
    }
  };

  // Hashed assets are cached for a year; other built files (the icon, the manifest) for an hour; "/" is a page.
  app.use("/assets/*", builtFiles(dist, "public, max-age=31536000, immutable"));
  const otherFiles = builtFiles(dist, "public, max-age=3600");
  app.use("*", (c, next) => (c.req.path === "/" ? next() : otherFiles(c, next)));
  app.get("*", async (c) => {
    const pathname = decodeURIComponent(new URL(c.req.url).pathname);
    if (!fs.existsSync(index)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    const route = matchPageRoute(pathname);
    const ask = answersOfRequest();
    const fetchJson = async (url: string) => (await ask(url)).body;
    const thing = route ? await thingOf(route, pathname, c.req.header("cookie"), ask) : "missing";
    if (typeof thing === "object") {
      return c.redirect(`${thing.movedTo}${new URL(c.req.url).search}`, 301);
    }
    const encoding = pageEncoding(c);
    const page = pageHtml(route);
    const rendered = route && thing === "shown" ? await renderPage(c, route, page.html, fetchJson) : null;
    const body = rendered === null ? page.bodies[encoding] : await encode(rendered, encoding);
    return new Response(new Uint8Array(body), {
      status: thing === "shown" ? 200 : 404,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-length": String(body.length),
        // A page may be rendered with live data for a visitor and not for a signed-in viewer: a rendered one is
        // never kept by a shared cache, and any is told apart by the cookie.
        "cache-control": rendered === null ? "no-cache" : "private, no-cache",
        vary: "accept-encoding, cookie",
        ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
      },
    });
  });
}
