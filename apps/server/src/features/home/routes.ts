import { OpenAPIHono } from "@hono/zod-openapi";
import { ZHomePage } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, viewerOf } from "../../http/openapi.ts";
import { homePage } from "./home.ts";

/** GET /api/home: the home page's lists in one answer. */
export function homeRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>().openapi(
    defineRoute({
      method: "get",
      path: "/home",
      operationId: "getHome",
      security: access.optional,
      tags: ["site"],
      summary:
        "The home page: top KOLs, latest plugs and rugs, recent PlugFeed posts and the leaderboard's top",
      responses: {
        200: { description: "The home page's lists", content: { "application/json": { schema: ZHomePage } } },
      },
    }),
    async (c) => c.json(await homePage(deps, viewerOf(c)), 200),
  );
}
