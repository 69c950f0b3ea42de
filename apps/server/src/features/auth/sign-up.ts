import { M, safeNextPath, type TSignUpRequest, type TSignUpResponse } from "@plugs/domain";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { TDeps } from "../../context.ts";
import { profiles, users } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { getMailer, linkMail } from "../../lib/mailer.ts";
import { requireCaptcha } from "./captcha.ts";
import { forwardToAuth } from "./forward.ts";
import { checkSignUpAllowed, recordSignUp } from "./login-limits.ts";
import { findReferrer } from "./profile-setup.ts";

/**
 * The sign-up rules better-auth does not know: username free (any case), referral code naming an existing
 * non-banned user. Returns the body better-auth gets and whether the e-mail already has an account (which the HTTP
 * route does not tell; the seed refuses it). Used by the HTTP route and by the seed.
 */
export async function checkSignUp(deps: TDeps, input: TSignUpRequest) {
  const email = input.email.toLowerCase();
  const [taken] = await deps.db
    .select({
      username: sql<boolean>`exists (select 1 from ${profiles} where lower(${profiles.username}) = lower(${input.username}))`,
      email: sql<boolean>`exists (select 1 from ${users} where ${users.email} = ${email})`,
    })
    .from(sql`(select 1) as one`);
  // Usernames are public (every profile shows one), so a taken one is said; e-mail addresses are not.
  if (taken?.username) {
    throw new AppError("CONFLICT", M.auth.usernameTaken, { fields: { username: M.auth.usernameTaken } });
  }

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
  const body = {
    email,
    password: input.password,
    name: input.name || input.username,
    username: input.username,
    callbackURL: safeNextPath(input.callbackURL),
    ...(referralCode ? { referralCode } : {}),
  };
  return { body, emailTaken: taken?.email === true };
}

/** Tells the owner of an address that someone tried to sign up with it, and how to get back in. */
async function sendSignUpAttemptMail(deps: TDeps, email: string) {
  await getMailer(deps).send(
    linkMail({
      to: email,
      subject: "Someone tried to sign up with your e-mail",
      intro:
        "Someone (hopefully you) tried to create a Plugs & Rugs account with this e-mail address, which already has one.",
      action: "Sign in",
      link: `${deps.config.publicUrl}/signin`,
      outro:
        "Forgot your password? Choose 'Forgot password?' on the sign-in form. If this was not you, ignore this e-mail: nothing has changed.",
    }),
  );
}

/**
 * POST /api/auth/sign-up/email: captcha, the per-IP sign-up limit and our rules, then better-auth creates the user,
 * its profile (databaseHooks, profile-setup.ts) and sends the verification e-mail, whose link signs the member in.
 * An address that already has an account gets the same answer, in about the same time (the password is hashed
 * as a sign-up would), and its owner an e-mail instead, so the form tells nobody which addresses have accounts
 * (OWASP's account-enumeration guidance). Both count toward the per-IP limit.
 */
export async function signUp(deps: TDeps, c: Context, input: TSignUpRequest): Promise<Response> {
  await requireCaptcha(deps, c);
  const ip = clientIp(c, deps.config);
  await checkSignUpAllowed(deps, ip);
  const { body, emailTaken } = await checkSignUp(deps, input);
  const answer: TSignUpResponse = { email: body.email, referredBy: body.referralCode ?? null };
  if (emailTaken) await hashPassword(body.password);
  else {
    const res = await forwardToAuth(deps, c, { body });
    if (res.ok) {
      const { user } = (await res.json()) as { user: { id: string } };
      await recordSignUp(deps, ip, user.id);
      return c.json(answer, 200);
    }
    // Two sign-ups with one new address at once: the second is told as a taken address is.
    if (res.status !== 409) return res;
    const { message } = (await res.clone().json()) as { message?: string };
    if (message !== M.auth.emailTaken) return res;
  }
  await sendSignUpAttemptMail(deps, body.email);
  await recordSignUp(deps, ip, null);
  return c.json(answer, 200);
}
