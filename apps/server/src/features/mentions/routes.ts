import { OpenAPIHono, z } from "@hono/zod-openapi";
import { ZMentionSuggestions } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, viewerOf } from "../../http/openapi.ts";
import { suggestMentions } from "./suggest-mentions.ts";

const ZSuggestQuery = z.object({
  q: z.string().max(50).default("").openapi({ description: "What follows the '@' so far" }),
});

/** GET /api/mentions/suggest?q= */
export function mentionRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>().openapi(
    defineRoute({
      method: "get",
      path: "/mentions/suggest",
      operationId: "suggestMentions",
      security: access.optional,
      tags: ["mentions"],
      summary: "Users (and later KOLs) whose name starts with q, for the mention dropdown",
      request: { query: ZSuggestQuery },
      responses: {
        200: {
          description: "At most 7 suggestions",
          content: { "application/json": { schema: ZMentionSuggestions } },
        },
        ...errorResponses(400),
      },
    }),
    async (c) => {
      const items = await suggestMentions(deps, viewerOf(c), c.req.valid("query").q);
      return c.json({ items }, 200);
    },
  );
}
