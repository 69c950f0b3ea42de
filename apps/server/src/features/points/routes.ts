import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  M,
  POINTS_LIMITS,
  ZAirdrop,
  ZAirdropPage,
  ZAirdropRequest,
  ZCursorPage,
  ZUpdatePointsActivityRequest,
  zText,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { createAirdrop, listAirdrops } from "./airdrops.ts";
import { listPointsActivities, updatePointsActivity } from "./points-activities.ts";
import { getMyPoints } from "./points-ledger.ts";

const ZLedgerQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number(M.points.invalidPage)
    .int(M.points.invalidPage)
    .min(1, M.points.invalidPage)
    .max(50, M.points.invalidPage)
    .default(POINTS_LIMITS.ledgerPageSize),
});

const ZPointsMe = ZCursorPage(
  z.object({
    id: z.string(),
    points: z.number(),
    description: z.string(),
    activity: z.string(),
    activityLabel: z.string(),
    referenceType: z.string().nullable(),
    createdAt: z.string(),
  }),
).extend({ balance: z.number() });

/** A page's nextCursor or previousCursor (none for page 1): the audit list pages by keyset, not offset. */
const ZAirdropsQuery = z.object({
  cursor: zText({ error: M.points.airdropsCursorInvalid })
    .max(600, M.points.airdropsCursorInvalid)
    .optional(),
});

const ZActivity = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  description: z.string(),
  points: z.number(),
  dailyCap: z.number().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
});

const ZActivityParams = z.object({
  name: z
    .string()
    .max(60)
    .openapi({ param: { name: "name", in: "path" } }),
});

/**
 * Points: GET /api/points/me; admins: POST and GET /api/admin/airdrops, GET /api/admin/points-activities and
 * PATCH /api/admin/points-activities/:name. The admin role is checked in each service.
 */
export function pointsRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/points/me",
        operationId: "getMyPoints",
        security: access.signedIn(),
        tags: ["points"],
        summary: "Your balance and points history, newest first (keyset pages: pass nextCursor as cursor)",
        request: { query: ZLedgerQuery },
        responses: { 200: json(ZPointsMe, "Balance and a page of the ledger"), ...errorResponses(400, 401) },
      }),
      async (c) => c.json(await getMyPoints(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/airdrops",
        operationId: "createAirdrop",
        security: access.admin,
        tags: ["admin"],
        summary:
          "Airdrop points to one user ({username}) or many ({usernames}, all or nothing), with a reason (admins only)",
        request: {
          headers: z.object({
            "idempotency-key": z
              .string()
              .optional()
              .openapi({
                description:
                  "Optional UUID, kept for retries of the same airdrop: a repeat pays nothing more and answers with " +
                  "the first request's rows (header Idempotent-Replayed: true); 409 if the key was used for another",
              }),
          }),
          body: { required: true, content: { "application/json": { schema: ZAirdropRequest } } },
        },
        responses: {
          201: json(z.object({ items: z.array(ZAirdrop) }), "One audit row per recipient"),
          ...errorResponses(400, 401, 403, 409),
        },
      }),
      async (c) => {
        const viewer = viewerOf(c);
        const key = c.req.header("idempotency-key");
        const { items, replayed } = await createAirdrop(deps, viewer, c.req.valid("json"), key);
        if (replayed) c.header("idempotent-replayed", "true");
        return c.json({ items }, 201);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/airdrops",
        operationId: "listAirdrops",
        security: access.admin,
        tags: ["admin"],
        summary: "Every airdrop, newest first: who granted what to whom and why (admins only)",
        request: { query: ZAirdropsQuery },
        responses: {
          200: json(ZAirdropPage, "A page of the audit list (`totalCapped`: more rows than `total` counts)"),
          ...errorResponses(400, 401, 403),
        },
      }),
      async (c) => c.json(await listAirdrops(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/points-activities",
        operationId: "listPointsActivities",
        security: access.admin,
        tags: ["admin"],
        summary: "The activities that earn points, with amounts, daily caps and state (admins only)",
        responses: {
          200: json(z.object({ items: z.array(ZActivity) }), "Every activity"),
          ...errorResponses(401, 403),
        },
      }),
      async (c) => c.json(await listPointsActivities(deps, viewerOf(c)), 200),
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/admin/points-activities/{name}",
        operationId: "updatePointsActivity",
        security: access.admin,
        tags: ["admin"],
        summary:
          "Change an activity's amount, daily cap (null: none), label or description, or switch it off",
        request: {
          params: ZActivityParams,
          body: {
            required: true,
            content: { "application/json": { schema: ZUpdatePointsActivityRequest } },
          },
        },
        responses: { 200: json(ZActivity, "The activity as changed"), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) =>
        c.json(
          await updatePointsActivity(deps, viewerOf(c), c.req.valid("param").name, c.req.valid("json")),
          200,
        ),
    );
}
