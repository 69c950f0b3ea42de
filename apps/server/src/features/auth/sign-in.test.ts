import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAttempts, profiles, sessions } from "../../db/schema/index.ts";
import { cookieHeader, createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, me, postJson } from "./testing.ts";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function signIn(email: string, password: string, headers: Record<string, string> = {}) {
  return postJson(server, "/api/auth/sign-in/email", { email, password }, headers);
}

/** Moves an e-mail's recorded attempts into the past, as if that much time went by. */
async function timePasses(email: string, seconds: number) {
  await server.deps.db
    .update(loginAttempts)
    .set({ createdAt: sql`${loginAttempts.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(loginAttempts.email, email));
}

const TOO_MANY = (n: number) => `Too many login attempts. Please try again in ${n} minute(s).`;

describe("sign-in", () => {
  it("checks the form: a valid e-mail and a non-empty password", async () => {
    const noPassword = await postJson(server, "/api/auth/sign-in/email", { email: "a@example.test" });
    expect(noPassword.status).toBe(400);
    expect((await errorOf(noPassword)).message).toBe("Password is required");
    const empty = await signIn("a@example.test", "");
    expect((await errorOf(empty)).message).toBe("Password is required");
    const badEmail = await signIn("nope", "whatever");
    expect((await errorOf(badEmail)).message).toBe("Please enter a valid email address");
  });

  it("signs in with the right password and sets the session cookie", async () => {
    const user = await createUser(server);
    const res = await signIn(user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      twoFactorRedirect: false,
      user: {
        id: user.id,
        email: user.email,
        username: user.username,
        emailVerified: true,
        twoFactorEnabled: false,
      },
    });
    expect((await me(server, cookieHeader(res))).status).toBe(200);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const user = await createUser(server);
    const wrong = await signIn(user.email, "Wrong-Password-1");
    const unknown = await signIn("nobody-at-all@example.test", "Wrong-Password-1");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    expect(a).toEqual({ error: { code: "UNAUTHORIZED", message: "Invalid email or password" } });
    expect(await unknown.json()).toEqual(a);
  });

  it("records every attempt with e-mail, IP, success and user agent", async () => {
    const user = await createUser(server);
    await signIn(user.email, "Wrong-Password-1", { "user-agent": "TestBrowser/1.0" });
    await signIn(user.email, user.password, { "user-agent": "TestBrowser/1.0" });
    const rows = await server.deps.db
      .select({
        email: loginAttempts.email,
        ip: loginAttempts.ip,
        success: loginAttempts.success,
        userAgent: loginAttempts.userAgent,
      })
      .from(loginAttempts)
      .where(eq(loginAttempts.email, user.email))
      .orderBy(loginAttempts.createdAt);
    expect(rows).toEqual([
      { email: user.email, ip: "127.0.0.1", success: false, userAgent: "TestBrowser/1.0" },
      { email: user.email, ip: "127.0.0.1", success: true, userAgent: "TestBrowser/1.0" },
    ]);
  });
});

describe("the login pre-check: 5 attempts per 60 s per e-mail, then a 5-minute lockout", () => {
  let user: TTestUser;
  beforeAll(async () => {
    user = await createUser(server);
  });

  it("refuses the 6th attempt within 60 s with 429, Retry-After and the spec's message", async () => {
    for (let i = 1; i <= 5; i++) {
      // Any case of the e-mail counts as the same e-mail.
      const res = await signIn(i % 2 ? user.email : user.email.toUpperCase(), `Wrong-${i}-Password`);
      expect(res.status).toBe(401);
    }
    const sixth = await signIn(user.email, "Wrong-6-Password");
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(290);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(await sixth.json()).toEqual({
      error: { code: "RATE_LIMITED", message: TOO_MANY(5), title: "Rate limit exceeded" },
    });
  });

  it("holds the lockout even with the right password, and creates no session", async () => {
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(429);
    expect((await errorOf(res)).message).toBe(TOO_MANY(5));
    expect(res.headers.getSetCookie()).toEqual([]);
    const rows = await server.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1); // the sign-up's own session only
  });

  it("counts the minutes left, rounded up", async () => {
    await timePasses(user.email, 150);
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(429);
    expect((await errorOf(res)).message).toBe(TOO_MANY(3));
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(140);
    expect(retryAfter).toBeLessThanOrEqual(150);
  });

  it("lets the right password in once the 5 minutes are over", async () => {
    await timePasses(user.email, 151);
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(200);
  });

  it("clears the count on success", async () => {
    const other = await createUser(server);
    for (let i = 0; i < 4; i++) expect((await signIn(other.email, "Wrong-Password-1")).status).toBe(401);
    expect((await signIn(other.email, other.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(other.email, "Wrong-Password-1")).status).toBe(401);
    // 8 failures in the last minute, but only 4 since the success: not locked.
    expect((await signIn(other.email, other.password)).status).toBe(200);
  });

  it("locks unknown e-mails the same way, so the answer tells nothing", async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn("ghost@example.test", "Wrong-Password-1")).status).toBe(401);
    const res = await signIn("ghost@example.test", "Wrong-Password-1");
    expect(res.status).toBe(429);
    expect((await errorOf(res)).message).toBe(TOO_MANY(5));
  });

  it("does not let refused attempts extend the lockout", async () => {
    const rows = await server.deps.db
      .select({ outcome: loginAttempts.outcome })
      .from(loginAttempts)
      .where(eq(loginAttempts.email, "ghost@example.test"));
    expect(rows.map((r) => r.outcome).sort()).toEqual([
      "invalid_credentials",
      "invalid_credentials",
      "invalid_credentials",
      "invalid_credentials",
      "invalid_credentials",
      "locked",
    ]);
  });
});

describe("banned accounts", () => {
  it("are refused at sign-in with the ban message and get no session", async () => {
    const user = await createUser(server);
    await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, user.id));
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        code: "FORBIDDEN",
        message: "Your account has been banned. Please contact support for assistance.",
      },
    });
    expect(res.headers.getSetCookie().filter((c) => !/Max-Age=0/i.test(c))).toEqual([]);
    const [count] = await server.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(count?.n).toBe(1); // only the sign-up's session, created before the ban
  });
});

describe("better-auth endpoints that would skip our rules", () => {
  it.each([
    ["POST", "/api/auth/sign-in/username"],
    ["POST", "/api/auth/update-user"],
    ["POST", "/api/auth/admin/ban-user"],
    ["GET", "/api/auth/admin/list-users"],
    ["GET", "/api/auth/list-sessions"],
  ])("answers %s %s with 404", async (method, path) => {
    const user = await createUser(server);
    const res = await server.fetch(path, {
      method,
      headers: { cookie: user.cookie, "content-type": "application/json" },
      ...(method === "POST"
        ? { body: JSON.stringify({ username: user.username, password: user.password }) }
        : {}),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
  });
});

describe("cross-site requests", () => {
  it("refuses a POST without this site's Origin (or Referer) before doing anything", async () => {
    const user = await createUser(server);
    const body = JSON.stringify({ email: user.email, password: user.password });
    const foreign: Record<string, string>[] = [
      {},
      { origin: "https://evil.example" },
      { referer: "https://evil.example/page" },
    ];
    for (const headers of foreign) {
      const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
      expect(res.status).toBe(403);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toMatch(
        /^This request did not come from this site \(expected .+\)\. Reload the page/,
      );
    }
    const signOut = await fetch(`${server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie: user.cookie, origin: "https://evil.example" },
    });
    expect(signOut.status).toBe(403);
    expect((await me(server, user.cookie)).status).toBe(200);

    const viaReferer = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", referer: `${server.url}/signin` },
      body,
    });
    expect(viaReferer.status).toBe(200);
  });
});
