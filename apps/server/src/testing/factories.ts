import { randomBytes } from "node:crypto";
import type { TestHelpers } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { users } from "../db/schema/index.ts";
import { getAuth } from "../features/auth/auth.ts";
import { grantAdmin } from "../features/auth/roles.ts";
import type { TTestServer } from "./test-server.ts";

/*
 * Small factories for tests. createUser makes an account the way sign-up leaves it (user, password, profile,
 * sign-up points: better-auth's own adapter runs the same database hooks), its e-mail verified unless asked not to,
 * and a session through better-auth's
 * test-utils plugin, without the scrypt hash and HTTP round trip each sign-up costs; signUpUser goes through
 * POST /api/auth/sign-up/email for the tests of sign-up itself (factories.test.ts shows both leave the same rows).
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
  /** createUser: whether the e-mail is verified (default true, as a member who followed the link; false as just signed up). */
  emailVerified?: boolean;
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
 * account with a session (sign-up itself gives none: the verification link does). The test server must run with CAPTCHA_PROVIDER=none (startTestServer's default).
 */
export async function signUpUser(
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
  // Sign-up gives no session (the verification link does): the account is found by its address and signed in
  // through better-auth's test-utils plugin, its e-mail still unverified.
  const [user] = await server.deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!user) throw new Error(`sign-up of ${username} made no account`);
  return {
    id: user.id,
    username,
    email: email.toLowerCase(),
    password,
    cookie: await testSession(server, user.id),
  };
}

/** One password for the accounts createUser makes, hashed once per test file instead of once per account. */
const FACTORY_PASSWORD = randomPassword();
const hashes = new Map<string, Promise<string>>();

/**
 * An account as sign-up makes it (profile, sign-up points) whose owner then followed the verification link (unless
 * `emailVerified: false`), signed in: the returned cookie carries a session. A referral code goes through the real sign-up, where the referral rules live.
 */
export async function createUser(
  server: TTestServer,
  overrides: TCreateUserOverrides = {},
): Promise<TTestUser> {
  if (overrides.referralCode) {
    const member = await signUpUser(server, overrides);
    if (overrides.emailVerified !== false) await markEmailVerified(server, member.id);
    return member;
  }
  const username = overrides.username ?? randomUsername();
  const email = (
    overrides.email ?? `${username.toLowerCase()}_${randomBytes(3).toString("hex")}@example.test`
  ).toLowerCase();
  const password = overrides.password ?? FACTORY_PASSWORD;
  const auth = await getAuth(server.deps).$context;
  const ctx = auth as typeof auth & { test?: TestHelpers };
  if (!ctx.test) throw new Error("createUser needs a test server (better-auth's test-utils plugin)");
  let hash = hashes.get(password);
  if (!hash) {
    hash = ctx.password.hash(password);
    hashes.set(password, hash);
  }
  const user = await ctx.test.saveUser(
    ctx.test.createUser({
      email,
      name: username,
      username: username.toLowerCase(),
      displayUsername: username,
      emailVerified: overrides.emailVerified ?? true,
    }),
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await hash,
  });
  return { id: user.id, username, email, password, cookie: await testSession(server, user.id) };
}

/** A session for the user through better-auth's test-utils plugin: the Cookie header value that carries it. */
async function testSession(server: TTestServer, userId: string): Promise<string> {
  const auth = await getAuth(server.deps).$context;
  const ctx = auth as typeof auth & { test?: TestHelpers };
  if (!ctx.test) throw new Error("a test session needs a test server (better-auth's test-utils plugin)");
  const { headers } = await ctx.test.login({ userId });
  return headers.get("cookie") ?? "";
}

/** As if the member had opened their verification link (writes others see need it). */
export async function markEmailVerified(server: TTestServer, userId: string): Promise<void> {
  await server.deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
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
