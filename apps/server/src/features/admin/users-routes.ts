import { OpenAPIHono, z } from "@hono/zod-openapi";
import { ZPage } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { listUsers, setUserBanned } from "./users.ts";

const ZAdminUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  isBanned: z.boolean(),
  roles: z.array(z.string()),
});

const ZUsersQuery = z.object({
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const ZUserParams = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

const ZBanResult = z.object({ id: z.string(), username: z.string(), isBanned: z.boolean() });

/** Admin user management. Every route checks the admin role on the server (requireAdmin in the service). */
export function adminUserRoutes(deps: TDeps) {
  const app = new OpenAPIHono<TAppEnv>().openapi(
    defineRoute({
      method: "get",
      path: "/admin/users",
      operationId: "listUsers",
      security: access.admin,
      tags: ["admin"],
      summary: "Find accounts by username or e-mail prefix (admins only)",
      request: { query: ZUsersQuery },
      responses: {
        200: json(ZPage(ZAdminUser), "A page of accounts"),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listUsers(deps, viewerOf(c), c.req.valid("query")), 200),
  );
  for (const [verb, banned] of [
    ["ban", true],
    ["unban", false],
  ] as const) {
    app.openapi(
      defineRoute({
        method: "post",
        path: `/admin/users/{id}/${verb}`,
        operationId: banned ? "banUser" : "unbanUser",
        security: access.admin,
        tags: ["admin"],
        summary: banned ? "Ban an account and end its sessions (admins only)" : "Lift a ban (admins only)",
        request: { params: ZUserParams },
        responses: { 200: json(ZBanResult, "Done"), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) => c.json(await setUserBanned(deps, viewerOf(c), c.req.valid("param").id, banned), 200),
    );
  }
  return app;
}
