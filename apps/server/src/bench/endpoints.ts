import {
  ZCommentsQuery,
  ZCommunitiesQuery,
  ZCursorQuery,
  ZFeedQuery,
  ZKolListQuery,
  ZLeaderboardQuery,
} from "@plugs/domain";
import type { TDeps, TViewer } from "../context.ts";
import { loadSession } from "../features/auth/session-middleware.ts";
import { createComment } from "../features/comments/create-comment.ts";
import { listComments } from "../features/comments/list-comments.ts";
import { listCommunities } from "../features/communities/list-communities.ts";
import { homePage } from "../features/home/home.ts";
import { listKols } from "../features/kols/list-kols.ts";
import { getLeaderboard } from "../features/leaderboard/leaderboard-query.ts";
import { getUnreadCount, listNotifications } from "../features/notifications/list-notifications.ts";
import { likePost, unlikePost } from "../features/posts/like-post.ts";
import { getFeed } from "../features/posts/list-posts.ts";
import { viewPost } from "../features/posts/view-post.ts";
import { getPublicProfile } from "../features/profiles/get-profile.ts";
import { checkHealth } from "../features/site/service.ts";
import type { TLoadRequest } from "./load.ts";

/** What the runner learned about the seeded database before the server took it over. */
export type TFixtures = {
  /** The server's public origin (better-auth and the CSRF guard want it on writes). */
  origin: string;
  /** Signed-in bench users, each with its session cookie and the token inside it. */
  users: (TViewer & { cookie: string; sessionToken: string })[];
  hotPostId: string;
  /** Public posts outside communities, for likes and comments on random posts. */
  publicPostIds: string[];
  /** A feed cursor about nine tenths of the way down the public feed. */
  deepCursor: string;
};

/**
 * One benchmarked endpoint: the HTTP requests a connection cycles through, and the same work done directly through
 * the services (the same SQL through the same driver, no HTTP) for the database peer.
 */
export type TEndpoint = {
  name: string;
  kind: "read" | "write";
  requests(fx: TFixtures): TLoadRequest[];
  direct(deps: TDeps, fx: TFixtures, worker: number, iteration: number): Promise<unknown>;
};

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/**
 * A signed-in worker's viewer, found as the server finds it for each request: the peer runs the session middleware's
 * own statement too, so a signed-in endpoint and its peer run the same SQL.
 */
async function viewerOf(deps: TDeps, fx: TFixtures, worker: number): Promise<TViewer | null> {
  const user = fx.users[worker % fx.users.length];
  if (!user) return null;
  if (!(await loadSession(deps, user.sessionToken)))
    throw new Error(`${user.username}'s session was not found`);
  return user;
}
const VISITOR = { ip: "127.0.0.1", userAgent: "bench" };

/** Gives each connection one signed-in user's cookie, round robin. */
function signedIn(fx: TFixtures) {
  let next = 0;
  return (req: { headers: Record<string, string> }, ctx: Record<string, unknown>) => {
    ctx.cookie ??= fx.users[next++ % fx.users.length]?.cookie;
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

/** The peer of a like toggle: two requests, so two session lookups. */
async function directToggle(deps: TDeps, fx: TFixtures, worker: number, postId: string) {
  await likePost(deps, await viewerOf(deps, fx, worker), postId);
  await unlikePost(deps, await viewerOf(deps, fx, worker), postId);
}

const BOUNDARY = "----plugsbench";
const commentBody = (text: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`;

export const ENDPOINTS: TEndpoint[] = [
  {
    name: "health",
    kind: "read",
    requests: () => get("/api/health"),
    direct: (deps) => checkHealth(deps),
  },
  {
    name: "feed, first page",
    kind: "read",
    requests: () => get("/api/feed"),
    direct: (deps) => getFeed(deps, null, ZFeedQuery.parse({})),
  },
  {
    name: "feed, deep cursor",
    kind: "read",
    requests: (fx) => get(`/api/feed?cursor=${fx.deepCursor}`),
    direct: (deps, fx) => getFeed(deps, null, ZFeedQuery.parse({ cursor: fx.deepCursor })),
  },
  {
    name: "For You (signed in)",
    kind: "read",
    requests: (fx) => get("/api/feed?tab=all", signedIn(fx)),
    direct: async (deps, fx, w) =>
      getFeed(deps, await viewerOf(deps, fx, w), ZFeedQuery.parse({ tab: "all" })),
  },
  {
    name: "Following (signed in)",
    kind: "read",
    requests: (fx) => get("/api/feed?tab=following", signedIn(fx)),
    direct: async (deps, fx, w) =>
      getFeed(deps, await viewerOf(deps, fx, w), ZFeedQuery.parse({ tab: "following" })),
  },
  {
    name: "hot post",
    kind: "read",
    requests: (fx) => get(`/api/posts/${fx.hotPostId}`),
    direct: (deps, fx) => viewPost(deps, null, fx.hotPostId, VISITOR),
  },
  {
    name: "hot post's comments",
    kind: "read",
    requests: (fx) => get(`/api/posts/${fx.hotPostId}/comments`),
    direct: (deps, fx) => listComments(deps, null, fx.hotPostId, ZCommentsQuery.parse({})),
  },
  {
    name: "communities",
    kind: "read",
    requests: () => get("/api/communities"),
    direct: (deps) => listCommunities(deps, null, ZCommunitiesQuery.parse({})),
  },
  {
    name: "leaderboard (week)",
    kind: "read",
    requests: () => get("/api/leaderboard"),
    direct: (deps) => getLeaderboard(deps, null, ZLeaderboardQuery.parse({})),
  },
  {
    name: "leaderboard (month)",
    kind: "read",
    requests: () => get("/api/leaderboard?window=month"),
    direct: (deps) => getLeaderboard(deps, null, ZLeaderboardQuery.parse({ window: "month" })),
  },
  {
    name: "home",
    kind: "read",
    requests: () => get("/api/home"),
    direct: (deps) => homePage(deps, null),
  },
  {
    name: "KOLs",
    kind: "read",
    requests: () => get("/api/kols"),
    direct: (deps) => listKols(deps, ZKolListQuery.parse({})),
  },
  {
    name: "profile",
    kind: "read",
    requests: () => get("/api/users/bench_1"),
    direct: (deps) => getPublicProfile(deps, null, "bench_1"),
  },
  {
    name: "notifications (signed in)",
    kind: "read",
    requests: (fx) => get("/api/notifications", signedIn(fx)),
    direct: async (deps, fx, w) =>
      listNotifications(deps, await viewerOf(deps, fx, w), ZCursorQuery.parse({})),
  },
  {
    name: "unread count (signed in)",
    kind: "read",
    requests: (fx) => get("/api/notifications/unread-count", signedIn(fx)),
    direct: async (deps, fx, w) => getUnreadCount(deps, await viewerOf(deps, fx, w)),
  },
  {
    name: "like toggle, random posts",
    kind: "write",
    requests: (fx) => likeToggle(fx, () => pick(fx.publicPostIds)),
    direct: (deps, fx, w) => directToggle(deps, fx, w, pick(fx.publicPostIds)),
  },
  {
    name: "like toggle, hot post",
    kind: "write",
    requests: (fx) => likeToggle(fx, () => fx.hotPostId),
    direct: (deps, fx, w) => directToggle(deps, fx, w, fx.hotPostId),
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
    direct: async (deps, fx, w) =>
      createComment(deps, await viewerOf(deps, fx, w), pick(fx.publicPostIds), {
        content: "Benchmark comment: looks like a plug to me.",
        parentId: null,
        attachments: [],
      }),
  },
];
