import { OpenAPIHono } from "@hono/zod-openapi";
import { ZAdminOverview } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { adminOverview } from "./overview.ts";

/** The admin console's first screen: the site in numbers and the last 30 days. */
export function adminOverviewRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>().openapi(
    defineRoute({
      method: "get",
      path: "/admin/overview",
      operationId: "getAdminOverview",
      security: access.admin,
      tags: ["admin"],
      summary:
        "Members, posts, comments, communities, open reports and messages, and sign-ups, posts and points paid per UTC day over the last 30 days (admins only)",
      responses: { 200: json(ZAdminOverview, "The overview"), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await adminOverview(deps, viewerOf(c)), 200),
  );
}
