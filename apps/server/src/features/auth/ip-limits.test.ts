import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, postJson } from "./testing.ts";

let server: TTestServer;
let users: TTestUser[];
beforeAll(async () => {
  server = await startTestServer({ SIGNIN_IP_LIMIT: "3", SIGNUP_IP_LIMIT: "2" });
  // Two real sign-ups from this address: SIGNUP_IP_LIMIT's two.
  users = [await signUpUser(server), await signUpUser(server)];
});
afterAll(() => server?.close());

describe("per-IP limits", () => {
  it("allows SIGNUP_IP_LIMIT sign-ups per IP per hour", async () => {
    const res = await postJson(server, "/api/auth/sign-up/email", {
      email: "third@example.test",
      username: "third_account",
      password: "Str0ngPass",
      acceptTerms: true,
    });
    expect(res.status).toBe(429);
    const error = await errorOf(res);
    expect(error.message).toBe("Too many accounts were created from your network. Please try again later.");
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it("allows SIGNIN_IP_LIMIT sign-in attempts per IP per 5 minutes, whatever the e-mails", async () => {
    const [a, b] = users as [TTestUser, TTestUser];
    expect(
      (await postJson(server, "/api/auth/sign-in/email", { email: a.email, password: "Wrong-Pass1" })).status,
    ).toBe(401);
    expect(
      (await postJson(server, "/api/auth/sign-in/email", { email: b.email, password: "Wrong-Pass1" })).status,
    ).toBe(401);
    expect(
      (await postJson(server, "/api/auth/sign-in/email", { email: a.email, password: a.password })).status,
    ).toBe(200);
    const fourth = await postJson(server, "/api/auth/sign-in/email", {
      email: b.email,
      password: b.password,
    });
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({
      error: {
        code: "RATE_LIMITED",
        message: "Too many login attempts. Please try again in 5 minute(s).",
        title: "Rate limit exceeded",
      },
    });
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(290);
  });

  it("does not believe X-Forwarded-For unless TRUST_PROXY says a proxy is there", async () => {
    const res = await postJson(
      server,
      "/api/auth/sign-in/email",
      { email: "x@example.test", password: "Wrong-Pass1" },
      { "x-forwarded-for": "203.0.113.7" },
    );
    expect(res.status).toBe(429);
  });
});
