import { OpenAPIHono, z } from "@hono/zod-openapi";
import { M, ZGifList } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json } from "../../http/openapi.ts";
import { createGifService } from "./service.ts";

const ZSearchQuery = z.object({ q: z.string().max(50).default("") });

const ZGifStatus = z.object({ configured: z.boolean() });

/**
 * GET /api/gifs/status (anyone: lets the composer say up front that GIFs are not configured), and
 * GET /api/gifs/trending and /api/gifs/search?q= (signed-in users: the key's quota is ours).
 */
export function gifRoutes(deps: TDeps) {
  const gifs = createGifService(deps);
  const ok = json(ZGifList, "Up to 30 GIFs");
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/gifs/status",
        operationId: "getGifStatus",
        security: access.none,
        tags: ["gifs"],
        summary: "Whether GIF search is configured on this server (a GIPHY key is set)",
        responses: { 200: json(ZGifStatus, "Configured or not") },
      }),
      (c) => c.json({ configured: Boolean(deps.config.giphyApiKey) }, 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/gifs/trending",
        operationId: "listTrendingGifs",
        security: access.signedIn(M.gifs.signIn),
        tags: ["gifs"],
        summary: "Trending GIFs from GIPHY (cached 60 s)",
        responses: { 200: ok, ...errorResponses(401, 502, 503) },
      }),
      async (c) => c.json({ items: await gifs.trending() }, 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/gifs/search",
        operationId: "searchGifs",
        security: access.signedIn(M.gifs.signIn),
        tags: ["gifs"],
        summary: "Search GIPHY; a blank query returns no GIFs",
        request: { query: ZSearchQuery },
        responses: { 200: ok, ...errorResponses(400, 401, 502, 503) },
      }),
      async (c) => c.json({ items: await gifs.search(c.req.valid("query").q) }, 200),
    );
}
