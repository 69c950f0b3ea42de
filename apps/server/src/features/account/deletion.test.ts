import { ACCOUNT_DELETION_GRACE_DAYS } from "@plugs/domain";
import { eq, or, sql } from "drizzle-orm";
import { authenticator } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountDeletions,
  accounts,
  contactMessages,
  follows,
  loginAttempts,
  memberActionCounts,
  notifications,
  pointsTransactions,
  profiles,
  sessions,
  sweeps,
  sweepWallets,
  users,
} from "../../db/schema/index.ts";
import { createUser, makeAdmin, signIn, type TTestUser } from "../../testing/factories.ts";
import { samplePng } from "../../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, me, postJson, readOutbox, withCookies } from "../auth/testing.ts";
import { commentAs } from "../comments/testing.ts";
import { call, createPostAs } from "../posts/testing.ts";
import { eraseAccount, erasedUsername, eraseOverdueAccounts } from "./erase-account.ts";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const askToDelete = (user: TTestUser, password = user.password) =>
  postJson(server, "/api/me/deletion", { password }, { cookie: user.cookie });

const waiting = async (userId: string) =>
  (await server.deps.db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId)))[0];

/** Moves a waiting deletion's time into the past, as if the grace period were over. */
const endGracePeriod = (userId: string) =>
  server.deps.db
    .update(accountDeletions)
    .set({ eraseAfter: sql`now() - interval '1 second'` })
    .where(eq(accountDeletions.userId, userId));

describe("asking to delete my account", () => {
  it("needs a session and the account's password", async () => {
    expect((await postJson(server, "/api/me/deletion", { password: "x" })).status).toBe(401);
    const user = await createUser(server);
    const empty = await askToDelete(user, "");
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe("Password is required");
    const wrong = await askToDelete(user, "Not-the-one9");
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe("Incorrect password");
    expect(await waiting(user.id)).toBeUndefined();
    expect((await me(server, user.cookie)).status).toBe(200);
  });

  it("signs out everywhere, sets the erasure 14 days out and e-mails the date", async () => {
    const user = await createUser(server);
    const other = await signIn(server, user.email, user.password);
    const started = Date.now();
    const res = await askToDelete(user);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { eraseAfter: string };
    const days = (new Date(body.eraseAfter).getTime() - started) / 86_400_000;
    expect(days).toBeGreaterThan(ACCOUNT_DELETION_GRACE_DAYS - 0.01);
    expect(days).toBeLessThan(ACCOUNT_DELETION_GRACE_DAYS + 0.01);
    expect((await me(server, user.cookie)).status).toBe(401);
    expect((await me(server, other.cookie)).status).toBe(401);
    const mail = readOutbox(server).findLast((m) => m.to === user.email);
    expect(mail?.subject).toBe("Your Plugs & Rugs account will be deleted");
    expect(mail?.text).toContain("Sign in at");
    expect(mail?.text).toContain("before then and the deletion is cancelled");

    // Within the grace period the erase job changes nothing.
    expect(await eraseAccount(server.deps, user.id)).toBe("not-due");
    const [profile] = await server.deps.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.username).toBe(user.username);
  });

  it("is cancelled by signing in during the grace period", async () => {
    const user = await createUser(server);
    expect((await askToDelete(user)).status).toBe(200);
    expect(await waiting(user.id)).toBeDefined();
    const back = await signIn(server, user.email, user.password);
    expect((await me(server, back.cookie)).status).toBe(200);
    expect(await waiting(user.id)).toBeUndefined();
    expect(readOutbox(server).findLast((m) => m.to === user.email)?.subject).toBe(
      "The deletion of your Plugs & Rugs account was cancelled",
    );
    // Even past the old date, nothing is erased.
    expect(await eraseAccount(server.deps, user.id)).toBe("not-waiting");
    expect((await me(server, back.cookie)).status).toBe(200);
  });
});

describe("a two-factor account's waiting deletion", () => {
  it("is cancelled by the whole sign-in, not by the password step alone", async () => {
    const user = await createUser(server);
    const enabled = await postJson(
      server,
      "/api/auth/two-factor/enable",
      { password: user.password },
      { cookie: user.cookie },
    );
    const secret = new URL(((await enabled.json()) as { totpURI: string }).totpURI).searchParams.get(
      "secret",
    ) as string;
    const verified = await postJson(
      server,
      "/api/auth/two-factor/verify-totp",
      { code: authenticator.generate(secret) },
      { cookie: user.cookie },
    );
    expect(verified.status).toBe(200);
    user.cookie = withCookies(user.cookie, verified);
    expect((await askToDelete(user)).status).toBe(200);

    // Someone who knows the password but lacks the second factor leaves the deletion waiting.
    const passwordStep = await postJson(server, "/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(await passwordStep.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await waiting(user.id)).toBeDefined();

    // The owner, with the authenticator's code, cancels it.
    const code = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
    const second = await postJson(
      server,
      "/api/auth/two-factor/verify-totp",
      { code },
      { cookie: withCookies("", passwordStep) },
    );
    expect(second.status).toBe(200);
    expect(await waiting(user.id)).toBeUndefined();
  });
});

describe("erasing an account after its grace period", () => {
  let user: TTestUser;
  let bob: TTestUser;
  let postId: string;
  let avatarUrl: string;
  let bannerUrl: string;
  let pointsBefore: number;
  let bobBefore: { followersCount: number; followingCount: number };

  /** Notifications to or from a member. */
  const notificationsOf = (id: string) =>
    server.deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(or(eq(notifications.userId, id), eq(notifications.actorId, id)));
  const contactFrom = (u: TTestUser) =>
    server.deps.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(or(sql`lower(${contactMessages.email}) = ${u.email}`, eq(contactMessages.userId, u.id)));
  const counts = async (id: string) => {
    const [row] = await server.deps.db
      .select({ followersCount: profiles.followersCount, followingCount: profiles.followingCount })
      .from(profiles)
      .where(eq(profiles.id, id));
    return row ?? { followersCount: 0, followingCount: 0 };
  };

  beforeAll(async () => {
    user = await createUser(server);
    bob = await createUser(server);
    const form = new FormData();
    form.append("avatar", new File([await samplePng(32, 32)], "me.png", { type: "image/png" }));
    const avatar = await call<{ profile: { avatarUrl: string } }>(server, "POST", "/api/me/avatar", {
      cookie: user.cookie,
      form,
    });
    expect(avatar.status).toBe(200);
    avatarUrl = avatar.body.profile.avatarUrl;
    const bannerForm = new FormData();
    bannerForm.append("banner", new File([await samplePng(96, 32)], "wide.png", { type: "image/png" }));
    const banner = await call<{ profile: { bannerUrl: string } }>(server, "POST", "/api/me/banner", {
      cookie: user.cookie,
      form: bannerForm,
    });
    expect(banner.status).toBe(200);
    bannerUrl = banner.body.profile.bannerUrl;
    postId = (await createPostAs(server, user.cookie, { content: "Written before leaving" })).id;
    await commentAs(server, bob.cookie, postId, { content: "Bob replies" });
    await commentAs(server, user.cookie, postId, { content: "A comment that stays" });
    await server.deps.db
      .insert(sweepWallets)
      .values({ userId: user.id, address: `Wallet${user.id.slice(0, 8)}` });
    await server.deps.db.insert(sweeps).values({
      userId: user.id,
      signature: `Signature${user.id}`,
      wallet: `Wallet${user.id.slice(0, 8)}`,
      accountsClosed: 1,
      lamportsReclaimed: 2_039_280,
      points: 1000,
    });
    await server.deps.db
      .insert(memberActionCounts)
      .values({ userId: user.id, action: "post", count: 3, windowEndsAt: new Date(Date.now() + 3_600_000) });
    // Follows both ways (each notifies), a message sent signed in and one as a visitor under the same e-mail in
    // capitals (each notifies the admin), and a failed sign-in recorded under the e-mail.
    const admin = await createUser(server);
    await makeAdmin(server, admin.id);
    expect(
      (await call(server, "PUT", `/api/users/${bob.username}/follow`, { cookie: user.cookie })).status,
    ).toBe(200);
    expect(
      (await call(server, "PUT", `/api/users/${user.username}/follow`, { cookie: bob.cookie })).status,
    ).toBe(200);
    const contact = {
      name: "Leaving Soon",
      topic: "account",
      message: "Please tell me what you keep about me.",
    };
    for (const [email, cookie] of [
      [user.email, user.cookie],
      [user.email.toUpperCase(), ""],
    ] as const) {
      const sent = await call(server, "POST", "/api/contact", { cookie, json: { ...contact, email } });
      expect(sent.status).toBe(201);
    }
    await expect(signIn(server, user.email, "Not-the-one9")).rejects.toThrow(/HTTP 401/);
    expect(await notificationsOf(user.id)).not.toEqual([]);
    expect(await contactFrom(user)).toHaveLength(2);
    const [p] = await server.deps.db.select().from(profiles).where(eq(profiles.id, user.id));
    pointsBefore = p?.points ?? 0;
    bobBefore = await counts(bob.id);
    expect((await askToDelete(user)).status).toBe(200);
    await endGracePeriod(user.id);
    expect(await eraseOverdueAccounts(server.deps)).toBe(1);
  });

  it("erases the profile, the e-mail, the avatar and banner files, sessions and sign-ins", async () => {
    const [profile] = await server.deps.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({
      username: erasedUsername(user.id),
      displayName: "Deleted account",
      avatarUrl: null,
      bannerUrl: null,
      bio: null,
      website: null,
      xHandle: null,
      telegram: null,
    });
    const [account] = await server.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(account?.email).toBe(`${erasedUsername(user.id)}@deleted.invalid`);
    expect(account?.name).toBe("Deleted account");
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await server.deps.db.select().from(accounts).where(eq(accounts.userId, user.id))).toEqual([]);
    expect((await server.fetch(avatarUrl)).status).toBe(404);
    expect((await server.fetch(bannerUrl)).status).toBe(404);
    expect(await server.deps.db.select().from(sweepWallets).where(eq(sweepWallets.userId, user.id))).toEqual(
      [],
    );
    // The sweep stays (its signature is claimed once) without the wallet; the fair-use counters go.
    expect(
      await server.deps.db
        .select({ wallet: sweeps.wallet, points: sweeps.points })
        .from(sweeps)
        .where(eq(sweeps.userId, user.id)),
    ).toEqual([{ wallet: "", points: 1000 }]);
    expect(
      await server.deps.db.select().from(memberActionCounts).where(eq(memberActionCounts.userId, user.id)),
    ).toEqual([]);
    await expect(signIn(server, user.email, user.password)).rejects.toThrow(/HTTP 401/);
    expect((await waiting(user.id))?.erasedAt).toBeInstanceOf(Date);
  });

  it("erases notifications to and from them, their follows, their contact messages and sign-in attempts", async () => {
    expect(await notificationsOf(user.id)).toEqual([]);
    // The admin's notifications of both messages went with them.
    expect(
      await server.deps.db.select().from(notifications).where(eq(notifications.kind, "contact_message")),
    ).toEqual([]);
    expect(
      await server.deps.db
        .select()
        .from(follows)
        .where(or(eq(follows.followerId, user.id), eq(follows.followedId, user.id))),
    ).toEqual([]);
    expect(await counts(bob.id)).toEqual({
      followersCount: bobBefore.followersCount - 1,
      followingCount: bobBefore.followingCount - 1,
    });
    expect(await counts(user.id)).toEqual({ followersCount: 0, followingCount: 0 });
    expect(await contactFrom(user)).toEqual([]);
    // Only attempts made after the erase (the test above tries the old password) are left.
    const erasedAt = (await waiting(user.id))?.erasedAt as Date;
    const attempts = await server.deps.db
      .select({ createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(eq(loginAttempts.email, user.email));
    expect(attempts.filter((a) => a.createdAt <= erasedAt)).toEqual([]);
  });

  it("keeps posts and comments, shown as from the deleted account", async () => {
    const post = await call<{ content: string; author: { username: string } }>(
      server,
      "GET",
      `/api/posts/${postId}`,
      { cookie: bob.cookie },
    );
    expect(post.status).toBe(200);
    expect(post.body.content).toBe("Written before leaving");
    expect(post.body.author.username).toBe(erasedUsername(user.id));
    const comments = await call<{ items: { content: string; author: { username: string } }[] }>(
      server,
      "GET",
      `/api/posts/${postId}/comments`,
    );
    expect(comments.body.items.map((c) => [c.content, c.author.username])).toEqual(
      expect.arrayContaining([["A comment that stays", erasedUsername(user.id)]]),
    );
    expect(JSON.stringify(post.body)).not.toContain(user.username);
  });

  it("keeps the points ledger on the anonymous id, and frees the e-mail", async () => {
    const ledger = await server.deps.db
      .select({ points: pointsTransactions.points })
      .from(pointsTransactions)
      .where(eq(pointsTransactions.userId, user.id));
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.reduce((s, l) => s + l.points, 0)).toBe(pointsBefore);
    const again = await createUser(server, { email: user.email });
    expect(again.id).not.toBe(user.id);
  });

  it("runs once: the sweep finds nothing more", async () => {
    expect(await eraseOverdueAccounts(server.deps)).toBe(0);
    expect(await eraseAccount(server.deps, user.id)).toBe("not-waiting");
  });
});
