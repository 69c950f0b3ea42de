import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  FILE_RULES,
  M_REWARDS,
  ZAdminEntrants,
  ZAdminEntrantsQuery,
  ZAdminGiveawayPage,
  ZAdminGiveawayQuery,
  ZAdminWinners,
  ZClaimRequest,
  ZGiveawayDetail,
  ZGiveawayInput,
  ZGiveawayList,
  ZGiveawayPatch,
  ZMyEntry,
  ZMyGiveaways,
} from "@plugs/domain";
import type { TAppEnv, TDeps, TViewer } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { fileFields, fileOf, type TParsedBody, uploadBodyLimit } from "../media/multipart.ts";
import {
  cancelGiveaway,
  createGiveaway,
  drawGiveawayNow,
  publishGiveaway,
  updateGiveaway,
} from "./admin-giveaways.ts";
import { listAdminEntrants, listAdminGiveaways, listAdminWinners } from "./admin-list-giveaways.ts";
import { claimPrize } from "./claim-prize.ts";
import { enterGiveaway } from "./enter-giveaway.ts";
import { setGiveawayImage } from "./giveaway-image.ts";
import { listGiveaways, myEntry, myGiveaways, viewGiveaway } from "./read-giveaways.ts";
import { redrawPrize } from "./redraw-prize.ts";

const ZSlugParams = z.object({
  slug: z
    .string()
    .max(200)
    .openapi({ param: { name: "slug", in: "path" }, description: "The giveaway's slug" }),
});

const ZWinnerParams = ZSlugParams.extend({
  position: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .openapi({
      param: { name: "position", in: "path" },
      description: "The winner's place in the draw, from 1",
    }),
});

const ZImageForm = z.object({
  image: z
    .unknown()
    .optional()
    .openapi({
      type: "string",
      format: "binary",
      description: `The image (JPEG, PNG, GIF, WebP; ${FILE_RULES.image.megabytes} MB), checked by its bytes`,
    }),
});

function member(viewer: TViewer | null): TViewer {
  if (!viewer) throw new AppError("UNAUTHORIZED", M_REWARDS.signInToEnter);
  return viewer;
}

/** Rewards: /api/rewards/... for members and visitors, /api/admin/rewards/... for the admins who run giveaways. */
export function rewardsRoutes(deps: TDeps) {
  const entrant = access.signedIn(M_REWARDS.signInToEnter);
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/rewards",
        operationId: "listGiveaways",
        security: access.optional,
        tags: ["rewards"],
        summary:
          "Live giveaways (ending soonest first), upcoming ones, then the latest ended ones with their winners",
        responses: { 200: json(ZGiveawayList, "The giveaways") },
      }),
      async (c) => c.json(await listGiveaways(deps, viewerOf(c)), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/rewards/me/entries",
        operationId: "myGiveaways",
        security: entrant,
        tags: ["rewards"],
        summary: "Your giveaways: your last 50 entries, newest first, with wins and claims",
        responses: { 200: json(ZMyGiveaways, "Your entries"), ...errorResponses(401) },
      }),
      async (c) => c.json(await myGiveaways(deps, member(viewerOf(c))), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/rewards/{slug}",
        operationId: "viewGiveaway",
        security: access.optional,
        tags: ["rewards"],
        summary:
          "A giveaway: its rules, the viewer's eligibility, and its fairness proof (the seed's hash from publication; the seed, entrant list and winners once drawn)",
        request: { params: ZSlugParams },
        responses: { 200: json(ZGiveawayDetail, "The giveaway"), ...errorResponses(404) },
      }),
      async (c) => c.json(await viewGiveaway(deps, viewerOf(c), c.req.valid("param").slug), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/rewards/{slug}/entry",
        operationId: "myGiveawayEntry",
        security: entrant,
        tags: ["rewards"],
        summary: "Your entry in a giveaway, and whether you won",
        request: { params: ZSlugParams },
        responses: { 200: json(ZMyEntry, "Your entry"), ...errorResponses(401, 404) },
      }),
      async (c) => c.json(await myEntry(deps, member(viewerOf(c)), c.req.valid("param").slug), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/rewards/{slug}/entries",
        operationId: "enterGiveaway",
        security: entrant,
        tags: ["rewards"],
        summary:
          "Enter a giveaway, once; its entry cost is debited from your points in the same transaction (409 when you lack them)",
        middleware: [memberLimit(deps, "rewards")] as const,
        request: { params: ZSlugParams },
        responses: { 201: json(ZMyEntry, "Entered"), ...errorResponses(401, 403, 404, 409, 429) },
      }),
      async (c) => c.json(await enterGiveaway(deps, member(viewerOf(c)), c.req.valid("param").slug), 201),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/rewards/{slug}/claim",
        operationId: "claimGiveawayPrize",
        security: entrant,
        tags: ["rewards"],
        summary:
          "A winner claims the prize within the claim window (7 days from the draw), with a contact handle or wallet address",
        middleware: [memberLimit(deps, "rewards")] as const,
        request: {
          params: ZSlugParams,
          body: { content: { "application/json": { schema: ZClaimRequest } }, required: true },
        },
        responses: { 200: json(ZMyEntry, "Claimed"), ...errorResponses(400, 401, 403, 404, 409, 429) },
      }),
      async (c) =>
        c.json(
          await claimPrize(deps, member(viewerOf(c)), c.req.valid("param").slug, c.req.valid("json")),
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/rewards",
        operationId: "createGiveaway",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary: "Create a giveaway as a draft",
        request: { body: { content: { "application/json": { schema: ZGiveawayInput } }, required: true } },
        responses: { 201: json(ZGiveawayDetail, "The draft"), ...errorResponses(400, 401, 403, 409) },
      }),
      async (c) => c.json(await createGiveaway(deps, viewerOf(c), c.req.valid("json")), 201),
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/admin/rewards/{slug}",
        operationId: "updateGiveaway",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary: "Change a draft, or a published giveaway's terms until its first entry",
        request: {
          params: ZSlugParams,
          body: { content: { "application/json": { schema: ZGiveawayPatch } }, required: true },
        },
        responses: { 200: json(ZGiveawayDetail, "The giveaway"), ...errorResponses(400, 401, 403, 404, 409) },
      }),
      async (c) =>
        c.json(await updateGiveaway(deps, viewerOf(c), c.req.valid("param").slug, c.req.valid("json")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/rewards/{slug}/publish",
        operationId: "publishGiveaway",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary:
          "Publish a draft: the server makes the secret seed, publishes its SHA-256 and schedules the draw at the end time",
        request: { params: ZSlugParams },
        responses: {
          200: json(ZGiveawayDetail, "The live giveaway"),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      async (c) => c.json(await publishGiveaway(deps, viewerOf(c), c.req.valid("param").slug), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/rewards/{slug}/draw",
        operationId: "drawGiveawayNow",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary: "Draw now: a live giveaway past its end, once (409 when not ended or already drawn)",
        request: { params: ZSlugParams },
        responses: {
          200: json(ZGiveawayDetail, "The drawn giveaway"),
          ...errorResponses(401, 403, 404, 409),
        },
      }),
      async (c) => c.json(await drawGiveawayNow(deps, viewerOf(c), c.req.valid("param").slug), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/rewards/{slug}/cancel",
        operationId: "cancelGiveaway",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary: "Cancel a giveaway before its draw; every entry's points are refunded through the ledger",
        request: { params: ZSlugParams },
        responses: {
          200: json(ZGiveawayDetail, "The cancelled giveaway"),
          ...errorResponses(401, 403, 404, 409),
        },
      }),
      async (c) => c.json(await cancelGiveaway(deps, viewerOf(c), c.req.valid("param").slug), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/rewards",
        operationId: "listAdminGiveaways",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary: "Every giveaway, drafts and cancelled ones too, newest first, filtered by phase, 20 a page",
        request: { query: ZAdminGiveawayQuery },
        responses: { 200: json(ZAdminGiveawayPage, "The giveaways"), ...errorResponses(400, 401, 403) },
      }),
      async (c) => c.json(await listAdminGiveaways(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/rewards/{slug}/entries",
        operationId: "listGiveawayEntrants",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary:
          "A giveaway's entrants, 50 a page in member-id order (the draw's list order), with what each paid",
        request: { params: ZSlugParams, query: ZAdminEntrantsQuery },
        responses: { 200: json(ZAdminEntrants, "The entrants"), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) =>
        c.json(
          await listAdminEntrants(deps, viewerOf(c), c.req.valid("param").slug, c.req.valid("query").after),
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/rewards/{slug}/winners",
        operationId: "listGiveawayWinners",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary: "A giveaway's winners in draw order with their claims and delivery contacts",
        request: { params: ZSlugParams },
        responses: { 200: json(ZAdminWinners, "The winners"), ...errorResponses(401, 403, 404) },
      }),
      async (c) => c.json(await listAdminWinners(deps, viewerOf(c), c.req.valid("param").slug), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/rewards/{slug}/winners/{position}/redraw",
        operationId: "redrawGiveawayPrize",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary:
          "Redraw a prize whose claim window closed unclaimed: the next winner of the same seed and list, recorded in the proof",
        request: { params: ZWinnerParams },
        responses: { 200: json(ZAdminWinners, "The winners"), ...errorResponses(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const { slug, position } = c.req.valid("param");
        return c.json(await redrawPrize(deps, viewerOf(c), slug, position), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/rewards/{slug}/image",
        operationId: "uploadGiveawayImage",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary: "Upload a giveaway's image (multipart field `image`), checked by its bytes and re-encoded",
        middleware: [uploadBodyLimit("image", 1), fileFields({ image: "one" })] as const,
        request: {
          params: ZSlugParams,
          body: { required: true, content: { "multipart/form-data": { schema: ZImageForm } } },
        },
        responses: {
          200: json(ZGiveawayDetail, "The giveaway with its image"),
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      }),
      async (c) => {
        const form = c.req.valid("form") as TParsedBody;
        return c.json(
          await setGiveawayImage(deps, viewerOf(c), c.req.valid("param").slug, fileOf(form, "image")),
          200,
        );
      },
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/admin/rewards/{slug}/image",
        operationId: "removeGiveawayImage",
        security: access.admin,
        tags: ["rewards", "admin"],
        summary: "Remove a giveaway's image",
        request: { params: ZSlugParams },
        responses: {
          200: json(ZGiveawayDetail, "The giveaway without an image"),
          ...errorResponses(401, 403, 404),
        },
      }),
      async (c) =>
        c.json(await setGiveawayImage(deps, viewerOf(c), c.req.valid("param").slug, null, true), 200),
    );
}
