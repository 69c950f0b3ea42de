import { createHmac } from "node:crypto";
import { CAPTCHA_HEADER, M, type TCaptchaConfig } from "@plugs/domain";
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { TDeps } from "../../context.ts";
import { captchaSolutions } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { resolveAuthSecret } from "./secret.ts";

/*
 * The bot check on sign-in, sign-up and password-reset requests. The solution travels in the X-Captcha-Token
 * header: the ALTCHA widget's payload (base64 JSON of {challenge, solution}) or a Turnstile token.
 */

const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
/** PBKDF2 iterations per try and the range the secret counter is drawn from: about a second in a browser. */
const ALTCHA_COST = 1000;
const ALTCHA_COUNTER: [number, number] = [1000, 4000];
const ALTCHA_TTL_SECONDS = 10 * 60;

const secrets = new WeakMap<TDeps, { signature: string; keySignature: string }>();

/** HMAC keys for ALTCHA, derived from the auth secret so nothing else needs configuring. */
function altchaSecrets(deps: TDeps) {
  let s = secrets.get(deps);
  if (!s) {
    const root = resolveAuthSecret(deps.config);
    const derive = (label: string) => createHmac("sha256", root).update(label).digest("hex");
    s = { signature: derive("altcha-signature"), keySignature: derive("altcha-key-signature") };
    secrets.set(deps, s);
  }
  return s;
}

export function captchaConfig(deps: TDeps): TCaptchaConfig {
  const provider = deps.config.captchaProvider;
  return {
    provider,
    turnstileSiteKey: provider === "turnstile" ? deps.config.turnstileSiteKey : null,
    challengeUrl: provider === "altcha" ? "/api/auth/captcha" : null,
  };
}

/** A signed ALTCHA challenge (the widget's `challenge` URL answers with this). */
export async function createAltchaChallenge(deps: TDeps): Promise<Challenge> {
  if (deps.config.captchaProvider !== "altcha") throw new AppError("NOT_FOUND", M.generic.notFound);
  const { signature, keySignature } = altchaSecrets(deps);
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(ALTCHA_COUNTER[0], ALTCHA_COUNTER[1]),
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
    expiresAt: new Date(Date.now() + ALTCHA_TTL_SECONDS * 1000),
  });
}

function parseAltchaPayload(token: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as {
      challenge?: Challenge;
      solution?: Solution;
    };
    if (!parsed?.challenge?.parameters || !parsed.solution) return null;
    return { challenge: parsed.challenge, solution: parsed.solution };
  } catch {
    return null;
  }
}

async function verifyAltcha(deps: TDeps, token: string): Promise<boolean> {
  const payload = parseAltchaPayload(token);
  if (!payload) return false;
  const { signature, keySignature } = altchaSecrets(deps);
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: keySignature,
    });
    verified = result.verified;
  } catch {
    return false;
  }
  if (!verified) return false;
  // Each solved challenge is good for one request: remember its nonce until the challenge expires.
  const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
  const inserted = await deps.db
    .insert(captchaSolutions)
    .values({ challengeId: payload.challenge.parameters.nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ id: captchaSolutions.challengeId });
  await deps.db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, sql`now()`));
  return inserted.length > 0;
}

/**
 * Asks Cloudflare whether the token is good. When Cloudflare cannot be asked (down, an error status, no answer in
 * 10 s), the check itself failed: 502 'Security check failed' under the title 'Security checks failed', which is not
 * the member's fault and says nothing about the token.
 */
async function verifyTurnstile(deps: TDeps, token: string, ip: string | null): Promise<boolean> {
  const form = new URLSearchParams({ secret: deps.config.turnstileSecretKey ?? "", response: token });
  if (ip) form.set("remoteip", ip);
  let body: { success?: boolean };
  try {
    const res = await fetch(deps.config.turnstileVerifyUrl, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    body = (await res.json()) as { success?: boolean };
  } catch (err) {
    deps.logger.warn({ err }, "turnstile verification failed to complete");
    throw new AppError("UPSTREAM_FAILED", M.auth.securityCheckFailed, { title: M.auth.securityChecksFailed });
  }
  return body.success === true;
}

/** Throws 400 'Security verification failed. Please try again.' unless the request carries a valid solution. */
export async function requireCaptcha(deps: TDeps, c: Context) {
  const provider = deps.config.captchaProvider;
  if (provider === "none") return;
  const token = c.req.header(CAPTCHA_HEADER)?.trim();
  const ok =
    !!token &&
    token.length <= 8192 &&
    (provider === "altcha"
      ? await verifyAltcha(deps, token)
      : await verifyTurnstile(deps, token, clientIp(c, deps.config)));
  if (!ok)
    throw new AppError("VALIDATION", M.auth.captchaFailed, { fields: { captcha: M.auth.captchaFailed } });
}
