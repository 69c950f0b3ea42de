import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  M,
  ZCreateKolRequest,
  ZFeedPage,
  ZKolCard,
  ZKolDetail,
  ZKolListQuery,
  ZKolPage,
  ZUpdateKolRequest,
  ZVoteRequest,
  ZVoteState,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { createKol, updateKol } from "./admin-kols.ts";
import { listKols } from "./list-kols.ts";
import { listKolMentions, viewKol } from "./view-kol.ts";
import { castVote, withdrawVote } from "./vote.ts";

const ZHandleParams = z.object({
  handle: z
    .string()
    .max(100)
    .openapi({ param: { name: "handle", in: "path" }, example: "moon_boy" }),
});

function body<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

/**
 * The KOL directory: GET /api/kols, GET /api/kols/:handle, GET /api/kols/:handle/posts, POST and DELETE
 * /api/kols/:handle/votes, and the admin's POST /api/admin/kols and PATCH /api/admin/kols/:handle.
 */
export function kolRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/kols",
        operationId: "listKols",
        security: access.none,
        tags: ["kols"],
        summary:
          "KOL cards: all, plugs, rugs, top, fame (Plug of Fame) or shame (Rug of Shame); search by handle or name prefix",
        request: { query: ZKolListQuery },
        responses: { 200: json(ZKolPage, "One page of KOLs"), ...errorResponses(400) },
      }),
      async (c) => c.json(await listKols(deps, c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/kols/{handle}",
        operationId: "getKol",
        security: access.optional,
        tags: ["kols"],
        summary: "A KOL's profile, score with its breakdown, the viewer's vote and the approved reports",
        request: { params: ZHandleParams },
        responses: { 200: json(ZKolDetail, "The KOL"), ...errorResponses(404) },
      }),
      async (c) => c.json(await viewKol(deps, viewerOf(c), c.req.valid("param").handle), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/kols/{handle}/posts",
        operationId: "listKolPosts",
        security: access.optional,
        tags: ["kols"],
        summary: "The latest posts (that the viewer may see) mentioning the KOL",
        request: { params: ZHandleParams },
        responses: {
          200: json(ZFeedPage.pick({ items: true }), "Posts, newest first"),
          ...errorResponses(404),
        },
      }),
      async (c) => c.json(await listKolMentions(deps, viewerOf(c), c.req.valid("param").handle), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/kols/{handle}/votes",
        operationId: "voteOnKol",
        security: access.signedIn(M.kols.loginToVote),
        tags: ["kols"],
        summary: "Vote plug or rug (one verdict per user per KOL; voting again changes it)",
        middleware: [memberLimit(deps, "reaction")] as const,
        request: { params: ZHandleParams, body: body(ZVoteRequest) },
        responses: {
          200: json(ZVoteState, "Your vote and the new tally"),
          ...errorResponses(400, 401, 404, 429),
        },
      }),
      async (c) =>
        c.json(
          await castVote(deps, viewerOf(c), c.req.valid("param").handle, c.req.valid("json").verdict),
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/kols/{handle}/votes",
        operationId: "withdrawKolVote",
        security: access.signedIn(M.kols.loginToVote),
        tags: ["kols"],
        summary: "Withdraw your vote",
        middleware: [memberLimit(deps, "reaction")] as const,
        request: { params: ZHandleParams },
        responses: { 200: json(ZVoteState, "No vote, and the new tally"), ...errorResponses(401, 404, 429) },
      }),
      async (c) => c.json(await withdrawVote(deps, viewerOf(c), c.req.valid("param").handle), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/kols",
        operationId: "createKol",
        security: access.admin,
        tags: ["admin"],
        summary: "Add a KOL (admins only)",
        request: { body: body(ZCreateKolRequest) },
        responses: { 201: json(ZKolCard, "The new KOL"), ...errorResponses(400, 401, 403, 409) },
      }),
      async (c) => c.json(await createKol(deps, viewerOf(c), c.req.valid("json")), 201),
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/admin/kols/{handle}",
        operationId: "updateKol",
        security: access.admin,
        tags: ["admin"],
        summary: "Edit a KOL's profile (admins only)",
        request: { params: ZHandleParams, body: body(ZUpdateKolRequest) },
        responses: { 200: json(ZKolCard, "The KOL"), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) =>
        c.json(await updateKol(deps, viewerOf(c), c.req.valid("param").handle, c.req.valid("json")), 200),
    );
}
