import { AUTH_LIMITS, M } from "@plugs/domain";
import { and, desc, eq, gt, inArray, ne } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { loginAttempts, signUpEvents } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";

/*
 * Our sign-in limits, kept in the database so they survive restarts and hold across instances:
 * - per e-mail (the spec): 5 failed attempts within 60 s lock the e-mail for 5 minutes from the 5th failure;
 *   a success clears the count;
 * - per IP: config.signinIpLimit attempts per 5 minutes (0 = off), so one address cannot spray many accounts.
 * And sign-ups: config.signupIpLimit accounts per IP per hour.
 */

const IP_WINDOW_SECONDS = 5 * 60;
const SIGNUP_WINDOW_SECONDS = 60 * 60;

export type TLoginOutcome = (typeof loginAttempts.$inferInsert)["outcome"];

function rateLimited(message: string, retryAfterSeconds: number, title?: string) {
  return new AppError("RATE_LIMITED", message, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
    ...(title ? { title } : {}),
  });
}

function tooManyLoginAttempts(remainingSeconds: number) {
  const minutes = Math.max(1, Math.ceil(remainingSeconds / 60));
  return rateLimited(M.auth.tooManyAttempts(minutes), remainingSeconds, M.auth.rateLimitTitle);
}

/**
 * When the lockout of this e-mail ends (epoch ms), or null. A lockout starts at any failure that is the 5th within
 * 60 s (counting only failures after the last success) and lasts 5 minutes from it.
 */
export function lockoutEnd(attempts: { success: boolean; at: number }[]): number | null {
  const sorted = [...attempts].sort((a, b) => a.at - b.at);
  const lastSuccess = sorted.findLastIndex((a) => a.success);
  const failures = sorted.slice(lastSuccess + 1).map((a) => a.at);
  let end: number | null = null;
  const k = AUTH_LIMITS.loginMaxFailures;
  for (let i = k - 1; i < failures.length; i++) {
    const fifth = failures[i] as number;
    if (fifth - (failures[i - k + 1] as number) <= AUTH_LIMITS.loginWindowSeconds * 1000) {
      end = Math.max(end ?? 0, fifth + AUTH_LIMITS.loginLockoutSeconds * 1000);
    }
  }
  return end;
}

/**
 * The login pre-check. Throws 429 ('Too many login attempts. Please try again in N minute(s).', title 'Rate limit
 * exceeded', Retry-After) when the e-mail is locked out or the IP is over its limit, recording the refused attempt.
 */
export async function checkLoginAllowed(
  deps: TDeps,
  attempt: { email: string; ip: string | null; userAgent: string | null },
) {
  const now = Date.now();
  const horizon = new Date(now - (AUTH_LIMITS.loginLockoutSeconds + AUTH_LIMITS.loginWindowSeconds) * 1000);
  const recent = await deps.db
    .select({ success: loginAttempts.success, createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, attempt.email),
        gt(loginAttempts.createdAt, horizon),
        inArray(loginAttempts.outcome, ["success", "invalid_credentials"]),
      ),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(200);
  const end = lockoutEnd(recent.map((r) => ({ success: r.success, at: r.createdAt.getTime() })));
  if (end !== null && end > now) {
    await recordLoginAttempt(deps, { ...attempt, outcome: "locked" });
    throw tooManyLoginAttempts((end - now) / 1000);
  }

  const limit = deps.config.signinIpLimit;
  if (limit > 0 && attempt.ip) {
    const fromIp = await deps.db
      .select({ createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.ip, attempt.ip),
          gt(loginAttempts.createdAt, new Date(now - IP_WINDOW_SECONDS * 1000)),
          ne(loginAttempts.outcome, "ip_limited"),
        ),
      )
      .orderBy(desc(loginAttempts.createdAt))
      .limit(limit);
    if (fromIp.length >= limit) {
      // The window frees a slot when the oldest of the last `limit` attempts leaves it.
      const oldest = (fromIp[fromIp.length - 1] as { createdAt: Date }).createdAt.getTime();
      await recordLoginAttempt(deps, { ...attempt, outcome: "ip_limited" });
      throw tooManyLoginAttempts((oldest + IP_WINDOW_SECONDS * 1000 - now) / 1000);
    }
  }
}

export async function recordLoginAttempt(
  deps: TDeps,
  attempt: { email: string; ip: string | null; userAgent: string | null; outcome: TLoginOutcome },
) {
  await deps.db.insert(loginAttempts).values({
    email: attempt.email,
    ip: attempt.ip,
    success: attempt.outcome === "success",
    outcome: attempt.outcome,
    userAgent: attempt.userAgent?.slice(0, 512) ?? null,
  });
}

/** Refuses a sign-up when this IP created config.signupIpLimit accounts in the last hour. */
export async function checkSignUpAllowed(deps: TDeps, ip: string | null) {
  const limit = deps.config.signupIpLimit;
  if (limit <= 0 || !ip) return;
  const now = Date.now();
  const recent = await deps.db
    .select({ createdAt: signUpEvents.createdAt })
    .from(signUpEvents)
    .where(
      and(eq(signUpEvents.ip, ip), gt(signUpEvents.createdAt, new Date(now - SIGNUP_WINDOW_SECONDS * 1000))),
    )
    .orderBy(desc(signUpEvents.createdAt))
    .limit(limit);
  if (recent.length >= limit) {
    const oldest = (recent[recent.length - 1] as { createdAt: Date }).createdAt.getTime();
    throw rateLimited(M.auth.tooManySignUps, (oldest + SIGNUP_WINDOW_SECONDS * 1000 - now) / 1000);
  }
}

export async function recordSignUp(deps: TDeps, ip: string | null, userId: string | null) {
  await deps.db.insert(signUpEvents).values({ ip, userId });
}
