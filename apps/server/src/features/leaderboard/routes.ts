import { OpenAPIHono, z } from "@hono/zod-openapi";
import { ZKeysetPage, ZLeaderboardQuery } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, viewerOf } from "../../http/openapi.ts";
import { getLeaderboard } from "./leaderboard-query.ts";

const ZLeaderboardPage = ZKeysetPage(
  z.object({
    rank: z.number(),
    username: z.string(),
    displayName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    points: z.number(),
  }),
).extend({
  window: z.enum(["week", "month", "all"]),
  me: z.object({ rank: z.number().nullable(), rankCapped: z.boolean(), points: z.number() }).nullable(),
});

/** GET /api/leaderboard. */
export function leaderboardRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>().openapi(
    defineRoute({
      method: "get",
      path: "/leaderboard",
      operationId: "getLeaderboard",
      security: access.optional,
      tags: ["points"],
      summary:
        "Top users by points this week (from Monday, UTC), this month or all time; 20 a page by keyset; ties by username",
      request: { query: ZLeaderboardQuery },
      responses: {
        200: {
          description: "A page of the board",
          content: { "application/json": { schema: ZLeaderboardPage } },
        },
        ...errorResponses(400),
      },
    }),
    async (c) => c.json(await getLeaderboard(deps, viewerOf(c), c.req.valid("query")), 200),
  );
}
