import { OpenAPIHono } from "@hono/zod-openapi";
import { ZAdminAuditPage, ZAdminAuditQuery } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { listAdminAudit } from "./list-audit.ts";

/** The admins' audit log: read-only, there is no route that changes or deletes a row. */
export function adminAuditRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>().openapi(
    defineRoute({
      method: "get",
      path: "/admin/audit",
      operationId: "listAdminAudit",
      security: access.admin,
      tags: ["admin"],
      summary: "Every admin action, newest first, by admin, action and date (admins only)",
      description:
        "A keyset page: pass nextCursor back as cursor. `from` and `to` are UTC days (YYYY-MM-DD), both included.",
      request: { query: ZAdminAuditQuery },
      responses: { 200: json(ZAdminAuditPage, "A page of the audit log"), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listAdminAudit(deps, viewerOf(c), c.req.valid("query")), 200),
  );
}
