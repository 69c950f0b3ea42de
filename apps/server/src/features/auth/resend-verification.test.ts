import { resendWaitMessage, VERIFICATION_MESSAGES } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verificationMailSends } from "../../db/schema/index.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, postJson, readOutbox } from "./testing.ts";

let server: TTestServer;
let member: TTestUser;
beforeAll(async () => {
  server = await startTestServer();
  member = await createUser(server, { username: "resend_me", emailVerified: false });
});
afterAll(() => server?.close());

const resend = (cookie: string | null, body: unknown = {}) =>
  postJson(server, "/api/me/verification-email", body, cookie ? { cookie } : {});
const mailsTo = (email: string) => readOutbox(server).filter((m) => m.to === email);
const get = (url: string) =>
  fetch(url.startsWith("http") ? url : `${server.url}${url}`, { redirect: "manual" });

describe("POST /api/me/verification-email", () => {
  it("needs a signed-in member", async () => {
    const res = await resend(null);
    expect(res.status).toBe(401);
  });

  it("sends a new link that lands where the member was going, then refuses a second within the minute", async () => {
    const before = mailsTo(member.email).length;
    const res = await resend(member.cookie, { callbackURL: "/leaderboard?window=week" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true, email: member.email });
    const mails = mailsTo(member.email);
    expect(mails.length).toBe(before + 1);
    const link = new URL(mails.at(-1)?.links[0] ?? "");
    expect(link.searchParams.get("callbackURL")).toBe("/leaderboard?window=week");

    const again = await resend(member.cookie);
    expect(again.status).toBe(429);
    const wait = Number(again.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await errorOf(again)).message).toBe(resendWaitMessage(wait));
    expect(mailsTo(member.email).length).toBe(before + 1);
  });

  it("refuses a sixth e-mail in a day with the wait in hours", async () => {
    const other = await createUser(server, { username: "resend_day", emailVerified: false });
    await server.deps.db.insert(verificationMailSends).values(
      [5, 4, 3, 2, 1].map((hours) => ({
        userId: other.id,
        createdAt: sql`now() - make_interval(hours => ${hours})` as unknown as Date,
      })),
    );
    const res = await resend(other.cookie);
    expect(res.status).toBe(429);
    expect((await errorOf(res)).message).toBe("You can ask for another e-mail in 19 hours.");
  });

  it("sends no link to a verified e-mail, the 409 says so", async () => {
    const verified = await createUser(server, { username: "resend_done" });
    await server.deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, verified.id));
    const res = await resend(verified.cookie);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(VERIFICATION_MESSAGES.alreadyVerified);
  });

  it("refuses a callbackURL that is not text with 400", async () => {
    const fresh = await createUser(server, { username: "resend_bad", emailVerified: false });
    const res = await resend(fresh.cookie, { callbackURL: 42 });
    expect(res.status).toBe(400);
  });
});

describe("the verification link", () => {
  it("lands on the sign-up's page with verified=1, or verified=0 when the link is bad", async () => {
    const res = await server.fetch("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "landing@example.test",
        username: "landing_here",
        password: "Landing123",
        acceptTerms: true,
        callbackURL: "/kol/some_handle",
      }),
    });
    expect(res.status).toBe(200);
    const link = mailsTo("landing@example.test")[0]?.links[0] ?? "";
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/kol/some_handle");
    const verify = await get(link);
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/kol/some_handle?verified=1");
    const [row] = await server.deps.db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, "landing@example.test"));
    expect(row?.emailVerified).toBe(true);

    const bad = await get(`/api/auth/verify-email?token=nope&callbackURL=${encodeURIComponent("/plugfeed")}`);
    expect(bad.status).toBe(302);
    expect(bad.headers.get("location")).toBe("/plugfeed?error=INVALID_TOKEN&verified=0");
  });

  it("sends a sign-up's link home when its callbackURL could leave the site", async () => {
    await server.fetch("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "offsite@example.test",
        username: "offsite_cb",
        password: "Offsite123",
        acceptTerms: true,
        callbackURL: "//evil.example/",
      }),
    });
    const link = mailsTo("offsite@example.test")[0]?.links[0] ?? "";
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/");
  });
});
