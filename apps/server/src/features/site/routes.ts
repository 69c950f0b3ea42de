import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, json } from "../../http/openapi.ts";
import { checkHealth, getSite } from "./service.ts";

const ZHealth = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
const ZSite = z.object({ siteName: z.string(), logoUrl: z.string().nullable() });

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
      async (c) => c.json(await checkHealth(deps), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/site",
        operationId: "getSite",
        security: access.none,
        tags: ["site"],
        summary: "Site name and logo",
        responses: { 200: json(ZSite, "Site settings") },
      }),
      async (c) => {
        c.header("cache-control", "public, max-age=60");
        return c.json(await getSite(deps), 200);
      },
    );
}
