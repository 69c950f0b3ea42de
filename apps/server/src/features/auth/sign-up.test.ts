import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, referrals, sessions, signUpEvents, users } from "../../db/schema/index.ts";
import { cookieHeader, createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { getAuth } from "./auth.ts";
import { errorOf, me, postJson, readOutbox } from "./testing.ts";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const valid = {
  email: "valid@example.test",
  username: "valid_user",
  password: "Str0ngPass",
  acceptTerms: true,
};

function signUp(body: Record<string, unknown>) {
  return postJson(server, "/api/auth/sign-up/email", body);
}

describe("sign-up validation (the spec's exact messages)", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["an invalid e-mail", { email: "not-an-email" }, "email", "Please enter a valid email address"],
    ["a missing e-mail", { email: undefined }, "email", "Please enter a valid email address"],
    ["a missing username", { username: undefined }, "username", "Username is required"],
    ["an empty username", { username: "" }, "username", "Username is required"],
    ["a 2-character username", { username: "ab" }, "username", "Username must be at least 3 characters"],
    [
      "a 31-character username",
      { username: "a".repeat(31) },
      "username",
      "Username cannot exceed 30 characters",
    ],
    [
      "a username with other characters",
      { username: "bad-name!" },
      "username",
      "Username can only contain letters, numbers, and underscores",
    ],
    ["a 7-character password", { password: "Abcde12" }, "password", "Password must be at least 8 characters"],
    [
      "a password without uppercase",
      { password: "lowercase1" },
      "password",
      "Password must contain at least one uppercase letter",
    ],
    [
      "a password without lowercase",
      { password: "UPPERCASE1" },
      "password",
      "Password must contain at least one lowercase letter",
    ],
    [
      "a password without a digit",
      { password: "NoDigitsHere" },
      "password",
      "Password must contain at least one number",
    ],
    ["terms not accepted", { acceptTerms: false }, "acceptTerms", "You must accept the terms and conditions"],
    ["terms missing", { acceptTerms: undefined }, "acceptTerms", "You must accept the terms and conditions"],
  ];

  it.each(cases)("refuses %s", async (_what, change, field, message) => {
    const res = await signUp({ ...valid, ...change });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("VALIDATION");
    expect(error.message).toBe(message);
    expect(error.fields?.[field]).toBe(message);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("created nothing for the refused requests", async () => {
    const rows = await server.deps.db.select().from(profiles).where(eq(profiles.username, valid.username));
    expect(rows).toEqual([]);
  });
});

describe("sign-up", () => {
  it("creates the account and profile and sends a verification e-mail whose link signs in", async () => {
    const res = await signUp({ ...valid, email: "Mixed.Case@Example.test", username: "Satoshi_Fan" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: "mixed.case@example.test", referredBy: null });
    expect(res.headers.getSetCookie()).toEqual([]);
    const [user] = await server.deps.db
      .select()
      .from(users)
      .where(eq(users.email, "mixed.case@example.test"));
    expect(user?.emailVerified).toBe(false);

    const mail = readOutbox(server).find((m) => m.to === "mixed.case@example.test");
    expect(mail?.subject).toBe("Verify your e-mail for Plugs & Rugs");
    const link = mail?.links[0] ?? "";
    expect(link.startsWith(`${server.url}/api/auth/verify-email?token=`)).toBe(true);
    const verify = await fetch(link, { redirect: "manual" });
    expect(verify.status).toBe(302);
    const [setCookie] = verify.headers.getSetCookie();
    expect(setCookie).toMatch(/^better-auth\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // PUBLIC_URL is http here

    const meRes = await me(server, cookieHeader(verify));
    expect(meRes.status).toBe(200);
    expect(await meRes.json()).toEqual({
      user: {
        id: user?.id,
        email: "mixed.case@example.test",
        emailVerified: true,
        twoFactorEnabled: false,
      },
      profile: {
        id: user?.id,
        username: "Satoshi_Fan",
        avatarUrl: null,
        isVerified: false,
        isBanned: false,
        points: 100, // account_creation, as seeded
        displayName: null,
        bannerUrl: null,
        bio: null,
        website: null,
        xHandle: null,
        telegram: null,
      },
      roles: [],
      isAdmin: false,
    });
  });

  it("lets an account sign in with its password before the address is verified", async () => {
    const email = "unverified@example.test";
    expect((await signUp({ ...valid, email, username: "not_yet" })).status).toBe(200);
    const res = await postJson(server, "/api/auth/sign-in/email", { email, password: valid.password });
    expect(res.status).toBe(200);
    const body = (await (await me(server, cookieHeader(res))).json()) as { user: { emailVerified: boolean } };
    expect(body.user.emailVerified).toBe(false);
  });

  it("refuses a username taken in any case with 409", async () => {
    const res = await signUp({ ...valid, email: "other@example.test", username: "SATOSHI_FAN" });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.message).toBe("This username is already taken");
    expect(error.fields?.username).toBe("This username is already taken");
  });

  it("answers an e-mail that already has an account as a new one, and tells its owner instead", async () => {
    const owner = await createUser(server, { email: "owner@example.test" });
    const events = () =>
      server.deps.db
        .select({ userId: signUpEvents.userId })
        .from(signUpEvents)
        .where(isNull(signUpEvents.userId));
    const before = (await events()).length;
    const res = await signUp({ ...valid, email: "OWNER@example.test", username: "someone_else" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: "owner@example.test", referredBy: null });
    expect(res.headers.getSetCookie()).toEqual([]);
    // No second account, no profile for the new username, the owner's password untouched.
    expect(
      await server.deps.db.select().from(users).where(eq(users.email, "owner@example.test")),
    ).toHaveLength(1);
    expect(await server.deps.db.select().from(profiles).where(eq(profiles.username, "someone_else"))).toEqual(
      [],
    );
    expect(
      (await postJson(server, "/api/auth/sign-in/email", { email: owner.email, password: owner.password }))
        .status,
    ).toBe(200);
    // The owner hears of it, with the way back in; no verification link is sent for an account they already have.
    const mails = readOutbox(server).filter((m) => m.to === "owner@example.test");
    expect(mails.map((m) => m.subject)).toEqual(["Someone tried to sign up with your e-mail"]);
    expect(mails[0]?.links).toEqual([`${server.url}/signin`]);
    // The attempt counts toward the per-IP sign-up limit.
    expect((await events()).length).toBe(before + 1);
  });

  it("verifies the address of an account with MFA on without signing it in: the code is still asked", async () => {
    const email = "mfa.first@example.test";
    expect((await signUp({ ...valid, email, username: "mfa_first" })).status).toBe(200);
    await server.deps.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, email));
    const link = readOutbox(server).find((m) => m.to === email)?.links[0] ?? "";
    const verify = await fetch(link, { redirect: "manual" });
    expect(verify.status).toBe(302);
    const [user] = await server.deps.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
    expect(
      await server.deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? "")),
    ).toEqual([]);
    expect((await me(server, cookieHeader(verify))).status).toBe(401);
  });

  it("ends the session on the server at sign-out", async () => {
    const user = await createUser(server);
    expect((await me(server, user.cookie)).status).toBe(200);
    const out = await server.fetch("/api/auth/sign-out", {
      method: "POST",
      headers: { cookie: user.cookie },
    });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=;.*Max-Age=0/i);
    const rows = await server.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toEqual([]);
    const again = await me(server, user.cookie);
    expect(again.status).toBe(401);
    expect((await errorOf(again)).message).toBe("You must be signed in");
  });

  it("answers /api/me with 401 for a visitor and for a forged cookie", async () => {
    expect((await server.fetch("/api/me")).status).toBe(401);
    const forged = await me(server, "better-auth.session_token=abc.def");
    expect(forged.status).toBe(401);
  });
});

describe("referral codes", () => {
  it("records the referral of an existing user's username", async () => {
    const referrer = await createUser(server, { username: "Whale_Watcher" });
    const res = await signUp({
      ...valid,
      email: "referred@example.test",
      username: "referred_one",
      referralCode: "whale_watcher",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { referredBy: string };
    expect(body.referredBy).toBe("whale_watcher");
    const rows = await server.deps.db
      .select({ referrerId: referrals.referrerId, code: referrals.code })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredId))
      .where(eq(users.email, "referred@example.test"));
    expect(rows).toEqual([{ referrerId: referrer.id, code: "whale_watcher" }]);
  });

  it("treats an empty referral field as none", async () => {
    const res = await signUp({
      ...valid,
      email: "noref@example.test",
      username: "no_referral",
      referralCode: "",
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { referredBy: null }).referredBy).toBeNull();
  });

  it("refuses a code that names nobody", async () => {
    const res = await signUp({
      ...valid,
      email: "ghost@example.test",
      username: "ghost_ref",
      referralCode: "nobody_here",
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe("Invalid referral code");
    expect(error.fields?.referralCode).toBe("Invalid referral code");
  });

  it("refuses a banned user's username", async () => {
    const banned = await createUser(server, { username: "banned_ref" });
    await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    const res = await signUp({
      ...valid,
      email: "late@example.test",
      username: "late_user",
      referralCode: "banned_ref",
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("Invalid referral code");
  });
});

describe("a username taken between the check and the insert (two sign-ups racing)", () => {
  it("removes the half-made account and answers 409", async () => {
    // A profile holds the name, but better-auth's own copy does not: only the profile insert can notice.
    await server.deps.db.insert(profiles).values({ id: crypto.randomUUID(), username: "Raced_Name" });
    const attempt = getAuth(server.deps).api.signUpEmail({
      body: { email: "racer@example.test", password: "Str0ngPass", name: "racer", username: "raced_name" },
    });
    await expect(attempt).rejects.toMatchObject({
      statusCode: 409,
      message: "This username is already taken",
    });
    const left = await server.deps.db.select().from(users).where(eq(users.email, "racer@example.test"));
    expect(left).toEqual([]);
  });
});
