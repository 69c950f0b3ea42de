import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  FILE_RULES,
  ZProfileDetails,
  ZResendVerificationRequest,
  ZUpdateProfileRequest,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf, ZFile } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { fileFields, fileOf, uploadBodyLimit } from "../media/multipart.ts";
import { getMe, removeMyPicture, revokeMyOtherSessions, setMyPicture, updateMyProfile } from "./me.ts";
import { resendVerification } from "./resend-verification.ts";

const ZMe = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
    }),
    profile: z
      .object({
        id: z.string(),
        username: z.string(),
        avatarUrl: z.string().nullable(),
        isVerified: z.boolean(),
        isBanned: z.boolean(),
        points: z.number(),
      })
      .extend(ZProfileDetails.shape),
    roles: z.array(z.string()),
    isAdmin: z.boolean(),
  })
  .openapi("Me");

const imageField = (shape: string) =>
  ZFile.optional().openapi({
    description: `An image: JPEG, PNG, GIF or WebP, at most ${FILE_RULES.image.megabytes} MB; ${shape}`,
  });
const ZAvatarForm = z.object({ avatar: imageField("square (the web app crops it to 512 x 512)") });
const ZBannerForm = z.object({ banner: imageField("3:1 (the web app crops it to 1500 x 500)") });

export function meRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/me",
        operationId: "getMe",
        security: access.signedIn(),
        tags: ["auth"],
        summary: "The signed-in account, profile and roles",
        responses: { 200: json(ZMe, "Signed in"), ...errorResponses(401) },
      }),
      async (c) => {
        c.header("cache-control", "no-store");
        return c.json(await getMe(deps, viewerOf(c)), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/session",
        operationId: "getSession",
        security: access.optional,
        tags: ["auth"],
        summary: "Who is here: the signed-in account as /me gives it, or null for a visitor (never a 401)",
        description:
          "The web app asks this on every page load; a visitor's answer is a 200, so browsers log no failed request.",
        // A union, not .nullable(): a nullable reference comes out as allOf [Me, object|null], which null fails.
        responses: { 200: json(z.object({ me: z.union([ZMe, z.null()]) }), "The account, or null") },
      }),
      async (c) => {
        c.header("cache-control", "no-store");
        const viewer = viewerOf(c);
        return c.json({ me: viewer ? await getMe(deps, viewer) : null }, 200);
      },
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/me/profile",
        operationId: "updateMyProfile",
        security: access.signedIn(),
        tags: ["auth"],
        summary:
          "Change my username, display name, bio and links (a field left out is unchanged, an empty one cleared)",
        middleware: [memberLimit(deps, "edit")] as const,
        request: {
          body: { required: true, content: { "application/json": { schema: ZUpdateProfileRequest } } },
        },
        responses: { 200: json(ZMe, "Updated"), ...errorResponses(400, 401, 409, 429) },
      }),
      async (c) => c.json(await updateMyProfile(deps, viewerOf(c), c.req.valid("json")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/me/avatar",
        operationId: "setMyAvatar",
        security: access.signedIn(),
        tags: ["auth"],
        summary: "Upload my avatar (multipart field `avatar`)",
        middleware: [
          memberLimit(deps, "upload"),
          uploadBodyLimit("image", 1),
          fileFields({ avatar: "one" }),
        ] as const,
        request: { body: { required: true, content: { "multipart/form-data": { schema: ZAvatarForm } } } },
        responses: { 200: json(ZMe, "Updated"), ...errorResponses(400, 401, 413, 415, 429) },
      }),
      async (c) => {
        const form = c.req.valid("form");
        const file = fileOf({ avatar: form.avatar ?? [] }, "avatar");
        return c.json(await setMyPicture(deps, viewerOf(c), "avatar", file), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/me/banner",
        operationId: "setMyBanner",
        security: access.signedIn(),
        tags: ["auth"],
        summary: "Upload my profile's banner (multipart field `banner`); it replaces the one before",
        middleware: [
          memberLimit(deps, "upload"),
          uploadBodyLimit("image", 1),
          fileFields({ banner: "one" }),
        ] as const,
        request: { body: { required: true, content: { "multipart/form-data": { schema: ZBannerForm } } } },
        responses: { 200: json(ZMe, "Updated"), ...errorResponses(400, 401, 413, 415, 429) },
      }),
      async (c) => {
        const form = c.req.valid("form");
        const file = fileOf({ banner: form.banner ?? [] }, "banner");
        return c.json(await setMyPicture(deps, viewerOf(c), "banner", file), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/me/banner",
        operationId: "removeMyBanner",
        security: access.signedIn(),
        tags: ["auth"],
        summary: "Remove my profile's banner",
        middleware: [memberLimit(deps, "edit")] as const,
        responses: { 200: json(ZMe, "Removed"), ...errorResponses(401, 429) },
      }),
      async (c) => c.json(await removeMyPicture(deps, viewerOf(c), "banner"), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/me/verification-email",
        operationId: "resendVerificationEmail",
        security: access.signedIn(),
        tags: ["auth"],
        summary: "Send my verification e-mail again (one a minute, five a day; a 429 says how long to wait)",
        request: {
          body: { required: false, content: { "application/json": { schema: ZResendVerificationRequest } } },
        },
        responses: {
          200: json(z.object({ sent: z.literal(true), email: z.string() }), "Sent"),
          ...errorResponses(400, 401, 409, 429),
        },
      }),
      async (c) => c.json(await resendVerification(deps, viewerOf(c), c.req.valid("json") ?? {}), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/me/sessions/revoke-others",
        operationId: "revokeMyOtherSessions",
        security: access.signedIn(),
        tags: ["auth"],
        summary: "Sign out of every other session",
        responses: {
          200: json(z.object({ revoked: z.number() }), "Other sessions ended"),
          ...errorResponses(401),
        },
      }),
      async (c) => c.json(await revokeMyOtherSessions(deps, viewerOf(c)), 200),
    );
}
