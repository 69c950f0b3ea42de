import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  ZAdminMember,
  ZAdminMemberDetail,
  ZAdminMemberPage,
  ZAdminMembersQuery,
  ZMemberBanRequest,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { banMember, getMember, listMembers, resetTwoFactor, setMemberAdmin } from "./members.ts";

const ZMemberParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

/** The admins' member management: find members, ban and unban them with a reason, grant and remove the admin role. */
export function adminMemberRoutes(deps: TDeps) {
  const app = new OpenAPIHono<TAppEnv>().openapi(
    defineRoute({
      method: "get",
      path: "/admin/members",
      operationId: "listMembers",
      security: access.admin,
      tags: ["admin"],
      summary:
        "Members newest first, or a username or e-mail prefix search in name order; all, admins or banned (admins only)",
      request: { query: ZAdminMembersQuery },
      responses: { 200: json(ZAdminMemberPage, "A page of members"), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listMembers(deps, viewerOf(c), c.req.valid("query")), 200),
  );
  for (const banned of [true, false]) {
    app.openapi(
      defineRoute({
        method: "post",
        path: `/admin/members/{id}/${banned ? "ban" : "unban"}`,
        operationId: banned ? "banMember" : "unbanMember",
        security: access.admin,
        tags: ["admin"],
        summary: banned
          ? "Ban a member with a reason; every session of theirs ends at its next request (admins only)"
          : "Lift a member's ban, with a reason (admins only)",
        request: {
          params: ZMemberParams,
          body: { required: true, content: { "application/json": { schema: ZMemberBanRequest } } },
        },
        responses: {
          200: json(ZAdminMember, "The member as they are now"),
          ...errorResponses(400, 401, 403, 404),
        },
      }),
      async (c) =>
        c.json(
          await banMember(deps, viewerOf(c), c.req.valid("param").id, banned, c.req.valid("json").reason),
          200,
        ),
    );
  }
  for (const grant of [true, false]) {
    app.openapi(
      defineRoute({
        method: grant ? "put" : "delete",
        path: "/admin/members/{id}/admin",
        operationId: grant ? "grantAdmin" : "revokeAdmin",
        security: access.admin,
        tags: ["admin"],
        summary: grant
          ? "Make a member an admin (admins only; not yourself)"
          : "Remove a member's admin role (admins only; never your own, never the last admin's)",
        request: { params: ZMemberParams },
        responses: {
          200: json(ZAdminMember, "The member as they are now"),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      async (c) => c.json(await setMemberAdmin(deps, viewerOf(c), c.req.valid("param").id, grant), 200),
    );
  }
  app
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/members/{id}",
        operationId: "getMember",
        security: access.admin,
        tags: ["admin"],
        summary:
          "A member: role, ban, two-factor, open sessions, posts, comments, reports, last points and admin actions (admins only)",
        request: { params: ZMemberParams },
        responses: { 200: json(ZAdminMemberDetail, "The member"), ...errorResponses(401, 403, 404) },
      }),
      async (c) => c.json(await getMember(deps, viewerOf(c), c.req.valid("param").id), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/members/{id}/reset-two-factor",
        operationId: "resetMemberTwoFactor",
        security: access.admin,
        tags: ["admin"],
        summary:
          "Turn off a member's two-factor authentication, for a lost authenticator (admins only; not yourself)",
        request: { params: ZMemberParams },
        responses: {
          200: json(ZAdminMemberDetail, "The member"),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      async (c) => c.json(await resetTwoFactor(deps, viewerOf(c), c.req.valid("param").id), 200),
    );
  return app;
}
