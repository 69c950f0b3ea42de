import { OpenAPIHono, z } from "@hono/zod-openapi";
import { ZSiteSettings } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, json } from "../../http/openapi.ts";
import { checkReadiness } from "./readiness.ts";
import { checkHealth, getSite } from "./service.ts";

const ZHealth = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
const ZReadiness = z.object({
  status: z.enum(["ready", "draining", "database unreachable"]),
  database: z.enum(["pglite", "postgres"]),
});

export function siteRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/health",
        operationId: "getHealth",
        security: access.none,
        tags: ["site"],
        summary: "Liveness and which database is in use",
        responses: { 200: json(ZHealth, "Healthy") },
      }),
      (c) => c.json(checkHealth(deps), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/health/ready",
        operationId: "getReadiness",
        security: access.none,
        tags: ["site"],
        summary: "Readiness for a load balancer",
        description:
          "200 when this instance should get requests: its migrations are applied (it listens only then) and the " +
          "database answers. 503 while it drains on SIGTERM (for SHUTDOWN_DRAIN_SECONDS, so the balancer stops " +
          "sending before it closes) or when the database does not answer within 2 seconds.",
        responses: {
          200: json(ZReadiness, "Ready"),
          503: json(ZReadiness, "Draining, or the database does not answer"),
        },
      }),
      async (c) => {
        const readiness = await checkReadiness(deps);
        c.header("cache-control", "no-store");
        return readiness.status === "ready" ? c.json(readiness, 200) : c.json(readiness, 503);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/site",
        operationId: "getSite",
        security: access.none,
        tags: ["site"],
        summary: "Site settings: name, logo, default theme, footer links and the announcement",
        description:
          "Read from the database on every request (no instance keeps a copy). Signed-in tabs are told of a change " +
          "by the `site` event of `GET /events`.",
        responses: { 200: json(ZSiteSettings, "Site settings") },
      }),
      async (c) => {
        // Revalidated on every load, so an admin's change shows at the next page load everywhere.
        c.header("cache-control", "no-cache");
        return c.json(await getSite(deps), 200);
      },
    );
}
