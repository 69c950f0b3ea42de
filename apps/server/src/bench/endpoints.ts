import type { TLoadRequest } from "./load.ts";
import { benchUuid } from "./seed.ts";

/** What the runner learned about the seeded database before the server took it over. */
export type TFixtures = {
  /** The server's public origin (better-auth and the CSRF guard want it on writes). */
  origin: string;
  /** The session cookies of the signed-in bench users. */
  cookies: string[];
  /** The session cookie of bench_9, an admin (the admin console's endpoints). */
  adminCookie: string;
  hotPostId: string;
  /** Public posts outside communities, for likes and comments on random posts. */
  publicPostIds: string[];
  /** A feed cursor about nine tenths of the way down the public feed. */
  deepCursor: string;
};

/** One benchmarked endpoint: the HTTP requests each connection cycles through. */
export type TEndpoint = {
  name: string;
  kind: "read" | "write";
  requests(fx: TFixtures): TLoadRequest[];
};

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** Gives each connection one signed-in user's cookie, round robin. */
function signedIn(fx: TFixtures) {
  let next = 0;
  return (req: { headers: Record<string, string> }, ctx: Record<string, unknown>) => {
    ctx.cookie ??= fx.cookies[next++ % fx.cookies.length];
    req.headers.cookie = ctx.cookie as string;
    req.headers.origin = fx.origin;
  };
}

function get(path: string, setup?: TLoadRequest["setup"]): TLoadRequest[] {
  return [{ method: "GET", path, setup }];
}

/** A like toggle: PUT then DELETE on the same post (`target` picks it once per toggle). */
function likeToggle(fx: TFixtures, target: () => string): TLoadRequest[] {
  const auth = signedIn(fx);
  return [
    {
      method: "PUT",
      path: "/api/posts/x/like",
      setup: (req, ctx) => {
        auth(req, ctx);
        ctx.post = target();
        req.path = `/api/posts/${ctx.post}/like`;
      },
    },
    {
      method: "DELETE",
      path: "/api/posts/x/like",
      setup: (req, ctx) => {
        auth(req, ctx);
        req.path = `/api/posts/${ctx.post}/like`;
      },
    },
  ];
}

const BOUNDARY = "----plugsbench";
const commentBody = (text: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`;

/** A request as the bench admin. */
function asAdmin(fx: TFixtures) {
  return (req: { headers: Record<string, string> }) => {
    req.headers.cookie = fx.adminCookie;
  };
}

export const ENDPOINTS: TEndpoint[] = [
  {
    name: "health",
    kind: "read",
    requests: () => get("/api/health"),
  },
  {
    name: "feed, first page",
    kind: "read",
    requests: () => get("/api/feed"),
  },
  {
    name: "feed, deep cursor",
    kind: "read",
    requests: (fx) => get(`/api/feed?cursor=${fx.deepCursor}`),
  },
  {
    name: "For You (signed in)",
    kind: "read",
    requests: (fx) => get("/api/feed?tab=all", signedIn(fx)),
  },
  {
    name: "Following (signed in)",
    kind: "read",
    requests: (fx) => get("/api/feed?tab=following", signedIn(fx)),
  },
  {
    name: "Community Posts page (signed in)",
    kind: "read",
    requests: (fx) => get("/api/posts", signedIn(fx)),
  },
  {
    name: "hot post",
    kind: "read",
    requests: (fx) => get(`/api/posts/${fx.hotPostId}`),
  },
  {
    name: "hot post's comments",
    kind: "read",
    requests: (fx) => get(`/api/posts/${fx.hotPostId}/comments`),
  },
  {
    name: "communities",
    kind: "read",
    requests: () => get("/api/communities"),
  },
  {
    name: "leaderboard (week)",
    kind: "read",
    requests: () => get("/api/leaderboard"),
  },
  {
    name: "leaderboard (month)",
    kind: "read",
    requests: () => get("/api/leaderboard?window=month"),
  },
  {
    name: "home",
    kind: "read",
    requests: () => get("/api/home"),
  },
  {
    name: "KOLs",
    kind: "read",
    requests: () => get("/api/kols"),
  },
  {
    name: "learn courses",
    kind: "read",
    requests: () => get("/api/learn/courses"),
  },
  {
    name: "rewards",
    kind: "read",
    requests: () => get("/api/rewards"),
  },
  {
    name: "sweep config",
    kind: "read",
    requests: () => get("/api/sweep/config"),
  },
  {
    name: "download my data (signed in)",
    kind: "read",
    requests: (fx) => get("/api/me/export", signedIn(fx)),
  },
  {
    name: "sweep history (signed in)",
    kind: "read",
    requests: (fx) => get("/api/sweep/history", signedIn(fx)),
  },
  {
    name: "blog",
    kind: "read",
    requests: () => get("/api/blog/articles"),
  },
  {
    name: "blog article",
    kind: "read",
    requests: () => get("/api/blog/articles/bench-article-2"),
  },
  {
    name: "learn lesson (signed in)",
    kind: "read",
    requests: (fx) => get(`/api/learn/courses/bench-course-1/lessons/${benchUuid("ll", 101)}`, signedIn(fx)),
  },
  {
    name: "learn certificates of a member",
    kind: "read",
    requests: () => get("/api/learn/users/bench_1/certificates"),
  },
  {
    name: "admin learn course",
    kind: "read",
    requests: (fx) => get(`/api/admin/learn/courses/${benchUuid("lc", 1)}`, asAdmin(fx)),
  },
  {
    name: "admin overview",
    kind: "read",
    requests: (fx) => get("/api/admin/overview", asAdmin(fx)),
  },
  {
    name: "admin audit log",
    kind: "read",
    requests: (fx) => get("/api/admin/audit", asAdmin(fx)),
  },
  {
    name: "admin members search",
    kind: "read",
    requests: (fx) => get("/api/admin/members?search=bench_12", asAdmin(fx)),
  },
  {
    name: "admin giveaways",
    kind: "read",
    requests: (fx) => get("/api/admin/rewards", asAdmin(fx)),
  },
  {
    name: "moderation queue",
    kind: "read",
    requests: (fx) => get("/api/admin/moderation/queue", asAdmin(fx)),
  },
  {
    name: "profile",
    kind: "read",
    requests: () => get("/api/users/bench_1"),
  },
  {
    name: "profile reports",
    kind: "read",
    requests: () => get("/api/users/bench_1/reports"),
  },
  {
    name: "notifications (signed in)",
    kind: "read",
    requests: (fx) => get("/api/notifications", signedIn(fx)),
  },
  {
    name: "unread count (signed in)",
    kind: "read",
    requests: (fx) => get("/api/notifications/unread-count", signedIn(fx)),
  },
  {
    name: "like toggle, random posts",
    kind: "write",
    requests: (fx) => likeToggle(fx, () => pick(fx.publicPostIds)),
  },
  {
    name: "like toggle, hot post",
    kind: "write",
    requests: (fx) => likeToggle(fx, () => fx.hotPostId),
  },
  {
    name: "create comment",
    kind: "write",
    requests: (fx) => {
      const auth = signedIn(fx);
      return [
        {
          method: "POST",
          path: "/api/posts/x/comments",
          headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
          body: commentBody("Benchmark comment: looks like a plug to me."),
          setup: (req, ctx) => {
            auth(req, ctx);
            req.path = `/api/posts/${pick(fx.publicPostIds)}/comments`;
          },
        },
      ];
    },
  },
];
