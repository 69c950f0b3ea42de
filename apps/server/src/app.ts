import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import type { TAppEnv, TDeps } from "./context.ts";
import { AppError } from "./errors.ts";
import { accountRoutes } from "./features/account/routes.ts";
import { adminAuditRoutes } from "./features/admin/audit-routes.ts";
import { adminMemberRoutes } from "./features/admin/members-routes.ts";
import { adminOverviewRoutes } from "./features/admin/overview-routes.ts";
import { adminSiteRoutes } from "./features/admin/site-routes.ts";
import { meRoutes } from "./features/auth/me-routes.ts";
import { originGuard } from "./features/auth/origin-guard.ts";
import { providerRoutes } from "./features/auth/provider-routes.ts";
import { authRoutes } from "./features/auth/routes.ts";
import { sessionMiddleware } from "./features/auth/session-middleware.ts";
import { blogRoutes } from "./features/blog/routes.ts";
import { siteFileRoutes } from "./features/blog/site-files.ts";
import { commentRoutes } from "./features/comments/routes.ts";
import { communityRoutes } from "./features/communities/routes.ts";
import { contactRoutes } from "./features/contact/routes.ts";
import { followRoutes } from "./features/follows/routes.ts";
import { gifRoutes } from "./features/gifs/routes.ts";
import { homeRoutes } from "./features/home/routes.ts";
import { jobRoutes } from "./features/jobs/routes.ts";
import { kolRoutes } from "./features/kols/routes.ts";
import { leaderboardRoutes } from "./features/leaderboard/routes.ts";
import { learnRoutes } from "./features/learn/routes.ts";
import { defaultBodyLimit } from "./features/media/multipart.ts";
import { mediaRoutes } from "./features/media/routes.ts";
import { mentionRoutes } from "./features/mentions/routes.ts";
import { mountMetrics } from "./features/metrics/metrics.ts";
import { moderationRoutes } from "./features/moderation/routes.ts";
import { notificationRoutes } from "./features/notifications/routes.ts";
import { pointsRoutes } from "./features/points/routes.ts";
import { postRoutes } from "./features/posts/routes.ts";
import { profileRoutes } from "./features/profiles/routes.ts";
import type { TRealtimeHub } from "./features/realtime/hub.ts";
import { realtimeRoutes } from "./features/realtime/routes.ts";
import { referralRoutes } from "./features/referrals/routes.ts";
import { reportRoutes } from "./features/reports/routes.ts";
import { rewardsRoutes } from "./features/rewards/routes.ts";
import { siteRoutes } from "./features/site/routes.ts";
import { sweepRoutes } from "./features/sweep/routes.ts";
import { mountApiDocs } from "./http/api-docs.ts";
import { handleError, validationError } from "./http/error-handler.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { storableTextOnly } from "./http/storable-text.ts";
import { closeAfterUnreadBody } from "./http/unread-body.ts";
import { mountWebApp } from "./http/web-app.ts";

/** Builds the whole HTTP app from its dependencies. main.ts serves it; tests serve it on a random port. */
export function createApp(
  deps: TDeps,
  options: { realtime?: TRealtimeHub; realtimeHeartbeatMs?: number | undefined } = {},
) {
  const app = new Hono<TAppEnv>();
  // First, so request metrics time everything after; GET /metrics only when METRICS_TOKEN is set.
  mountMetrics(app, deps, { realtime: options.realtime });
  app.use(closeAfterUnreadBody());
  app.use(requestId());
  // One access-log line per request when info is on; with logs quieter than that, nothing per request.
  const logRequests = deps.logger.isLevelEnabled("info");
  app.use(async (c, next) => {
    c.set("log", deps.logger);
    if (!logRequests) return next();
    const started = performance.now();
    await next();
    deps.logger.info(
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  // Before the app-wide security headers: media sets stricter ones of its own, which those would overwrite.
  app.route("/media", mediaRoutes(deps));
  app.use(securityHeaders(deps.config));
  app.use(defaultBodyLimit());
  app.onError(handleError);

  const api = new OpenAPIHono<TAppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
  // CSRF guard, then c.var.viewer for every /api request, then no text a database cannot store; before the routes.
  api.use(originGuard(deps));
  api.use(sessionMiddleware(deps));
  api.use(storableTextOnly());
  api.route("/", siteRoutes(deps));
  // Before authRoutes, whose /auth/* answers every better-auth path it does not let through.
  api.route("/", providerRoutes(deps));
  api.route("/", authRoutes(deps));
  api.route("/", meRoutes(deps));
  api.route("/", accountRoutes(deps));
  api.route("/", adminAuditRoutes(deps));
  api.route("/", adminMemberRoutes(deps));
  api.route("/", adminSiteRoutes(deps));
  api.route("/", adminOverviewRoutes(deps));
  api.route("/", jobRoutes(deps));
  api.route("/", postRoutes(deps));
  api.route("/", commentRoutes(deps));
  api.route("/", moderationRoutes(deps));
  api.route("/", communityRoutes(deps));
  api.route("/", mentionRoutes(deps));
  api.route("/", gifRoutes(deps));
  api.route("/", pointsRoutes(deps));
  api.route("/", referralRoutes(deps));
  api.route("/", leaderboardRoutes(deps));
  api.route("/", kolRoutes(deps));
  api.route("/", homeRoutes(deps));
  api.route("/", reportRoutes(deps));
  api.route("/", learnRoutes(deps));
  api.route("/", rewardsRoutes(deps));
  api.route("/", blogRoutes(deps));
  api.route("/", sweepRoutes(deps));
  api.route("/", contactRoutes(deps));
  api.route("/", profileRoutes(deps));
  api.route("/", followRoutes(deps));
  api.route("/", notificationRoutes(deps));
  if (options.realtime) {
    api.route("/", realtimeRoutes(deps, options.realtime, { heartbeatMs: options.realtimeHeartbeatMs }));
  }
  mountApiDocs(api, "1.0.0");
  api.all("*", () => {
    throw new AppError("NOT_FOUND", "Not found");
  });
  app.route("/api", api);
  // The blog's feeds, the sitemap and robots.txt: before the web app, whose pages would answer them otherwise.
  app.route("/", siteFileRoutes(deps));

  if (deps.config.webDist) {
    mountWebApp(app, deps.config.webDist, {
      publicUrl: deps.config.publicUrlIsSet ? deps.config.publicUrl : null,
    });
  }
  return app;
}
