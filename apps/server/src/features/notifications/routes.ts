import { OpenAPIHono } from "@hono/zod-openapi";
import { M, ZCursorQuery, ZMarkReadRequest, ZNotificationsPage, ZUnreadCount } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { getUnreadCount, listNotifications, markRead } from "./list-notifications.ts";

/** GET /api/notifications, GET /api/notifications/unread-count, POST /api/notifications/read. */
export function notificationRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/notifications",
        operationId: "listNotifications",
        security: access.signedIn(M.notifications.signIn),
        tags: ["notifications"],
        summary: "Your notifications, newest first, keyset pages, with the unread count",
        request: { query: ZCursorQuery },
        responses: { 200: json(ZNotificationsPage, "A page of notifications"), ...errorResponses(400, 401) },
      }),
      async (c) => c.json(await listNotifications(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/notifications/unread-count",
        operationId: "getUnreadCount",
        security: access.signedIn(M.notifications.signIn),
        tags: ["notifications"],
        summary: "How many of your notifications are unread (the bell)",
        responses: { 200: json(ZUnreadCount, "The count"), ...errorResponses(401) },
      }),
      async (c) => c.json(await getUnreadCount(deps, viewerOf(c)), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/notifications/read",
        operationId: "markNotificationsRead",
        security: access.signedIn(M.notifications.signIn),
        tags: ["notifications"],
        summary: "Mark notifications read: {ids} or {all: true}",
        middleware: [memberLimit(deps, "edit")] as const,
        request: { body: { required: true, content: { "application/json": { schema: ZMarkReadRequest } } } },
        responses: {
          200: json(ZUnreadCount, "The unread count after"),
          ...errorResponses(400, 401, 404, 429),
        },
      }),
      async (c) => c.json(await markRead(deps, viewerOf(c), c.req.valid("json")), 200),
    );
}
