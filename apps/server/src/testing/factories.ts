import { randomBytes } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import { getAuth } from "../features/auth/auth.ts";
import { grantAdmin } from "../features/auth/roles.ts";
import type { TTestServer } from "./test-server.ts";

/*
 * Small factories for tests. createUser makes a signed-in member through better-auth's own adapter (its hooks make
 * the profile and pay the sign-up points, as on sign-up) without HTTP or a password hash per user; signUpUser goes
 * through the real sign-up API, for the tests of sign-up itself and of what only it does (referrals, e-mails).
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
};

export type TSignUpOverrides = TCreateUserOverrides & { referralCode?: string };

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

function newAccount(overrides: TCreateUserOverrides) {
  const username = overrides.username ?? randomUsername();
  const email = overrides.email ?? `${username.toLowerCase()}_${randomBytes(3).toString("hex")}@example.test`;
  return { username, email, password: overrides.password ?? SHARED_PASSWORD };
}

/** Most test users share one password, so its (deliberately slow) hash is worked out once per test file. */
const SHARED_PASSWORD = randomPassword();
const hashes = new Map<string, Promise<string>>();

/**
 * A member as sign-up leaves one (user, credential account with a real password hash, profile, sign-up points) and
 * the Cookie header of a new session, made through better-auth's internal adapter and signed with its secret.
 */
export async function createUser(
  server: TTestServer,
  overrides: TCreateUserOverrides = {},
): Promise<TTestUser> {
  const { username, email, password } = newAccount(overrides);
  const auth = await getAuth(server.deps).$context;
  let hash = hashes.get(password);
  if (!hash) {
    hash = auth.password.hash(password);
    hashes.set(password, hash);
  }
  // The username plugin keeps the name as typed in displayUsername and a lower-case copy for look-ups.
  const user = await auth.internalAdapter.createUser(
    {
      name: username,
      email,
      emailVerified: false,
      username: username.toLowerCase(),
      displayUsername: username,
    },
    { method: "email-password" },
  );
  await auth.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await hash,
  });
  const { token } = await auth.internalAdapter.createSession(user.id);
  const signed = `${token}.${await makeSignature(token, auth.secret)}`;
  const cookie = `${auth.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
  return { id: user.id, username, email: email.toLowerCase(), password, cookie };
}

/**
 * Signs up through POST /api/auth/sign-up/email (random username, e-mail and password unless given) and returns the
 * account with its session cookie. The test server must run with CAPTCHA_PROVIDER=none (startTestServer's default).
 */
export async function signUpUser(server: TTestServer, overrides: TSignUpOverrides = {}): Promise<TTestUser> {
  const { username, email } = newAccount(overrides);
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
