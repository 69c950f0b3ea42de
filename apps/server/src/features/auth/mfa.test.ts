import { authenticator } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, me, postJson, withCookies } from "./testing.ts";

let server: TTestServer;
let user: TTestUser;
let otherTab: string;
let secret: string;
let backupCodes: string[];
let enrolCode: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
  otherTab = (await signIn(server, user.email, user.password)).cookie;
});
afterAll(() => server?.close());

/** The authenticator app's code, now or `steps` periods of 30 s later. */
function totp(steps = 0): string {
  return authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);
}

async function twoFactorEnabled(cookie: string): Promise<boolean> {
  const res = await me(server, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { twoFactorEnabled: boolean } }).user.twoFactorEnabled;
}

/** Signs in with the password and expects the MFA step; returns the cookie jar holding the two-factor cookie. */
async function startSignIn(): Promise<string> {
  const res = await postJson(server, "/api/auth/sign-in/email", {
    email: user.email,
    password: user.password,
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
  const jar = withCookies("", res);
  expect(jar).toMatch(/better-auth\.two_factor=/);
  expect(jar).not.toMatch(/session_token=/);
  return jar;
}

describe("MFA enrolment", () => {
  it("needs the account password", async () => {
    const missing = await postJson(server, "/api/auth/two-factor/enable", {}, { cookie: user.cookie });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe("Password is required");
    const wrong = await postJson(
      server,
      "/api/auth/two-factor/enable",
      { password: "Not-The-Password1" },
      { cookie: user.cookie },
    );
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe("Incorrect password");
    const visitor = await postJson(server, "/api/auth/two-factor/enable", { password: user.password });
    expect(visitor.status).toBe(401);
  });

  it("answers the TOTP URI and backup codes, and stays off until a code is verified", async () => {
    const res = await postJson(
      server,
      "/api/auth/two-factor/enable",
      { password: user.password },
      { cookie: user.cookie },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { totpURI: string; backupCodes: string[] };
    const uri = new URL(body.totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    secret = uri.searchParams.get("secret") as string;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(body.backupCodes).toHaveLength(10);
    backupCodes = body.backupCodes;
    expect(await twoFactorEnabled(user.cookie)).toBe(false);
  });

  it("refuses a wrong or malformed code", async () => {
    const malformed = await postJson(
      server,
      "/api/auth/two-factor/verify-totp",
      { code: "12ab" },
      { cookie: user.cookie },
    );
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).message).toBe("Invalid code");
    const wrongCode = String((Number(totp()) + 500_000) % 1_000_000).padStart(6, "0");
    const wrong = await postJson(
      server,
      "/api/auth/two-factor/verify-totp",
      { code: wrongCode },
      { cookie: user.cookie },
    );
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).message).toBe("Invalid code");
    expect(await twoFactorEnabled(user.cookie)).toBe(false);
  });

  it("turns MFA on with a real authenticator code and ends the other sessions", async () => {
    enrolCode = totp();
    const res = await postJson(
      server,
      "/api/auth/two-factor/verify-totp",
      { code: enrolCode },
      { cookie: user.cookie },
    );
    expect(res.status).toBe(200);
    // better-auth replaces the current session with a fresh one; the other tab is signed out.
    user.cookie = withCookies(user.cookie, res);
    expect(await twoFactorEnabled(user.cookie)).toBe(true);
    expect((await me(server, otherTab)).status).toBe(401);
  });
});

describe("sign-in of an MFA account", () => {
  it("asks for the second factor instead of creating a session, then accepts a TOTP code", async () => {
    const jar = await startSignIn();
    expect((await me(server, jar)).status).toBe(401);

    // The code used to enrol is still within its validity, but it was used: refused.
    const replayed = await postJson(
      server,
      "/api/auth/two-factor/verify-totp",
      { code: enrolCode },
      { cookie: jar },
    );
    expect(replayed.status).toBe(401);
    expect((await errorOf(replayed)).message).toBe(
      "This code has already been used. Please wait for the next code.",
    );

    const code = totp(1); // the next period's code: accepted (one step of clock drift either way)
    const ok = await postJson(server, "/api/auth/two-factor/verify-totp", { code }, { cookie: jar });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(JSON.stringify(body)).not.toContain("token");
    const session = withCookies(jar, ok);
    expect(session).toMatch(/session_token=/);
    expect(await twoFactorEnabled(session)).toBe(true);

    // The same code again, on a new sign-in: refused.
    const jar2 = await startSignIn();
    const again = await postJson(server, "/api/auth/two-factor/verify-totp", { code }, { cookie: jar2 });
    expect(again.status).toBe(401);
    expect((await errorOf(again)).message).toBe(
      "This code has already been used. Please wait for the next code.",
    );
    expect(withCookies(jar2, again)).not.toMatch(/session_token=/);
  });

  it("accepts a backup code once", async () => {
    const code = backupCodes[0] as string;
    const jar = await startSignIn();
    const ok = await postJson(server, "/api/auth/two-factor/verify-backup-code", { code }, { cookie: jar });
    expect(ok.status).toBe(200);
    expect(await twoFactorEnabled(withCookies(jar, ok))).toBe(true);

    const jar2 = await startSignIn();
    const again = await postJson(
      server,
      "/api/auth/two-factor/verify-backup-code",
      { code },
      { cookie: jar2 },
    );
    expect(again.status).toBe(401);
    expect((await errorOf(again)).message).toBe("Invalid code");
  });

  it("refuses the MFA step without the two-factor cookie", async () => {
    const res = await postJson(server, "/api/auth/two-factor/verify-totp", { code: totp() });
    expect(res.status).toBe(401);
  });
});

describe("turning MFA off", () => {
  it("needs the password, then ends the other sessions and sign-in needs no code", async () => {
    const jar = await startSignIn();
    const second = await postJson(
      server,
      "/api/auth/two-factor/verify-backup-code",
      { code: backupCodes[1] },
      { cookie: jar },
    );
    const secondTab = withCookies(jar, second);
    expect((await me(server, secondTab)).status).toBe(200);

    const wrong = await postJson(
      server,
      "/api/auth/two-factor/disable",
      { password: "Not-The-Password1" },
      { cookie: user.cookie },
    );
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe("Incorrect password");
    expect(await twoFactorEnabled(user.cookie)).toBe(true);

    const res = await postJson(
      server,
      "/api/auth/two-factor/disable",
      { password: user.password },
      { cookie: user.cookie },
    );
    expect(res.status).toBe(200);
    user.cookie = withCookies(user.cookie, res);
    expect(await twoFactorEnabled(user.cookie)).toBe(false);
    expect((await me(server, secondTab)).status).toBe(401);

    const plain = await signIn(server, user.email, user.password);
    expect((await me(server, plain.cookie)).status).toBe(200);
  });
});
