import { M, type TSignInRequest } from "@plugs/domain";
import type { Context } from "hono";
import type { TDeps } from "../../context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { requireCaptcha } from "./captcha.ts";
import { forwardToAuth, rewriteJson } from "./forward.ts";
import { checkLoginAllowed, recordLoginAttempt } from "./login-limits.ts";
import { mapAuthUser, type TAuthUserOut } from "./mappers.ts";

export type TSignInResponse =
  | { twoFactorRedirect: false; user: ReturnType<typeof mapAuthUser> }
  | { twoFactorRedirect: true; twoFactorMethods: string[] };

/**
 * POST /api/auth/sign-in/email: captcha, the login pre-check (per e-mail lockout, per IP limit), then better-auth
 * checks the password. Unknown e-mail and wrong password get the same 401; a banned account gets 403 and no session.
 * Every attempt that reaches the check is recorded. An MFA account gets `twoFactorRedirect` and a short-lived
 * two-factor cookie instead of a session; the client then posts a code to /api/auth/two-factor/verify-totp.
 */
export async function signIn(deps: TDeps, c: Context, input: TSignInRequest): Promise<Response> {
  await requireCaptcha(deps, c);
  const attempt = {
    email: input.email.toLowerCase(),
    ip: clientIp(c, deps.config),
    userAgent: c.req.header("user-agent") ?? null,
  };
  await checkLoginAllowed(deps, attempt);
  const res = await forwardToAuth(deps, c, {
    body: { email: attempt.email, password: input.password, rememberMe: input.rememberMe },
  });
  const outcome = res.ok
    ? "success"
    : res.status === 401
      ? "invalid_credentials"
      : res.status === 403 && (await errorMessage(res)) === M.auth.banned
        ? "banned"
        : null;
  if (outcome) await recordLoginAttempt(deps, { ...attempt, outcome });
  if (!res.ok) return res;
  return rewriteJson(res, (data): TSignInResponse => {
    const body = data as { twoFactorRedirect?: boolean; twoFactorMethods?: string[]; user?: TAuthUserOut };
    if (body.twoFactorRedirect)
      return { twoFactorRedirect: true, twoFactorMethods: body.twoFactorMethods ?? [] };
    return { twoFactorRedirect: false, user: mapAuthUser(body.user as TAuthUserOut) };
  });
}

async function errorMessage(res: Response): Promise<string | null> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? null;
}
