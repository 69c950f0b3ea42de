import { OpenAPIHono, z } from "@hono/zod-openapi";
import { M_ACCOUNT, ZDeleteAccountRequest, ZSetPasswordRequest } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, jsonBody, viewerOf } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { exportMyData } from "./export-my-data.ts";
import { listMyPasskeys, removeMyPasskey } from "./passkeys.ts";
import { requestDeletion } from "./request-deletion.ts";
import { setFirstPassword } from "./set-password.ts";

const ZExport = z
  .object({
    format: z.literal("plugs-and-rugs-export/1"),
    exportedAt: z.string(),
    account: z.object({
      id: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
      createdAt: z.string(),
    }),
    profile: z.record(z.string(), z.unknown()),
    posts: z.array(z.record(z.string(), z.unknown())),
    comments: z.array(z.record(z.string(), z.unknown())),
    reactions: z.object({
      postLikes: z.array(z.object({ postId: z.string(), createdAt: z.string() })),
      commentLikes: z.array(z.object({ commentId: z.string(), createdAt: z.string() })),
      commentReactions: z.array(
        z.object({ commentId: z.string(), emoji: z.string(), createdAt: z.string() }),
      ),
    }),
    points: z.object({ balance: z.number(), ledger: z.array(z.record(z.string(), z.unknown())) }),
    reports: z.array(z.record(z.string(), z.unknown())),
    truncated: z.array(z.string()),
  })
  .openapi("MyDataExport");

const ZPasskey = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    deviceType: z.string(),
    backedUp: z.boolean(),
  })
  .openapi("Passkey");

/** The member's own account: download my data, delete my account (features/account). */
export function accountRoutes(deps: TDeps) {
  const limit = memberLimit(deps, "account");
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/me/export",
        operationId: "exportMyData",
        security: access.signedIn(),
        tags: ["account"],
        summary:
          "Download my data: profile, posts, comments, reactions, points ledger and reports as one JSON file",
        description:
          "Answered as an attachment (`plugs-and-rugs-<username>-<date>.json`). No secrets: no password hash, tokens or other members' e-mails. Each section holds at most 20,000 rows, newest first; `truncated` names those that reached it.",
        middleware: [limit] as const,
        responses: { 200: json(ZExport, "The archive"), ...errorResponses(401, 429) },
      }),
      async (c) => {
        const data = await exportMyData(deps, viewerOf(c));
        const day = data.exportedAt.slice(0, 10);
        c.header("cache-control", "no-store");
        c.header(
          "content-disposition",
          `attachment; filename="plugs-and-rugs-${String(data.profile.username)}-${day}.json"`,
        );
        return c.json(data, 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/me/deletion",
        operationId: "requestAccountDeletion",
        security: access.signedIn(),
        tags: ["account"],
        summary:
          "Delete my account: signed out everywhere now, erased after 14 days unless I sign in before then",
        description:
          "The password confirms it (400 'Incorrect password' otherwise). Every session ends; signing in during the grace period cancels the deletion. Then the `account-erase` job erases the profile, avatar, banner, e-mail and sign-ins; posts and comments stay as from a deleted account and the points ledger stays on the anonymous id.",
        middleware: [limit] as const,
        request: jsonBody(ZDeleteAccountRequest),
        responses: {
          200: json(z.object({ requestedAt: z.string(), eraseAfter: z.string() }), "Deletion scheduled"),
          ...errorResponses(400, 401, 429),
        },
      }),
      async (c) => c.json(await requestDeletion(deps, viewerOf(c), c.req.valid("json")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/me/password",
        operationId: "setMyPassword",
        security: access.signedIn(),
        tags: ["account"],
        summary: "Set a first password (an account a sign-in provider made); one that has a password is 409",
        middleware: [limit] as const,
        request: jsonBody(ZSetPasswordRequest),
        responses: {
          200: json(z.object({ message: z.string() }), "Set; the owner is e-mailed"),
          ...errorResponses(400, 401, 409, 429),
        },
      }),
      async (c) => {
        await setFirstPassword(deps, viewerOf(c), c.req.raw.headers, c.req.valid("json"));
        return c.json({ message: M_ACCOUNT.passwordSet }, 200);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/me/passkeys",
        operationId: "listMyPasskeys",
        security: access.signedIn(),
        tags: ["account"],
        summary: "My passkeys, newest first",
        description:
          "Add one with GET /api/auth/passkey/generate-register-options and POST /api/auth/passkey/verify-registration.",
        responses: { 200: json(z.object({ items: z.array(ZPasskey) }), "The list"), ...errorResponses(401) },
      }),
      async (c) => c.json({ items: await listMyPasskeys(deps, viewerOf(c)) }, 200),
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/me/passkeys/{id}",
        operationId: "removeMyPasskey",
        security: access.signedIn(),
        tags: ["account"],
        summary:
          "Remove one of my passkeys (another member's is 404 'Passkey not found'; my only way to sign in is 409)",
        middleware: [limit] as const,
        request: { params: z.object({ id: z.string() }) },
        responses: {
          200: json(z.object({ ok: z.literal(true) }), "Removed"),
          ...errorResponses(401, 404, 409, 429),
        },
      }),
      async (c) => {
        await removeMyPasskey(deps, viewerOf(c), c.req.valid("param").id);
        return c.json({ ok: true as const }, 200);
      },
    );
}
