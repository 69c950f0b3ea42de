import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, postJson } from "./testing.ts";

/**
 * A stand-in for Cloudflare's siteverify: form-encoded secret, response and remoteip in; {success} out. Like the
 * real one, a token is good once ("timeout-or-duplicate" after that).
 */
function fakeSiteverify() {
  const used = new Set<string>();
  const seen: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const token = form.get("response") ?? "";
      if (token.startsWith("outage-")) {
        res.statusCode = 500;
        res.end("internal error");
        return;
      }
      const ok =
        req.method === "POST" && form.get("secret") === "turnstile-secret" && token.startsWith("good-");
      const duplicate = used.has(token);
      used.add(token);
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify(
          ok && !duplicate
            ? { success: true, "error-codes": [] }
            : {
                success: false,
                "error-codes": [duplicate ? "timeout-or-duplicate" : "invalid-input-response"],
              },
        ),
      );
    });
  });
  return { server, seen };
}

const FAILED = "Security verification failed. Please try again.";
const fake = fakeSiteverify();
let server: TTestServer;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  const port = (fake.server.address() as AddressInfo).port;
  server = await startTestServer({
    CAPTCHA_PROVIDER: "turnstile",
    TURNSTILE_SECRET_KEY: "turnstile-secret",
    TURNSTILE_SITE_KEY: "site-key-123",
    TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => fake.server.close(resolve));
});

const account = {
  email: "ts@example.test",
  username: "turnstile_user",
  password: "Str0ngPass",
  acceptTerms: true,
};

describe("Turnstile", () => {
  it("gives the forms its site key", async () => {
    const res = await server.fetch("/api/auth/captcha/config");
    expect(await res.json()).toEqual({
      provider: "turnstile",
      turnstileSiteKey: "site-key-123",
      challengeUrl: null,
    });
    expect((await server.fetch("/api/auth/captcha")).status).toBe(404);
  });

  it("refuses a missing or rejected token", async () => {
    const missing = await postJson(server, "/api/auth/sign-up/email", account);
    expect((await errorOf(missing)).message).toBe(FAILED);
    const bad = await postJson(server, "/api/auth/sign-up/email", account, {
      "x-captcha-token": "bad-token",
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(FAILED);
  });

  it("accepts a token Cloudflare confirms, sending the secret and the client's IP, and refuses it reused", async () => {
    const ok = await postJson(server, "/api/auth/sign-up/email", account, { "x-captcha-token": "good-1" });
    expect(ok.status).toBe(200);
    const call = fake.seen.find((f) => f.get("response") === "good-1");
    expect(call?.get("secret")).toBe("turnstile-secret");
    expect(call?.get("remoteip")).toBe("127.0.0.1");
    const reused = await postJson(
      server,
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { "x-captcha-token": "good-1" },
    );
    expect((await errorOf(reused)).message).toBe(FAILED);
  });

  it("says the security check failed, under 'Security checks failed', when Cloudflare cannot answer", async () => {
    const res = await postJson(
      server,
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { "x-captcha-token": "outage-1" },
    );
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toMatchObject({
      message: "Security check failed",
      title: "Security checks failed",
    });
  });
});
