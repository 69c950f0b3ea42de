import { M, safeNextPath, type TSignUpRequest } from "@plugs/domain";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { TDeps } from "../../context.ts";
import { profiles, users } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { requireCaptcha } from "./captcha.ts";
import { forwardToAuth, rewriteJson } from "./forward.ts";
import { checkSignUpAllowed, recordSignUp } from "./login-limits.ts";
import { mapAuthUser, type TAuthUserOut } from "./mappers.ts";
import { findReferrer } from "./profile-setup.ts";

/**
 * The sign-up rules better-auth does not know: username free (any case), e-mail free, referral code naming an
 * existing non-banned user. Returns the body better-auth gets. Used by the HTTP route and by the seed.
 */
export async function checkSignUp(deps: TDeps, input: TSignUpRequest) {
  const email = input.email.toLowerCase();
  const [taken] = await deps.db
    .select({
      username: sql<boolean>`exists (select 1 from ${profiles} where lower(${profiles.username}) = lower(${input.username}))`,
      email: sql<boolean>`exists (select 1 from ${users} where ${users.email} = ${email})`,
    })
    .from(sql`(select 1) as one`);
  if (taken?.username) {
    throw new AppError("CONFLICT", M.auth.usernameTaken, { fields: { username: M.auth.usernameTaken } });
  }
  if (taken?.email)
    throw new AppError("CONFLICT", M.auth.emailTaken, { fields: { email: M.auth.emailTaken } });

  const referralCode = input.referralCode?.trim() || null;
  if (referralCode) {
    let referrer: { id: string } | null;
    try {
      referrer = await findReferrer(deps.db, referralCode);
    } catch (err) {
      deps.logger.error({ err }, "referral code lookup failed");
      throw new AppError("INTERNAL", M.auth.referralLookupFailed);
    }
    if (!referrer) {
      throw new AppError("VALIDATION", M.auth.invalidReferral, {
        fields: { referralCode: M.auth.invalidReferral },
      });
    }
  }
  return {
    email,
    password: input.password,
    name: input.name || input.username,
    username: input.username,
    callbackURL: safeNextPath(input.callbackURL),
    ...(referralCode ? { referralCode } : {}),
  };
}

export type TSignUpResponse = { user: ReturnType<typeof mapAuthUser>; referredBy: string | null };

/**
 * POST /api/auth/sign-up/email: captcha, the per-IP sign-up limit and our rules, then better-auth creates the user,
 * its profile (databaseHooks, profile-setup.ts), a session cookie and sends the verification e-mail.
 */
export async function signUp(deps: TDeps, c: Context, input: TSignUpRequest): Promise<Response> {
  await requireCaptcha(deps, c);
  const ip = clientIp(c, deps.config);
  await checkSignUpAllowed(deps, ip);
  const body = await checkSignUp(deps, input);
  const res = await forwardToAuth(deps, c, { body });
  if (!res.ok) return res;
  let userId = "";
  const mapped = await rewriteJson(res, (data): TSignUpResponse => {
    const user = (data as { user: TAuthUserOut }).user;
    userId = user.id;
    return { user: mapAuthUser(user), referredBy: body.referralCode ?? null };
  });
  await recordSignUp(deps, ip, userId);
  return mapped;
}
