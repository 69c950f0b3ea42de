import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CAPTCHA_HEADER,
  M,
  M_ACCOUNT_EMAIL,
  safeNextPath,
  VERIFIED_PARAM,
  ZBackupCodeRequest,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZPasskeyAuthenticationRequest,
  ZPasskeyRegistrationRequest,
  ZRequestPasswordResetRequest,
  ZResetPasswordRequest,
  ZSignInRequest,
  ZSignUpRequest,
  ZSignUpResponse,
  ZTotpCodeRequest,
  ZTwoFactorPasswordRequest,
} from "@plugs/domain";
import { requireViewer, type TAppEnv, type TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { access, defineRoute, errorResponses, json, jsonBody, viewerOf } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { captchaConfig, createAltchaChallenge, requireCaptcha } from "./captcha.ts";
import { forwardToAuth } from "./forward.ts";
import { PASSKEY_ERRORS } from "./passkey-plugin.ts";
import { mailPasswordChanged } from "./password-changed.ts";
import { signIn } from "./sign-in.ts";
import { signUp } from "./sign-up.ts";

const ZCaptchaHeader = z.object({
  [CAPTCHA_HEADER]: z.string().optional().openapi({
    description: "ALTCHA payload (base64) or Turnstile token; required unless CAPTCHA_PROVIDER=none",
  }),
});

const ZUserOut = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
});

const ZCaptchaConfig = z.object({
  provider: z.enum(["altcha", "turnstile", "none"]),
  turnstileSiteKey: z.string().nullable(),
  challengeUrl: z.string().nullable(),
});

const ZOk = z.object({ status: z.boolean() }).passthrough();

/**
 * better-auth routes reachable from outside as they are (everything else under /api/auth is either one of our
 * checked routes below or answered 404, so no endpoint can skip our rules: e.g. /sign-in/username would dodge the
 * per-e-mail lockout, /update-user could rename a user behind the profile's back).
 */
export const PASS_THROUGH: { method: "GET" | "POST"; path: RegExp; signedIn?: true }[] = [
  { method: "GET", path: /^\/get-session$/ },
  { method: "POST", path: /^\/sign-out$/ },
  { method: "GET", path: /^\/verify-email$/ },
  { method: "POST", path: /^\/send-verification-email$/ },
  { method: "GET", path: /^\/reset-password\/[^/]+$/ },
  // These need a session: a visitor is answered 401 here, before better-auth reads (and judges) the body.
  { method: "POST", path: /^\/revoke-other-sessions$/, signedIn: true },
  { method: "POST", path: /^\/revoke-sessions$/, signedIn: true },
  { method: "POST", path: /^\/is-username-available$/ },
  { method: "POST", path: /^\/two-factor\/get-totp-uri$/, signedIn: true },
  { method: "POST", path: /^\/two-factor\/generate-backup-codes$/, signedIn: true },
  // Back from a sign-in provider (provider-routes.ts starts the trip): signs in or links, then redirects.
  { method: "GET", path: /^\/callback\/(google|discord|twitter|oidc)$/ },
  { method: "GET", path: /^\/ok$/ },
  { method: "GET", path: /^\/error$/ },
];

/**
 * The verification link's redirect says how it went (`?verified=1`, or `0` beside better-auth's `error`), so the page
 * it lands on can confirm it or say the link failed.
 */
function markVerification(res: Response): Response {
  const location = res.headers.get("location");
  if (res.status < 300 || res.status >= 400 || !location) return res;
  const url = new URL(location, "http://site.invalid");
  url.searchParams.set(VERIFIED_PARAM, url.searchParams.has("error") ? "0" : "1");
  const headers = new Headers(res.headers);
  headers.set(
    "location",
    url.origin === "http://site.invalid" ? `${url.pathname}${url.search}${url.hash}` : url.toString(),
  );
  return new Response(res.body, { status: res.status, headers });
}

export function authRoutes(deps: TDeps) {
  const app = new OpenAPIHono<TAppEnv>();

  app.openapi(
    defineRoute({
      method: "get",
      path: "/auth/captcha/config",
      operationId: "getCaptchaConfig",
      security: access.none,
      tags: ["auth"],
      summary: "Which captcha the sign-in, sign-up and reset forms show",
      responses: { 200: json(ZCaptchaConfig, "The provider and what its widget needs") },
    }),
    (c) => c.json(captchaConfig(deps), 200),
  );

  app.openapi(
    defineRoute({
      method: "get",
      path: "/auth/captcha",
      operationId: "getCaptchaChallenge",
      security: access.none,
      tags: ["auth"],
      summary: "A fresh ALTCHA challenge (the widget's `challenge` URL)",
      description:
        "Solve it with the ALTCHA widget; send the widget's payload in the X-Captcha-Token header of the next sign-in, sign-up or password-reset request. Each solution works once.",
      responses: {
        200: json(
          z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() }),
          "Challenge",
        ),
        ...errorResponses(404),
      },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json((await createAltchaChallenge(deps)) as never, 200);
    },
  );

  app.openapi(
    defineRoute({
      method: "post",
      path: "/auth/sign-up/email",
      operationId: "signUp",
      security: access.none,
      tags: ["auth"],
      summary: "Create an account and send the verification e-mail, whose link signs the member in",
      description:
        "No session yet: opening the e-mail's link verifies the address and signs in (then leads to `callbackURL`). An address that already has an account gets the same 200, and its owner an e-mail saying someone tried to sign up with it, so the answer tells nobody which addresses have accounts. A taken username is 409 (usernames are public).",
      request: { headers: ZCaptchaHeader, ...jsonBody(ZSignUpRequest) },
      responses: {
        200: json(ZSignUpResponse, "Account created, or the owner of a taken address told; check the inbox"),
        ...errorResponses(400, 409, 429),
      },
    }),
    (c) => signUp(deps, c, c.req.valid("json")) as never,
  );

  app.openapi(
    defineRoute({
      method: "post",
      path: "/auth/sign-in/email",
      operationId: "signIn",
      security: access.none,
      tags: ["auth"],
      summary: "Sign in with e-mail and password",
      description:
        "Answers `{twoFactorRedirect:false, user}` with the session cookie, or `{twoFactorRedirect:true, twoFactorMethods}` for an MFA account (then POST /api/auth/two-factor/verify-totp or verify-backup-code). 401 for unknown e-mail or wrong password alike; 403 banned; 429 locked out (title 'Rate limit exceeded', Retry-After).",
      request: { headers: ZCaptchaHeader, ...jsonBody(ZSignInRequest) },
      responses: {
        200: json(
          z.union([
            z.object({ twoFactorRedirect: z.literal(false), user: ZUserOut }),
            z.object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) }),
          ]),
          "Signed in, or a second factor is needed",
        ),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    (c) => signIn(deps, c, c.req.valid("json")) as never,
  );

  app.openapi(
    defineRoute({
      method: "post",
      path: "/auth/request-password-reset",
      operationId: "requestPasswordReset",
      security: access.none,
      tags: ["auth"],
      summary: "E-mail a password-reset link (same answer whether or not the account exists)",
      request: { headers: ZCaptchaHeader, ...jsonBody(ZRequestPasswordResetRequest) },
      responses: { 200: json(ZOk, "Sent if the account exists"), ...errorResponses(400, 429) },
    }),
    async (c) => {
      const input = c.req.valid("json");
      await requireCaptcha(deps, c);
      return (await forwardToAuth(deps, c, { body: { email: input.email.toLowerCase() } })) as never;
    },
  );

  app.openapi(
    defineRoute({
      method: "post",
      path: "/auth/reset-password",
      operationId: "resetPassword",
      security: access.none,
      tags: ["auth"],
      summary: "Set a new password with the token from the e-mail link (single use, 1 hour)",
      request: jsonBody(ZResetPasswordRequest),
      responses: { 200: json(ZOk, "Password changed; all sessions ended"), ...errorResponses(400) },
    }),
    async (c) =>
      (await forwardToAuth(deps, c, {
        body: c.req.valid("json"),
        messages: { INVALID_TOKEN: M.auth.resetLinkInvalid },
      })) as never,
  );

  app.openapi(
    defineRoute({
      method: "post",
      path: "/auth/change-password",
      operationId: "changePassword",
      security: access.signedIn(),
      tags: ["auth"],
      summary: "Change the password (strict rules); e-mails the owner that it changed",
      description:
        "`revokeOtherSessions: true` signs out every other session (this one gets a fresh cookie). A wrong current password is a 400 'Incorrect password'.",
      middleware: [memberLimit(deps, "account")] as const,
      request: jsonBody(ZChangePasswordRequest),
      responses: {
        200: json(z.object({ user: ZUserOut.partial() }).passthrough(), "Changed"),
        ...errorResponses(400, 401, 429),
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const res = await forwardToAuth(deps, c, { body: input });
      const viewer = viewerOf(c);
      if (res.ok && viewer) await mailPasswordChanged(deps, viewer, !!input.revokeOtherSessions);
      return res as never;
    },
  );

  app.openapi(
    defineRoute({
      method: "post",
      path: "/auth/change-email",
      operationId: "changeEmail",
      security: access.signedIn(),
      tags: ["account"],
      summary: "Change my e-mail: a link to the new address confirms it; the old address is told",
      description:
        "Answers 200 whether or not the new address belongs to another account (nothing is sent then), so it tells nobody which addresses are taken. Opening the link (GET /api/auth/verify-email) makes the change and leads to /dashboard/security.",
      middleware: [memberLimit(deps, "account")] as const,
      request: jsonBody(ZChangeEmailRequest),
      responses: {
        200: json(ZOk, "A confirmation link was sent to the new address"),
        ...errorResponses(400, 401, 429),
      },
    }),
    async (c) => {
      const { newEmail } = c.req.valid("json");
      const viewer = viewerOf(c);
      if (viewer && viewer.email.toLowerCase() === newEmail.toLowerCase()) {
        throw new AppError("VALIDATION", M_ACCOUNT_EMAIL.sameEmail, {
          fields: { newEmail: M_ACCOUNT_EMAIL.sameEmail },
        });
      }
      return (await forwardToAuth(deps, c, {
        body: { newEmail, callbackURL: "/dashboard/security" },
      })) as never;
    },
  );

  for (const [path, operationId, summary] of [
    [
      "/auth/two-factor/enable",
      "enableTwoFactor",
      "Start MFA enrolment: answers totpURI and backupCodes; on after a verified code",
    ],
    [
      "/auth/two-factor/disable",
      "disableTwoFactor",
      "Turn MFA off (password required); ends the other sessions",
    ],
  ] as const) {
    app.openapi(
      defineRoute({
        method: "post",
        path,
        operationId,
        security: access.signedIn(),
        tags: ["auth"],
        summary,
        request: jsonBody(ZTwoFactorPasswordRequest),
        responses: {
          200: json(z.object({}).passthrough(), "Done"),
          ...errorResponses(400, 401),
        },
      }),
      async (c) => (await forwardToAuth(deps, c, { body: c.req.valid("json") })) as never,
    );
  }

  app.openapi(
    defineRoute({
      method: "post",
      path: "/auth/two-factor/verify-totp",
      operationId: "verifyTotp",
      security: access.secondFactor,
      tags: ["auth"],
      summary: "Verify an authenticator code: finishes enrolment, or the MFA step of sign-in",
      description: "A code is accepted once; the same code again is refused.",
      request: jsonBody(ZTotpCodeRequest),
      responses: {
        200: json(z.object({ user: ZUserOut.partial() }).passthrough(), "Verified"),
        ...errorResponses(400, 401),
      },
    }),
    async (c) => (await forwardToAuth(deps, c, { body: c.req.valid("json") })) as never,
  );

  app.openapi(
    defineRoute({
      method: "post",
      path: "/auth/two-factor/verify-backup-code",
      operationId: "verifyBackupCode",
      security: access.secondFactor,
      tags: ["auth"],
      summary: "The MFA step of sign-in with a backup code (each code works once)",
      request: jsonBody(ZBackupCodeRequest),
      responses: {
        200: json(z.object({ user: ZUserOut.partial() }).passthrough(), "Verified"),
        ...errorResponses(400, 401),
      },
    }),
    async (c) => (await forwardToAuth(deps, c, { body: c.req.valid("json") })) as never,
  );

  const ZOptions = z.record(z.string(), z.unknown()).openapi({
    description: "WebAuthn options (JSON) for the browser's navigator.credentials call",
  });
  const passkeyMessages = { ...PASSKEY_ERRORS };

  app.openapi(
    defineRoute({
      method: "get",
      path: "/auth/passkey/generate-register-options",
      operationId: "passkeyRegistrationOptions",
      security: access.signedIn(),
      tags: ["auth"],
      summary: "Start adding a passkey: WebAuthn creation options (and a 5-minute challenge cookie)",
      description:
        "The session must be fresh (signed in within a day): otherwise 403 'Sign in again to add a passkey'. 400 when the account already holds the most passkeys allowed.",
      responses: { 200: json(ZOptions, "Creation options"), ...errorResponses(400, 401, 403) },
    }),
    async (c) => (await forwardToAuth(deps, c, { messages: passkeyMessages })) as never,
  );

  app.openapi(
    defineRoute({
      method: "post",
      path: "/auth/passkey/verify-registration",
      operationId: "passkeyVerifyRegistration",
      security: access.signedIn(),
      tags: ["auth"],
      summary: "Finish adding a passkey: the browser's credential and the name it is listed under",
      description:
        "The device must have verified its user (PIN, fingerprint or face). A credential already on an account, a wrong origin or an expired challenge is a 400 with a message.",
      middleware: [memberLimit(deps, "account")] as const,
      request: jsonBody(ZPasskeyRegistrationRequest),
      responses: {
        200: json(z.object({ id: z.string(), name: z.string() }), "Added"),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    async (c) =>
      (await forwardToAuth(deps, c, { body: c.req.valid("json"), messages: passkeyMessages })) as never,
  );

  app.openapi(
    defineRoute({
      method: "get",
      path: "/auth/passkey/generate-authenticate-options",
      operationId: "passkeyAuthenticationOptions",
      security: access.none,
      tags: ["auth"],
      summary: "Start signing in with a passkey: WebAuthn request options (and a 5-minute challenge cookie)",
      responses: { 200: json(ZOptions, "Request options"), ...errorResponses(429) },
    }),
    async (c) => (await forwardToAuth(deps, c, { messages: passkeyMessages })) as never,
  );

  app.openapi(
    defineRoute({
      method: "post",
      path: "/auth/passkey/verify-authentication",
      operationId: "passkeyVerifyAuthentication",
      security: access.none,
      tags: ["auth"],
      summary: "Sign in with a passkey (sets the session cookie; no second-factor step follows)",
      description:
        "401 'That passkey is not on any account here' for an unknown credential; 401 when the signature, origin or user verification fails; 403 for a banned account.",
      request: jsonBody(ZPasskeyAuthenticationRequest),
      responses: {
        200: json(z.object({ user: z.object({ id: z.string() }) }), "Signed in"),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) =>
      (await forwardToAuth(deps, c, { body: c.req.valid("json"), messages: passkeyMessages })) as never,
  );

  app.on(["GET", "POST"], "/auth/*", async (c) => {
    const subPath = c.req.path.replace(/^\/api\/auth/, "");
    const route = PASS_THROUGH.find((r) => r.method === c.req.method && r.path.test(subPath));
    if (!route) throw new AppError("NOT_FOUND", M.generic.notFound);
    if (route.signedIn) requireViewer(viewerOf(c), M.auth.signInRequired);
    // A link's callbackURL (verify-email, reset-password) that could leave the site goes home instead, as ?next=
    // does; better-auth would answer the person who clicked it with a bare 403 'Invalid callbackURL'.
    const callbackURL = c.req.query("callbackURL");
    if (c.req.method === "GET" && callbackURL !== undefined && safeNextPath(callbackURL) !== callbackURL) {
      const url = new URL(c.req.url);
      url.searchParams.set("callbackURL", safeNextPath(callbackURL));
      return c.redirect(`${url.pathname}${url.search}`, 302);
    }
    const res = await forwardToAuth(deps, c);
    return subPath === "/verify-email" ? markVerification(res) : res;
  });

  return app;
}
