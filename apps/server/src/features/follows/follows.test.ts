import { M, type TFeedPage, type TFollowList, type TFollowState, type TPublicProfile } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, profiles } from "../../db/schema/index.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs, seedCommunity, seedMember, seedSignedInUsers } from "../posts/testing.ts";

type TError = { error: { code: string; message: string } };

let server: TTestServer;
let alice: TTestUser;
let bob: TTestUser;
let carol: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser(server, { username: "Alice_F" });
  bob = await createUser(server, { username: "bob_f" });
  carol = await createUser(server, { username: "carol_f" });
});
afterAll(() => server?.close());

const follow = (cookie: string | undefined, username: string) =>
  call<TFollowState & TError>(server, "PUT", `/api/users/${username}/follow`, { cookie });
const unfollow = (cookie: string | undefined, username: string) =>
  call<TFollowState & TError>(server, "DELETE", `/api/users/${username}/follow`, { cookie });
const profile = (username: string, cookie?: string) =>
  call<TPublicProfile & TError>(server, "GET", `/api/users/${username}`, { cookie });

describe("following", () => {
  it("asks visitors to sign in", async () => {
    for (const res of [await follow(undefined, "bob_f"), await unfollow(undefined, "bob_f")]) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(M.follows.signIn);
    }
  });

  it("refuses to follow yourself, in any case of your name", async () => {
    const res = await follow(alice.cookie, "alice_f");
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(M.follows.notSelf);
    expect((await profile("Alice_F")).body.followersCount).toBe(0);
  });

  it("answers 404 for an unknown user or a name no user can have", async () => {
    for (const name of ["nobody_here", "bad%20name", "x".repeat(40)]) {
      const res = await follow(alice.cookie, name);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(M.follows.userNotFound);
    }
  });

  it("follows once however often asked, moves both counters, and unfollows the same way", async () => {
    const first = await follow(alice.cookie, "BOB_F");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ following: true, followersCount: 1 });
    expect((await follow(alice.cookie, "bob_f")).body).toEqual({ following: true, followersCount: 1 });
    expect((await profile("bob_f", alice.cookie)).body).toMatchObject({
      username: "bob_f",
      followersCount: 1,
      followingCount: 0,
      followedByMe: true,
      isMe: false,
    });
    expect((await profile("alice_f")).body).toMatchObject({ followingCount: 1, followedByMe: false });
    // Bob does not follow Alice back.
    expect((await profile("alice_f", bob.cookie)).body.followedByMe).toBe(false);

    const off = await unfollow(alice.cookie, "bob_f");
    expect(off.body).toEqual({ following: false, followersCount: 0 });
    expect((await unfollow(alice.cookie, "bob_f")).body).toEqual({ following: false, followersCount: 0 });
    expect((await profile("alice_f")).body.followingCount).toBe(0);
  });

  it("notifies the followed user once, even after unfollowing and following again", async () => {
    await follow(carol.cookie, "bob_f");
    await unfollow(carol.cookie, "bob_f");
    await follow(carol.cookie, "bob_f");
    const rows = await server.deps.db
      .select({ actorId: notifications.actorId, kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, bob.id));
    expect(rows.filter((r) => r.actorId === carol.id)).toEqual([{ actorId: carol.id, kind: "follow" }]);
  });

  it("keeps exact counters under 60 concurrent follows and unfollows", async () => {
    const target = await createUser(server, { username: "popular_f" });
    const fans = await seedSignedInUsers(server, 30);
    const results = await Promise.all(
      fans.flatMap((f) => [follow(f.cookie, "popular_f"), follow(f.cookie, "popular_f")]),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await profile("popular_f")).body.followersCount).toBe(30);
    await Promise.all(
      fans.slice(0, 10).flatMap((f) => [unfollow(f.cookie, "popular_f"), unfollow(f.cookie, "popular_f")]),
    );
    expect((await profile("popular_f")).body.followersCount).toBe(20);
    const [row] = await server.deps.db
      .select({ n: profiles.followersCount })
      .from(profiles)
      .where(eq(profiles.id, target.id));
    expect(row?.n).toBe(20);
  });
});

describe("public profiles", () => {
  it("shows the profile's public fields and nothing else", async () => {
    const res = await profile("carol_f");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "avatarUrl",
        "followedByMe",
        "followersCount",
        "followingCount",
        "id",
        "isMe",
        "isVerified",
        "joinedAt",
        "points",
        "pointsRank",
        "pointsRankCapped",
        "username",
        "displayName",
        "bannerUrl",
        "bio",
        "website",
        "xHandle",
        "telegram",
      ].sort(),
    );
    // Points as the ledger left them (a new account earns the account-creation award).
    const [stored] = await server.deps.db
      .select({ points: profiles.points })
      .from(profiles)
      .where(eq(profiles.id, carol.id));
    expect(stored?.points).toBeGreaterThan(0);
    expect(res.body).toMatchObject({
      id: carol.id,
      username: "carol_f",
      points: stored?.points,
      isVerified: false,
    });
    expect(Number.isNaN(Date.parse(res.body.joinedAt))).toBe(false);
    expect((await profile("carol_f", carol.cookie)).body.isMe).toBe(true);
  });

  it("answers 404 for an unknown or banned user", async () => {
    const res = await profile("no_such_user");
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(M.follows.userNotFound);
    const banned = await createUser(server, { username: "banned_f" });
    await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    expect((await profile("banned_f")).status).toBe(404);
    expect((await follow(alice.cookie, "banned_f")).status).toBe(404);
    expect((await call(server, "GET", "/api/users/banned_f/posts")).status).toBe(404);
  });
});

describe("followers and following lists", () => {
  it("pages newest first with followedByMe for the viewer, and rejects a bad cursor", async () => {
    const star = await createUser(server, { username: "star_f" });
    const fans = await seedSignedInUsers(server, 5);
    for (const f of fans) expect((await follow(f.cookie, "star_f")).status).toBe(200);
    // The viewer (Alice) follows the second fan.
    const fanNames = await server.deps.db
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles);
    const nameOf = new Map(fanNames.map((p) => [p.id, p.username]));
    const secondFan = nameOf.get(fans[1]?.id ?? "") ?? "";
    await follow(alice.cookie, secondFan);

    const first = await call<TFollowList>(server, "GET", "/api/users/star_f/followers?limit=3", {
      cookie: alice.cookie,
    });
    expect(first.status).toBe(200);
    expect(first.body.items.map((i) => i.id)).toEqual([fans[4]?.id, fans[3]?.id, fans[2]?.id]);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await call<TFollowList>(
      server,
      "GET",
      `/api/users/star_f/followers?limit=3&cursor=${first.body.nextCursor}`,
      { cookie: alice.cookie },
    );
    expect(second.body.items.map((i) => i.id)).toEqual([fans[1]?.id, fans[0]?.id]);
    expect(second.body.items.map((i) => i.followedByMe)).toEqual([true, false]);
    expect(second.body.nextCursor).toBeNull();

    const following = await call<TFollowList>(server, "GET", `/api/users/${secondFan}/following`);
    expect(following.body.items.map((i) => i.username)).toEqual(["star_f"]);
    expect(following.body.items[0]?.followedByMe).toBe(false);
    expect(star.id).toBe(following.body.items[0]?.id);

    const bad = await call<TError>(server, "GET", "/api/users/star_f/followers?cursor=nonsense");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M.posts.invalidCursor);
    const badLimit = await call<TError>(server, "GET", "/api/users/star_f/following?limit=0");
    expect(badLimit.status).toBe(400);
    expect((await call(server, "GET", "/api/users/nobody_f/followers")).status).toBe(404);
  });
});

describe("a user's posts", () => {
  it("lists only what the viewer may see, newest first, in keyset pages", async () => {
    const writer = await createUser(server, { username: "writer_f" });
    const community = await seedCommunity(server);
    await seedMember(server, community.id, writer.id);
    await seedMember(server, community.id, bob.id);
    const open1 = await createPostAs(server, writer.cookie, { content: "open one" });
    const inside = await createPostAs(server, writer.cookie, {
      content: "members only",
      communityId: community.id,
    });
    const open2 = await createPostAs(server, writer.cookie, { content: "open two" });

    const visitor = await call<TFeedPage>(server, "GET", "/api/users/writer_f/posts");
    expect(visitor.body.items.map((p) => p.id)).toEqual([open2.id, open1.id]);
    const outsider = await call<TFeedPage>(server, "GET", "/api/users/writer_f/posts", {
      cookie: carol.cookie,
    });
    expect(outsider.body.items.map((p) => p.id)).toEqual([open2.id, open1.id]);
    const member = await call<TFeedPage>(server, "GET", "/api/users/writer_f/posts?limit=2", {
      cookie: bob.cookie,
    });
    expect(member.body.items.map((p) => p.id)).toEqual([open2.id, inside.id]);
    const rest = await call<TFeedPage>(
      server,
      "GET",
      `/api/users/writer_f/posts?limit=2&cursor=${member.body.nextCursor}`,
      { cookie: bob.cookie },
    );
    expect(rest.body.items.map((p) => p.id)).toEqual([open1.id]);
    expect(rest.body.nextCursor).toBeNull();
    expect(rest.body.items[0]?.author.username).toBe("writer_f");
    expect((await call<TError>(server, "GET", "/api/users/writer_f/posts?cursor=zz")).status).toBe(400);
  });
});
