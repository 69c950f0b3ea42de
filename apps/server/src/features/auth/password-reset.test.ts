import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifications } from "../../db/schema/index.ts";
import { createUser, signIn, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, me, postJson, readOutbox } from "./testing.ts";

let server: TTestServer;
let user: TTestUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
});
afterAll(() => server?.close());

const LINK_INVALID = "This password reset link is invalid or has expired. Please request a new one.";

async function requestReset(email: string) {
  const res = await postJson(server, "/api/auth/request-password-reset", { email });
  expect(res.status).toBe(200);
}

/** The token of the newest reset e-mail to this address, read from its link. */
function latestResetToken(email: string): string {
  const mail = readOutbox(server)
    .filter((m) => m.to === email && m.subject.includes("Reset"))
    .at(-1);
  if (!mail) throw new Error(`no reset e-mail to ${email}`);
  const link = new URL(mail.links[0] as string);
  expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/reset-password`);
  expect(mail.text).toContain(mail.links[0]);
  return link.searchParams.get("token") as string;
}

describe("password reset", () => {
  it("validates the e-mail", async () => {
    const res = await postJson(server, "/api/auth/request-password-reset", { email: "nope" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("Please enter a valid email address");
  });

  it("answers an unknown e-mail like a known one, and sends nothing", async () => {
    const before = readOutbox(server).length;
    await requestReset("nobody@example.test");
    expect(readOutbox(server)).toHaveLength(before);
  });

  it("e-mails a /reset-password link that sets a new strict password once, and ends old sessions", async () => {
    await requestReset(user.email.toUpperCase());
    const token = latestResetToken(user.email);

    const weak = await postJson(server, "/api/auth/reset-password", { token, newPassword: "weakpass1" });
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).message).toBe("Password must contain at least one uppercase letter");

    const ok = await postJson(server, "/api/auth/reset-password", { token, newPassword: "BrandNew-Pass9" });
    expect(ok.status).toBe(200);
    expect((await me(server, user.cookie)).status).toBe(401);
    await expect(signIn(server, user.email, user.password)).rejects.toThrow(/HTTP 401/);
    const fresh = await signIn(server, user.email, "BrandNew-Pass9");
    expect((await me(server, fresh.cookie)).status).toBe(200);

    const again = await postJson(server, "/api/auth/reset-password", { token, newPassword: "Another-Pass9" });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe(LINK_INVALID);
    await expect(signIn(server, user.email, "Another-Pass9")).rejects.toThrow(/HTTP 401/);
  });

  it("refuses a link after its hour is up", async () => {
    const other = await createUser(server);
    await requestReset(other.email);
    const token = latestResetToken(other.email);
    await server.deps.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const res = await postJson(server, "/api/auth/reset-password", { token, newPassword: "BrandNew-Pass9" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(LINK_INVALID);
  });

  it("expires links after one hour", async () => {
    const other = await createUser(server);
    const started = Date.now();
    await requestReset(other.email);
    const token = latestResetToken(other.email);
    const [row] = await server.deps.db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const seconds = ((row?.expiresAt.getTime() ?? 0) - started) / 1000;
    expect(seconds).toBeGreaterThan(3590);
    expect(seconds).toBeLessThan(3610);
  });

  it("refuses a made-up token", async () => {
    const res = await postJson(server, "/api/auth/reset-password", {
      token: "made-up",
      newPassword: "BrandNew-Pass9",
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(LINK_INVALID);
  });
});
