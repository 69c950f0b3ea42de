/**
 * Every page route of the product (spec section 2). The web router is built from these, and the server uses them
 * to answer unknown paths with a real 404 status while still serving the app's not-found page.
 */
export const PAGE_ROUTES = [
  "/",
  "/plugs",
  "/rugs",
  "/kols",
  "/top-kols",
  "/plug-of-fame",
  "/rug-of-shame",
  "/report",
  "/rewards",
  "/rewards/:slug",
  "/leaderboard",
  "/contact",
  "/sweep",
  "/kol/:handle",
  "/user/profile",
  "/user/:username",
  "/faq",
  "/privacy",
  "/terms",
  "/signin",
  "/signup",
  "/reset-password",
  "/admin/*",
  "/dashboard/*",
  "/blog",
  "/blog/category/:slug",
  "/blog/tag/:slug",
  "/blog/:slug",
  "/plugfeed",
  "/learn",
  "/learn/course/:id",
  "/learn/course/:courseId/lesson/:lessonId",
  "/learn/course/:courseId/lesson/:lessonId/quiz",
  "/learn/course/:courseId/exam",
  "/learn/certificates/:code",
  "/communities/:slug/manage",
  "/communities/:slugOrId",
  "/posts",
  "/posts/:id",
] as const;

export type TPageRoute = (typeof PAGE_ROUTES)[number];

function toRegExp(pattern: string): RegExp {
  if (pattern.endsWith("/*")) {
    const base = pattern.slice(0, -2).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`^${base}(?:/.*)?$`);
  }
  const body = pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body}/?$`);
}

const MATCHERS = PAGE_ROUTES.map((route) => ({ route, re: toRegExp(route) }));

/**
 * The page route a path belongs to (the path only: no query, no hash), or null. Fixed routes are listed before the
 * parameter routes they overlap (/user/profile before /user/:username), so the first match is the router's.
 */
export function matchPageRoute(path: string): TPageRoute | null {
  return MATCHERS.find(({ re }) => re.test(path))?.route ?? null;
}

/** True when a path is one of the product's pages. */
export function isPageRoute(path: string): boolean {
  return matchPageRoute(path) !== null;
}

/** "." and ".." as a URL parser reads them: "%2e" is a dot too. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Where to go after signing in, from a `?next=` value: a path of this site (with its query and hash), or "/" for
 * anything else. A URL parser reads "/\evil.example" and "//evil.example" as another host, and resolves
 * "/.//evil.example" to the path "//evil.example", which the next navigation to it would leave the site for. So a
 * path of ours has no backslash or control character, and no empty or dot segment (a trailing "/" is fine).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith("/")) return "/";
  for (const ch of next) {
    const code = ch.charCodeAt(0);
    if (ch === "\\" || code < 0x20 || code === 0x7f) return "/";
  }
  const segments = (next.split(/[?#]/, 1)[0] ?? "").slice(1).split("/");
  const odd = (segment: string, i: number) =>
    DOT_SEGMENT.test(segment) || (segment === "" && i < segments.length - 1);
  return segments.some(odd) ? "/" : next;
}
