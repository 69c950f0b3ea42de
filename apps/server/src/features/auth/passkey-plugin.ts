import type { GenericEndpointContext } from "@better-auth/core";
import { M_PASSKEY, PASSKEYS_MAX } from "@plugs/domain";
import {
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, freshSessionMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { z } from "zod";

/*
 * Passkeys as a better-auth plugin: better-auth's own passkey plugin (@better-auth/passkey, MIT), cut down to what
 * we use. Its last release (1.7.6) pins its peers at better-auth 1.7.6's versions, which conflict with the 1.7.25
 * we run, so npm refuses it; this is its ceremony code, on the same SimpleWebAuthn version, with our rules on top:
 * the relying party and origin are PUBLIC_URL's (never the request's Origin), the device must verify its user (PIN
 * or biometrics) at registration and at every sign-in, and an account holds at most PASSKEYS_MAX. Listing and
 * removing are our own routes (features/account/passkeys.ts).
 */

const CHALLENGE_COOKIE = "passkey_challenge";
const CHALLENGE_SECONDS = 300;

type TPasskeyRow = {
  id: string;
  userId: string;
  credentialID: string;
  publicKey: string;
  counter: number;
  transports?: string | null;
};

type TChallenge = { type: "registration" | "authentication"; expectedChallenge: string; userId: string };

export type TPasskeyOptions = { rpName: string; publicUrl: string };

function transportsOf(row: { transports?: string | null }) {
  return row.transports ? (row.transports.split(",") as AuthenticatorTransportFuture[]) : undefined;
}

/** The codes our routes turn into M_PASSKEY messages (forward.ts's `messages`). */
export const PASSKEY_ERRORS = {
  CHALLENGE_NOT_FOUND: M_PASSKEY.failed,
  PASSKEY_FAILED: M_PASSKEY.failed,
  PASSKEY_NOT_FOUND: M_PASSKEY.notRecognised,
  PASSKEY_ALREADY_ADDED: M_PASSKEY.alreadyAdded,
  PASSKEY_USER_NOT_VERIFIED: M_PASSKEY.userVerification,
  TOO_MANY_PASSKEYS: M_PASSKEY.tooMany,
  SESSION_NOT_FRESH: M_PASSKEY.signInAgain,
} as const;

const fail = (status: "BAD_REQUEST" | "UNAUTHORIZED", code: keyof typeof PASSKEY_ERRORS) =>
  new APIError(status, { code, message: PASSKEY_ERRORS[code] });

export function passkeyPlugin(opts: TPasskeyOptions) {
  const rpID = new URL(opts.publicUrl).hostname;
  const origin = new URL(opts.publicUrl).origin;

  return {
    id: "passkey",
    schema: {
      passkey: {
        fields: {
          name: { type: "string", required: false },
          publicKey: { type: "string", required: true },
          userId: { type: "string", references: { model: "user", field: "id" }, required: true },
          credentialID: { type: "string", required: true },
          counter: { type: "number", required: true },
          deviceType: { type: "string", required: true },
          backedUp: { type: "boolean", required: true },
          transports: { type: "string", required: false },
          aaguid: { type: "string", required: false },
          createdAt: { type: "date", required: false },
        },
      },
    },
    endpoints: {
      passkeyRegistrationOptions: createAuthEndpoint(
        "/passkey/generate-register-options",
        { method: "GET", use: [freshSessionMiddleware] },
        async (ctx) => {
          const user = ctx.context.session.user;
          const mine = await ctx.context.adapter.findMany<TPasskeyRow>({
            model: "passkey",
            where: [{ field: "userId", value: user.id }],
          });
          if (mine.length >= PASSKEYS_MAX) throw fail("BAD_REQUEST", "TOO_MANY_PASSKEYS");
          const options = await generateRegistrationOptions({
            rpName: opts.rpName,
            rpID,
            userID: new TextEncoder().encode(generateRandomString(32, "a-z", "0-9")),
            userName: user.email,
            userDisplayName: (user as { displayUsername?: string }).displayUsername || user.email,
            attestationType: "none",
            excludeCredentials: mine.map((p) => ({ id: p.credentialID, transports: transportsOf(p) })),
            // A discoverable credential, so signing in needs no e-mail; and the device checks its user.
            authenticatorSelection: { residentKey: "required", userVerification: "required" },
          });
          await saveChallenge(ctx, {
            type: "registration",
            expectedChallenge: options.challenge,
            userId: user.id,
          });
          return ctx.json(options);
        },
      ),
      passkeyVerifyRegistration: createAuthEndpoint(
        "/passkey/verify-registration",
        {
          method: "POST",
          body: z.object({ response: z.record(z.string(), z.any()), name: z.string() }),
          use: [freshSessionMiddleware],
        },
        async (ctx) => {
          const user = ctx.context.session.user;
          const challenge = await takeChallenge(ctx, "registration");
          if (challenge.userId !== user.id) throw fail("BAD_REQUEST", "CHALLENGE_NOT_FOUND");
          let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
          try {
            verification = await verifyRegistrationResponse({
              response: ctx.body.response as never,
              expectedChallenge: challenge.expectedChallenge,
              expectedOrigin: origin,
              expectedRPID: rpID,
              requireUserVerification: true,
            });
          } catch (err) {
            ctx.context.logger.info("passkey registration refused", err);
            throw fail("BAD_REQUEST", "PASSKEY_FAILED");
          }
          const info = verification.registrationInfo;
          if (!verification.verified || !info) throw fail("BAD_REQUEST", "PASSKEY_FAILED");
          if (!info.userVerified) throw fail("BAD_REQUEST", "PASSKEY_USER_NOT_VERIFIED");
          const taken = await ctx.context.adapter.findOne<TPasskeyRow>({
            model: "passkey",
            where: [{ field: "credentialID", value: info.credential.id }],
          });
          if (taken) throw fail("BAD_REQUEST", "PASSKEY_ALREADY_ADDED");
          const response = ctx.body.response as { response?: { transports?: string[] } };
          const created = await ctx.context.adapter.create<Record<string, unknown>, { id: string }>({
            model: "passkey",
            data: {
              name: ctx.body.name,
              userId: user.id,
              credentialID: info.credential.id,
              publicKey: Buffer.from(info.credential.publicKey).toString("base64"),
              counter: info.credential.counter,
              deviceType: info.credentialDeviceType,
              backedUp: info.credentialBackedUp,
              transports: response.response?.transports?.join(",") ?? "",
              aaguid: info.aaguid,
              createdAt: new Date(),
            },
          });
          return ctx.json({ id: created.id, name: ctx.body.name });
        },
      ),
      passkeyAuthenticationOptions: createAuthEndpoint(
        "/passkey/generate-authenticate-options",
        { method: "GET" },
        async (ctx) => {
          // No allowCredentials: the browser offers the passkeys it holds for this site (discoverable ones).
          const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
          await saveChallenge(ctx, {
            type: "authentication",
            expectedChallenge: options.challenge,
            userId: "",
          });
          return ctx.json(options);
        },
      ),
      passkeyVerifyAuthentication: createAuthEndpoint(
        "/passkey/verify-authentication",
        { method: "POST", body: z.object({ response: z.record(z.string(), z.any()) }) },
        async (ctx) => {
          const challenge = await takeChallenge(ctx, "authentication");
          const resp = ctx.body.response as { id?: unknown };
          const passkey =
            typeof resp.id === "string"
              ? await ctx.context.adapter.findOne<TPasskeyRow>({
                  model: "passkey",
                  where: [{ field: "credentialID", value: resp.id }],
                })
              : null;
          if (!passkey) throw fail("UNAUTHORIZED", "PASSKEY_NOT_FOUND");
          let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
          try {
            verification = await verifyAuthenticationResponse({
              response: ctx.body.response as never,
              expectedChallenge: challenge.expectedChallenge,
              expectedOrigin: origin,
              expectedRPID: rpID,
              credential: {
                id: passkey.credentialID,
                publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64")),
                counter: passkey.counter,
                transports: transportsOf(passkey),
              },
              requireUserVerification: true,
            });
          } catch (err) {
            ctx.context.logger.info("passkey sign-in refused", err);
            throw fail("UNAUTHORIZED", "PASSKEY_FAILED");
          }
          if (!verification.verified) throw fail("UNAUTHORIZED", "PASSKEY_FAILED");
          if (!verification.authenticationInfo.userVerified)
            throw fail("UNAUTHORIZED", "PASSKEY_USER_NOT_VERIFIED");
          await ctx.context.adapter.update({
            model: "passkey",
            where: [{ field: "id", value: passkey.id }],
            update: { counter: verification.authenticationInfo.newCounter },
          });
          // A passkey that verified its user is both factors at once: no TOTP step follows. The session hooks
          // (bans, the deletion's cancel) run as for any sign-in.
          const session = await ctx.context.internalAdapter.createSession(passkey.userId);
          const user = await ctx.context.internalAdapter.findUserById(passkey.userId);
          if (!session || !user) throw fail("UNAUTHORIZED", "PASSKEY_NOT_FOUND");
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ user: { id: user.id } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;

  /** The challenge lives in a verification row named by a signed, short-lived cookie. */
  async function saveChallenge(ctx: GenericEndpointContext, data: TChallenge) {
    const token = generateRandomString(32);
    const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
    await ctx.setSignedCookie(cookie.name, token, ctx.context.secret, {
      ...cookie.attributes,
      maxAge: CHALLENGE_SECONDS,
    });
    await ctx.context.internalAdapter.createVerificationValue({
      identifier: `passkey-${token}`,
      value: JSON.stringify(data),
      expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
    });
  }

  /** Reads and deletes the challenge (each works once). */
  async function takeChallenge(ctx: GenericEndpointContext, type: TChallenge["type"]): Promise<TChallenge> {
    const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
    const token = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!token) throw fail("BAD_REQUEST", "CHALLENGE_NOT_FOUND");
    const row = await ctx.context.internalAdapter.findVerificationValue(`passkey-${token}`);
    if (!row) throw fail("BAD_REQUEST", "CHALLENGE_NOT_FOUND");
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(`passkey-${token}`);
    const data = JSON.parse(row.value) as TChallenge;
    if (data.type !== type || row.expiresAt.getTime() < Date.now())
      throw fail("BAD_REQUEST", "CHALLENGE_NOT_FOUND");
    return data;
  }
}
