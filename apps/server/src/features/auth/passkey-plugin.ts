import { randomBytes } from "node:crypto";
import type { GenericEndpointContext } from "@better-auth/core";
import {
  M_PASSKEY,
  PASSKEYS_MAX,
  ZPasskeyAuthenticationRequest,
  ZPasskeyRegistrationRequest,
} from "@plugs/domain";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from "@simplewebauthn/server";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, freshSessionMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";

/*
 * Our passkey ceremonies (WebAuthn registration and sign-in) on SimpleWebAuthn, as a better-auth plugin so that a
 * passkey sign-in gets a better-auth session (its cookie, its hooks: bans, the deletion's cancel) like any other.
 * We write it ourselves because @better-auth/passkey has no release matching the better-auth 1.7.25 we run.
 * Our rules: the relying party and origin are PUBLIC_URL's, never the request's Origin; the device must verify its
 * user (PIN or biometrics) at registration and at every sign-in; an account holds at most PASSKEYS_MAX; adding one
 * needs a fresh session; each challenge works once, for 5 minutes. routes.ts puts our zod bodies and the product's
 * messages in front of these four endpoints; listing and removing are features/account/passkeys.ts.
 */

const CHALLENGE_COOKIE = "passkey_challenge";
const CHALLENGE_SECONDS = 5 * 60;

/** The codes our routes turn into M_PASSKEY messages (forward.ts's `messages`). */
export const PASSKEY_ERRORS = {
  CHALLENGE_NOT_FOUND: M_PASSKEY.failed,
  PASSKEY_FAILED: M_PASSKEY.failed,
  PASSKEY_NOT_FOUND: M_PASSKEY.notRecognised,
  PASSKEY_ALREADY_ADDED: M_PASSKEY.alreadyAdded,
  PASSKEY_USER_NOT_VERIFIED: M_PASSKEY.userVerification,
  TOO_MANY_PASSKEYS: M_PASSKEY.tooMany,
  // freshSessionMiddleware's own code, for a session older than better-auth's freshAge.
  SESSION_NOT_FRESH: M_PASSKEY.signInAgain,
} as const;

type TPasskeyError = keyof typeof PASSKEY_ERRORS;

function refuse(status: "BAD_REQUEST" | "UNAUTHORIZED", code: TPasskeyError) {
  return new APIError(status, { code, message: PASSKEY_ERRORS[code] });
}

export type TPasskeyOptions = { rpName: string; publicUrl: string };

/** Who the credentials are for: PUBLIC_URL's host and origin, so a proxy or a forged Origin cannot change them. */
type TRelyingParty = { name: string; id: string; origin: string };

/** The passkey row as better-auth's adapter reads and writes it (the table is db/schema/auth.ts's `passkeys`). */
type TStoredPasskey = {
  id: string;
  userId: string;
  name?: string | null;
  credentialID: string;
  publicKey: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports?: string | null;
  aaguid?: string | null;
  createdAt?: Date;
};

/** What a challenge cookie stands for; a registration's also names the member it was issued to. */
type TChallenge =
  | { ceremony: "registration"; challenge: string; userId: string }
  | { ceremony: "authentication"; challenge: string };

const passkeyModel = {
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
} as const;

export function passkeyPlugin(opts: TPasskeyOptions) {
  const url = new URL(opts.publicUrl);
  const rp: TRelyingParty = { name: opts.rpName, id: url.hostname, origin: url.origin };
  return {
    id: "passkey",
    schema: { passkey: passkeyModel },
    endpoints: {
      passkeyRegistrationOptions: registrationOptionsEndpoint(rp),
      passkeyVerifyRegistration: verifyRegistrationEndpoint(rp),
      passkeyAuthenticationOptions: authenticationOptionsEndpoint(rp),
      passkeyVerifyAuthentication: verifyAuthenticationEndpoint(rp),
    },
  } satisfies BetterAuthPlugin;
}

function registrationOptionsEndpoint(rp: TRelyingParty) {
  return createAuthEndpoint(
    "/passkey/generate-register-options",
    { method: "GET", use: [freshSessionMiddleware] },
    async (ctx) => {
      const user = ctx.context.session.user;
      const existing = await passkeysOf(ctx, user.id);
      refuseIfFull(existing);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        // No userID: SimpleWebAuthn picks a random user handle, so the device learns nothing about our ids.
        userName: user.email,
        userDisplayName: displayNameOf(user),
        attestationType: "none",
        excludeCredentials: existing.map(asDescriptor),
        // Discoverable, so signing in needs no e-mail; and the device must check its user.
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
      await issueChallenge(ctx, { ceremony: "registration", challenge: options.challenge, userId: user.id });
      return ctx.json(options);
    },
  );
}

function verifyRegistrationEndpoint(rp: TRelyingParty) {
  return createAuthEndpoint(
    "/passkey/verify-registration",
    { method: "POST", body: ZPasskeyRegistrationRequest, use: [freshSessionMiddleware] },
    async (ctx) => {
      const userId = ctx.context.session.user.id;
      const challenge = await consumeChallenge(ctx, "registration");
      // A challenge issued to another member (a shared browser) proves nothing about this one.
      if (challenge.userId !== userId) throw refuse("BAD_REQUEST", "CHALLENGE_NOT_FOUND");
      const response = ctx.body.response as unknown as RegistrationResponseJSON;
      const info = await checkRegistration(ctx, rp, response, challenge.challenge);
      // Checked again here: several option requests could have been open at once.
      refuseIfFull(await passkeysOf(ctx, userId));
      if (await passkeyByCredential(ctx, info.credential.id))
        throw refuse("BAD_REQUEST", "PASSKEY_ALREADY_ADDED");
      const created = await ctx.context.adapter.create<Omit<TStoredPasskey, "id">, TStoredPasskey>({
        model: "passkey",
        data: {
          name: ctx.body.name,
          userId,
          credentialID: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString("base64"),
          counter: info.credential.counter,
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          transports: storedTransports(response),
          aaguid: info.aaguid,
          createdAt: new Date(),
        },
      });
      return ctx.json({ id: created.id, name: ctx.body.name });
    },
  );
}

function authenticationOptionsEndpoint(rp: TRelyingParty) {
  return createAuthEndpoint("/passkey/generate-authenticate-options", { method: "GET" }, async (ctx) => {
    // No allowCredentials: the browser offers the discoverable passkeys it holds for this site.
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required" });
    await issueChallenge(ctx, { ceremony: "authentication", challenge: options.challenge });
    return ctx.json(options);
  });
}

function verifyAuthenticationEndpoint(rp: TRelyingParty) {
  return createAuthEndpoint(
    "/passkey/verify-authentication",
    { method: "POST", body: ZPasskeyAuthenticationRequest },
    async (ctx) => {
      const challenge = await consumeChallenge(ctx, "authentication");
      const response = ctx.body.response as unknown as AuthenticationResponseJSON;
      const passkey = typeof response.id === "string" ? await passkeyByCredential(ctx, response.id) : null;
      if (!passkey) throw refuse("UNAUTHORIZED", "PASSKEY_NOT_FOUND");
      const newCounter = await checkAssertion(ctx, rp, response, challenge.challenge, asCredential(passkey));
      await ctx.context.adapter.update({
        model: "passkey",
        where: [{ field: "id", value: passkey.id }],
        update: { counter: newCounter },
      });
      const user = await startSession(ctx, passkey.userId);
      return ctx.json({ user: { id: user.id } });
    },
  );
}

/** Verifies a new credential; any failure is the one "could not check" message (the detail goes to the log). */
async function checkRegistration(
  ctx: GenericEndpointContext,
  rp: TRelyingParty,
  response: RegistrationResponseJSON,
  expectedChallenge: string,
): Promise<NonNullable<VerifiedRegistrationResponse["registrationInfo"]>> {
  let result: VerifiedRegistrationResponse;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (err) {
    ctx.context.logger.info("passkey registration refused", err);
    throw refuse("BAD_REQUEST", "PASSKEY_FAILED");
  }
  if (!result.verified || !result.registrationInfo) throw refuse("BAD_REQUEST", "PASSKEY_FAILED");
  if (!result.registrationInfo.userVerified) throw refuse("BAD_REQUEST", "PASSKEY_USER_NOT_VERIFIED");
  return result.registrationInfo;
}

/** Verifies a sign-in's signature against the stored key and returns the authenticator's new counter. */
async function checkAssertion(
  ctx: GenericEndpointContext,
  rp: TRelyingParty,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  credential: WebAuthnCredential,
): Promise<number> {
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential,
      requireUserVerification: true,
    });
  } catch (err) {
    ctx.context.logger.info("passkey sign-in refused", err);
    throw refuse("UNAUTHORIZED", "PASSKEY_FAILED");
  }
  if (!result.verified) throw refuse("UNAUTHORIZED", "PASSKEY_FAILED");
  // The user-verified passkey stands for both factors, so this is what lets the sign-in skip the TOTP step.
  if (!result.authenticationInfo.userVerified) throw refuse("UNAUTHORIZED", "PASSKEY_USER_NOT_VERIFIED");
  return result.authenticationInfo.newCounter;
}

/** Creates the session through better-auth, so its hooks (bans, the deletion's cancel) run, and sets its cookie. */
async function startSession(ctx: GenericEndpointContext, userId: string) {
  const user = await ctx.context.internalAdapter.findUserById(userId);
  if (!user) throw refuse("UNAUTHORIZED", "PASSKEY_NOT_FOUND");
  const session = await ctx.context.internalAdapter.createSession(user.id);
  await setSessionCookie(ctx, { session, user });
  return user;
}

/**
 * Stores the challenge in a verification row named by a random token, and gives the browser that token in a
 * signed cookie that lives as long as the row: the challenge never travels in a body we would have to trust.
 */
async function issueChallenge(ctx: GenericEndpointContext, challenge: TChallenge) {
  const token = randomBytes(24).toString("base64url");
  await ctx.context.internalAdapter.createVerificationValue({
    identifier: challengeIdentifier(token),
    value: JSON.stringify(challenge),
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge: CHALLENGE_SECONDS });
  await ctx.setSignedCookie(cookie.name, token, ctx.context.secret, cookie.attributes);
}

/** Takes the cookie's challenge for this ceremony, removing it (consumeVerificationValue refuses expired rows). */
async function consumeChallenge<C extends TChallenge["ceremony"]>(
  ctx: GenericEndpointContext,
  ceremony: C,
): Promise<Extract<TChallenge, { ceremony: C }>> {
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
  const token = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!token) throw refuse("BAD_REQUEST", "CHALLENGE_NOT_FOUND");
  const row = await ctx.context.internalAdapter.consumeVerificationValue(challengeIdentifier(token));
  if (!row) throw refuse("BAD_REQUEST", "CHALLENGE_NOT_FOUND");
  const challenge = JSON.parse(row.value) as TChallenge;
  if (challenge.ceremony !== ceremony) throw refuse("BAD_REQUEST", "CHALLENGE_NOT_FOUND");
  return challenge as Extract<TChallenge, { ceremony: C }>;
}

function challengeIdentifier(token: string) {
  return `passkey-challenge:${token}`;
}

function passkeysOf(ctx: GenericEndpointContext, userId: string) {
  return ctx.context.adapter.findMany<TStoredPasskey>({
    model: "passkey",
    where: [{ field: "userId", value: userId }],
  });
}

function passkeyByCredential(ctx: GenericEndpointContext, credentialId: string) {
  return ctx.context.adapter.findOne<TStoredPasskey>({
    model: "passkey",
    where: [{ field: "credentialID", value: credentialId }],
  });
}

function refuseIfFull(existing: TStoredPasskey[]) {
  if (existing.length >= PASSKEYS_MAX) throw refuse("BAD_REQUEST", "TOO_MANY_PASSKEYS");
}

/** The name the device shows beside the passkey: the member's username as they typed it, else their e-mail. */
function displayNameOf(user: { email: string; displayUsername?: string | null }) {
  return user.displayUsername || user.email;
}

/** Transports are kept as one comma-separated column; they only hint how to reach the authenticator. */
function storedTransports(response: RegistrationResponseJSON) {
  return response.response.transports?.join(",") ?? "";
}

function transportsOf(passkey: TStoredPasskey) {
  return passkey.transports ? (passkey.transports.split(",") as AuthenticatorTransportFuture[]) : undefined;
}

function asDescriptor(passkey: TStoredPasskey) {
  return { id: passkey.credentialID, transports: transportsOf(passkey) };
}

function asCredential(passkey: TStoredPasskey): WebAuthnCredential {
  return {
    id: passkey.credentialID,
    publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64")),
    counter: passkey.counter,
    transports: transportsOf(passkey),
  };
}
