import { randomBytes } from "node:crypto";
import { grantAdmin } from "../features/auth/roles.ts";
import type { TTestServer } from "./test-server.ts";

/*
 * Small factories for tests (and, through the same auth code path, for `npm run seed`): accounts are created by
 * signing up through the real API, so every test user went through the same rules as a person would.
 */

export type TTestUser = {
  id: string;
  username: string;
  email: string;
  password: string;
  /** The Cookie header value that carries this user's session: send it as `{ headers: { cookie } }`. */
  cookie: string;
};

export type TCreateUserOverrides = {
  username?: string;
  email?: string;
  password?: string;
  referralCode?: string;
};

/** A random username of 3-30 letters, digits and underscores. */
export function randomUsername(prefix = "user"): string {
  return `${prefix}_${randomBytes(5).toString("hex")}`.slice(0, 30);
}

/** A password that passes the strict rules. */
export function randomPassword(): string {
  return `Pw${randomBytes(6).toString("hex")}9a`;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie request header (expired ones dropped). */
export function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .filter((c) => !/max-age=0\b/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function failure(res: Response, what: string): Promise<Error> {
  const text = await res.text().catch(() => "");
  return new Error(`${what} failed: HTTP ${res.status} ${text}`);
}

/**
 * Signs up through POST /api/auth/sign-up/email (random username, e-mail and password unless given) and returns the
 * account with its session cookie. The test server must run with CAPTCHA_PROVIDER=none (startTestServer's default).
 */
export async function createUser(
  server: TTestServer,
  overrides: TCreateUserOverrides = {},
): Promise<TTestUser> {
  const username = overrides.username ?? randomUsername();
  const email = overrides.email ?? `${username.toLowerCase()}_${randomBytes(3).toString("hex")}@example.test`;
  const password = overrides.password ?? randomPassword();
  const res = await server.fetch("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password,
      username,
      acceptTerms: true,
      ...(overrides.referralCode ? { referralCode: overrides.referralCode } : {}),
    }),
  });
  if (!res.ok) throw await failure(res, `sign-up of ${username}`);
  const body = (await res.json()) as { user: { id: string } };
  return { id: body.user.id, username, email: email.toLowerCase(), password, cookie: cookieHeader(res) };
}

/** Signs in through POST /api/auth/sign-in/email and returns the session cookie (throws on any refusal). */
export async function signIn(
  server: TTestServer,
  email: string,
  password: string,
): Promise<{ id: string; cookie: string }> {
  const res = await server.fetch("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw await failure(res, `sign-in of ${email}`);
  const body = (await res.json()) as { twoFactorRedirect: boolean; user?: { id: string } };
  if (body.twoFactorRedirect || !body.user) throw new Error(`sign-in of ${email} needs a second factor`);
  return { id: body.user.id, cookie: cookieHeader(res) };
}

/** Grants the admin role directly in the database (the role is read on each request, so the cookie stays valid). */
export async function makeAdmin(server: TTestServer, userId: string): Promise<void> {
  await grantAdmin(server.deps.db, [userId]);
}
