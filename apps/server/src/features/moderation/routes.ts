import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  M,
  ZCommunityDetail,
  ZCommunitySuspensionRequest,
  ZFlagRequest,
  ZFlagResult,
  ZModerationDone,
  ZModerationPageQuery,
  ZModerationQueuePage,
  ZModerationReason,
  ZRemovedCommunities,
  ZRemovedPage,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { flagContent } from "./flag-content.ts";
import { dismissItem, listQueue, listRemoved } from "./moderation-queue.ts";
import { listRemovedCommunities, removeCommunity, restoreCommunity } from "./remove-community.ts";
import { removeContent, restoreContent } from "./remove-content.ts";
import { setCommunitySuspended } from "./suspend-community.ts";

const ZIdParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
const ZSlugParams = z.object({ slug: z.string().openapi({ param: { name: "slug", in: "path" } }) });
const TYPES = [
  { type: "post", path: "posts", name: "Post" },
  { type: "comment", path: "comments", name: "Comment" },
] as const;

/**
 * Moderation: members flag posts and comments; admins see the queue, dismiss flags, remove (a soft delete with a
 * reason the author is told) and restore within 30 days, and suspend or remove (and restore) communities. Every
 * admin write is audited.
 */
export function moderationRoutes(deps: TDeps) {
  const app = new OpenAPIHono<TAppEnv>();
  for (const { type, path, name } of TYPES) {
    app
      .openapi(
        defineRoute({
          method: "post",
          path: `/${path}/{id}/flags`,
          operationId: `flag${name}`,
          security: access.signedIn(M.auth.signInRequired),
          tags: ["moderation"],
          summary: `Report this ${type} to the admins with a reason (once per member; not your own)`,
          middleware: [memberLimit(deps, "report")] as const,
          request: {
            params: ZIdParams,
            body: { required: true, content: { "application/json": { schema: ZFlagRequest } } },
          },
          responses: {
            201: json(ZFlagResult, "Reported"),
            ...errorResponses(400, 401, 403, 404, 409, 429),
          },
        }),
        async (c) => {
          await flagContent(deps, viewerOf(c), type, c.req.valid("param").id, c.req.valid("json"));
          return c.json({ reported: true as const }, 201);
        },
      )
      .openapi(
        defineRoute({
          method: "post",
          path: `/admin/moderation/${path}/{id}/remove`,
          operationId: `remove${name}`,
          security: access.admin,
          tags: ["admin"],
          summary: `Remove a ${type} with a reason its author is told (a soft delete; admins only)`,
          request: {
            params: ZIdParams,
            body: { required: true, content: { "application/json": { schema: ZModerationReason } } },
          },
          responses: { 200: json(ZModerationDone, "Removed"), ...errorResponses(400, 401, 403, 404, 409) },
        }),
        async (c) => {
          await removeContent(deps, viewerOf(c), type, c.req.valid("param").id, c.req.valid("json"));
          return c.json({ ok: true as const }, 200);
        },
      )
      .openapi(
        defineRoute({
          method: "post",
          path: `/admin/moderation/${path}/{id}/restore`,
          operationId: `restore${name}`,
          security: access.admin,
          tags: ["admin"],
          summary: `Restore a removed ${type}, within 30 days of its removal (admins only)`,
          request: { params: ZIdParams },
          responses: { 200: json(ZModerationDone, "Restored"), ...errorResponses(401, 403, 404, 409) },
        }),
        async (c) => {
          await restoreContent(deps, viewerOf(c), type, c.req.valid("param").id);
          return c.json({ ok: true as const }, 200);
        },
      );
  }
  return app
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/moderation/queue",
        operationId: "moderationQueue",
        security: access.admin,
        tags: ["admin"],
        summary: "Flagged posts and comments, most open flags first (keyset pages; admins only)",
        request: { query: ZModerationPageQuery },
        responses: {
          200: json(ZModerationQueuePage, "A page of the queue"),
          ...errorResponses(400, 401, 403),
        },
      }),
      async (c) => c.json(await listQueue(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/moderation/removed",
        operationId: "removedContent",
        security: access.admin,
        tags: ["admin"],
        summary: "Removed posts and comments, newest removal first, with whether each may still be restored",
        request: { query: ZModerationPageQuery },
        responses: { 200: json(ZRemovedPage, "A page of removed items"), ...errorResponses(400, 401, 403) },
      }),
      async (c) => c.json(await listRemoved(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/moderation/items/{id}/dismiss",
        operationId: "dismissFlags",
        security: access.admin,
        tags: ["admin"],
        summary: "Dismiss a flagged item's open flags (admins only)",
        request: { params: ZIdParams },
        responses: { 200: json(ZModerationDone, "Dismissed"), ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        await dismissItem(deps, viewerOf(c), c.req.valid("param").id);
        return c.json({ ok: true as const }, 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/communities/{slug}/suspension",
        operationId: "setCommunitySuspension",
        security: access.admin,
        tags: ["admin"],
        summary: "Suspend a community (read-only) or lift it, with a reason (admins only)",
        request: {
          params: ZSlugParams,
          body: { required: true, content: { "application/json": { schema: ZCommunitySuspensionRequest } } },
        },
        responses: {
          200: json(ZCommunityDetail, "The community as it is now"),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      async (c) =>
        c.json(
          await setCommunitySuspended(deps, viewerOf(c), c.req.valid("param").slug, c.req.valid("json")),
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/communities/{slug}/remove",
        operationId: "removeCommunity",
        security: access.admin,
        tags: ["admin"],
        summary: "Remove a community with a reason: gone for everyone, restorable for 30 days (admins only)",
        description:
          "A soft delete: the list, search, the community's page and members answer as if it did not exist (404), " +
          "its posts leave every feed and their own pages, no one can post or join. Audited in the same transaction.",
        request: {
          params: ZSlugParams,
          body: { required: true, content: { "application/json": { schema: ZModerationReason } } },
        },
        responses: {
          200: json(ZModerationDone, "Removed"),
          ...errorResponses(400, 401, 403, 404),
        },
      }),
      async (c) => {
        await removeCommunity(deps, viewerOf(c), c.req.valid("param").slug, c.req.valid("json"));
        return c.json({ ok: true as const }, 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/communities/{id}/restore",
        operationId: "restoreCommunity",
        security: access.admin,
        tags: ["admin"],
        summary: "Restore a removed community within 30 days of its removal (admins only)",
        request: { params: ZIdParams },
        responses: {
          200: json(ZModerationDone, "Restored"),
          ...errorResponses(401, 403, 404, 409),
        },
      }),
      async (c) => {
        await restoreCommunity(deps, viewerOf(c), c.req.valid("param").id);
        return c.json({ ok: true as const }, 200);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/moderation/removed-communities",
        operationId: "removedCommunities",
        security: access.admin,
        tags: ["admin"],
        summary: "The communities admins removed, newest first (the latest 50; admins only)",
        responses: {
          200: json(ZRemovedCommunities, "Removed communities"),
          ...errorResponses(401, 403),
        },
      }),
      async (c) => c.json(await listRemovedCommunities(deps, viewerOf(c)), 200),
    );
}
