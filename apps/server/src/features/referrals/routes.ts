import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, viewerOf } from "../../http/openapi.ts";
import { getMyReferrals } from "./referral-stats.ts";

const ZReferralStats = z.object({
  totalReferrals: z.number(),
  pointsEarned: z.number(),
  referredUsers: z.array(
    z.object({ username: z.string(), avatarUrl: z.string().nullable(), joinedAt: z.string() }),
  ),
});

/** GET /api/referrals/me. */
export function referralRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>().openapi(
    defineRoute({
      method: "get",
      path: "/referrals/me",
      operationId: "getMyReferrals",
      security: access.signedIn(),
      tags: ["points"],
      summary: "Your referrals: how many, the points they earned you, and who joined (newest 100)",
      responses: {
        200: {
          description: "Referral stats",
          content: { "application/json": { schema: ZReferralStats } },
        },
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await getMyReferrals(deps, viewerOf(c)), 200),
  );
}
