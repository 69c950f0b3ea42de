import { type Challenge, createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, postJson } from "./testing.ts";

const FAILED = "Security verification failed. Please try again.";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ CAPTCHA_PROVIDER: "altcha" });
});
afterAll(() => server?.close());

/** What the ALTCHA widget does: fetch a challenge, solve it, and hand over base64 JSON of both. */
async function solvedPayload(challenge?: Challenge): Promise<string> {
  const ch = challenge ?? ((await (await server.fetch("/api/auth/captcha")).json()) as Challenge);
  const solution = await solveChallenge({ challenge: ch, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge: ch, solution })).toString("base64");
}

const account = {
  email: "altcha@example.test",
  username: "altcha_user",
  password: "Str0ngPass",
  acceptTerms: true,
};

describe("ALTCHA", () => {
  it("tells the forms which widget to show", async () => {
    const res = await server.fetch("/api/auth/captcha/config");
    expect(await res.json()).toEqual({
      provider: "altcha",
      turnstileSiteKey: null,
      challengeUrl: "/api/auth/captcha",
    });
  });

  it("serves signed, expiring, uncached challenges", async () => {
    const res = await server.fetch("/api/auth/captcha");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const ch = (await res.json()) as Challenge;
    expect(ch.parameters.algorithm).toBe("PBKDF2/SHA-256");
    expect(ch.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(ch.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it("refuses sign-up, sign-in and password reset without a solution", async () => {
    for (const [path, body] of [
      ["/api/auth/sign-up/email", account],
      ["/api/auth/sign-in/email", { email: account.email, password: account.password }],
      ["/api/auth/request-password-reset", { email: account.email }],
    ] as const) {
      const res = await postJson(server, path, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(FAILED);
    }
  });

  it("refuses garbage, a tampered solution and a challenge it did not sign", async () => {
    const garbage = await postJson(server, "/api/auth/sign-up/email", account, {
      "x-captcha-token": "bm90IGpzb24=",
    });
    expect((await errorOf(garbage)).message).toBe(FAILED);

    const good = JSON.parse(Buffer.from(await solvedPayload(), "base64").toString()) as {
      solution: { derivedKey: string };
    };
    // The derived key is the proof of work; one changed digit makes it worthless.
    const key = good.solution.derivedKey;
    good.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}`;
    const tampered = Buffer.from(JSON.stringify(good)).toString("base64");
    const res = await postJson(server, "/api/auth/sign-up/email", account, { "x-captcha-token": tampered });
    expect((await errorOf(res)).message).toBe(FAILED);

    const foreign = await createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: 10,
      deriveKey,
      hmacSignatureSecret: "someone-elses-secret",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const forged = await postJson(server, "/api/auth/sign-up/email", account, {
      "x-captcha-token": await solvedPayload(foreign),
    });
    expect((await errorOf(forged)).message).toBe(FAILED);
  });

  it("accepts a solved challenge once, and refuses it when replayed", async () => {
    const payload = await solvedPayload();
    const res = await postJson(server, "/api/auth/sign-up/email", account, { "x-captcha-token": payload });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(account.email.toLowerCase());

    const replay = await postJson(
      server,
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { "x-captcha-token": payload },
    );
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).message).toBe(FAILED);

    const signIn = await postJson(
      server,
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { "x-captcha-token": await solvedPayload() },
    );
    expect(signIn.status).toBe(200);

    const reset = await postJson(
      server,
      "/api/auth/request-password-reset",
      { email: account.email },
      { "x-captcha-token": await solvedPayload() },
    );
    expect(reset.status).toBe(200);
  });
});
