import { randomUUID } from "node:crypto";
import { M, SOCIAL_LIMITS, type TNotification, type TNotificationsPage } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeTimeCursor } from "../../lib/time-cursor.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs, seedCommunity, seedMember } from "../posts/testing.ts";
import { notify } from "./notify.ts";

type TError = { error: { code: string; message: string } };

let server: TTestServer;
let author: TTestUser;
let reader: TTestUser;
let outsider: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  author = await createUser(server, { username: "n_author" });
  reader = await createUser(server, { username: "n_reader" });
  outsider = await createUser(server, { username: "n_outsider" });
});
afterAll(() => server?.close());

async function listOf(user: TTestUser, query = "") {
  const res = await call<TNotificationsPage>(server, "GET", `/api/notifications${query}`, {
    cookie: user.cookie,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function unread(user: TTestUser) {
  const res = await call<{ unreadCount: number }>(server, "GET", "/api/notifications/unread-count", {
    cookie: user.cookie,
  });
  expect(res.status).toBe(200);
  return res.body.unreadCount;
}

describe("notifications are created once, and never for your own doing", () => {
  it("post mentions: one per user and post, with a link to the post, none for mentioning yourself", async () => {
    const before = await unread(reader);
    const post = await createPostAs(server, author.cookie, {
      content: "@n_reader look, and again @N_READER, me @n_author",
    });
    const page = await listOf(reader);
    expect(await unread(reader)).toBe(before + 1);
    const item = page.items[0] as TNotification;
    expect(item).toMatchObject({
      kind: "mention_post",
      postId: post.id,
      link: `/posts/${post.id}`,
      readAt: null,
      actor: { id: author.id, username: "n_author", avatarUrl: null, isVerified: false },
    });
    expect((await listOf(author)).items.filter((n) => n.postId === post.id)).toEqual([]);
    // Editing the post to mention the reader again does not notify again.
    const edit = await call(server, "PATCH", `/api/posts/${post.id}`, {
      cookie: author.cookie,
      json: { content: "@n_reader edited" },
    });
    expect(edit.status).toBe(200);
    expect((await listOf(reader)).items.filter((n) => n.postId === post.id)).toHaveLength(1);
  });

  it("a private community's post never notifies an outsider it mentions, only members", async () => {
    const community = await seedCommunity(server);
    await seedMember(server, community.id, author.id);
    await seedMember(server, community.id, reader.id);
    const post = await createPostAs(server, author.cookie, {
      content: "@n_outsider @n_reader members only",
      communityId: community.id,
    });
    expect((await listOf(outsider)).items.filter((n) => n.postId === post.id)).toEqual([]);
    expect((await listOf(reader)).items.filter((n) => n.postId === post.id)).toHaveLength(1);
    // The seam other features call applies the same rule.
    expect(
      await notify(server.deps.db, {
        kind: "comment",
        userId: outsider.id,
        actorId: author.id,
        postId: post.id,
        commentId: randomUUID(),
      }),
    ).toBe(0);
  });

  it("each kind from the seam (comments, replies, points, airdrops) is created once, never for yourself", async () => {
    const post = await createPostAs(server, reader.cookie, { content: "reader's own post" });
    const commentId = randomUUID();
    const replyId = randomUUID();
    const inputs = [
      { kind: "comment" as const, userId: reader.id, actorId: author.id, postId: post.id, commentId },
      { kind: "mention_comment" as const, userId: reader.id, actorId: author.id, postId: post.id, commentId },
      { kind: "reply" as const, userId: reader.id, actorId: author.id, postId: post.id, commentId: replyId },
      { kind: "points" as const, userId: reader.id, actorId: null, amount: 5, sourceKey: "ledger-1" },
      { kind: "airdrop" as const, userId: reader.id, actorId: author.id, amount: 100, sourceKey: "ledger-2" },
    ];
    expect(await notify(server.deps.db, inputs)).toBe(5);
    expect(await notify(server.deps.db, inputs)).toBe(0);
    // Commenting on your own post, or airdropping yourself, tells no one.
    expect(
      await notify(server.deps.db, [
        { kind: "comment", userId: reader.id, actorId: reader.id, postId: post.id, commentId: randomUUID() },
        { kind: "airdrop", userId: author.id, actorId: author.id, amount: 1, sourceKey: "ledger-3" },
      ]),
    ).toBe(0);
    // Written in one statement, they share a created_at; compare them by kind.
    const items = (await listOf(reader, "?limit=5")).items.sort((a, b) => a.kind.localeCompare(b.kind));
    expect(items.map((n) => [n.kind, n.link, n.amount])).toEqual([
      ["airdrop", "/rewards", 100],
      ["comment", `/posts/${post.id}#comment-${commentId}`, null],
      ["mention_comment", `/posts/${post.id}#comment-${commentId}`, null],
      ["points", "/rewards", 5],
      ["reply", `/posts/${post.id}#comment-${replyId}`, null],
    ]);
    expect(items[3]?.actor).toBeNull();
    expect(items[0]?.actor?.username).toBe("n_author");
  });

  it("a follow links to the follower's profile", async () => {
    expect(
      (await call(server, "PUT", "/api/users/n_reader/follow", { cookie: outsider.cookie })).status,
    ).toBe(200);
    const [latest] = (await listOf(reader)).items;
    expect(latest).toMatchObject({
      kind: "follow",
      link: "/user/n_outsider",
      actor: { username: "n_outsider" },
    });
  });
});

describe("the notifications list and reading them", () => {
  it("asks visitors to sign in on every route", async () => {
    for (const [method, path, json] of [
      ["GET", "/api/notifications", undefined],
      ["GET", "/api/notifications/unread-count", undefined],
      ["POST", "/api/notifications/read", { all: true }],
    ] as const) {
      const res = await call<TError>(server, method, path, { json });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(M.notifications.signIn);
    }
  });

  it("pages newest first with a cursor", async () => {
    const all = (await listOf(reader, "?limit=50")).items;
    expect(all.length).toBeGreaterThanOrEqual(7);
    const first = await listOf(reader, "?limit=4");
    expect(first.items.map((n) => n.id)).toEqual(all.slice(0, 4).map((n) => n.id));
    const second = await listOf(reader, `?limit=4&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.id)).toEqual(all.slice(4, 8).map((n) => n.id));
    const bad = await call<TError>(server, "GET", "/api/notifications?cursor=abc", { cookie: reader.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M.posts.invalidCursor);
  });

  it("gives the unread count with every page: an empty one past the end, and a reader with none", async () => {
    const all = await listOf(reader, "?limit=50");
    expect(all.unreadCount).toBeGreaterThan(0);
    expect(all.unreadCount).toBe(await unread(reader));
    const oldest = all.items.at(-1) as TNotification;
    const past = await listOf(reader, `?cursor=${encodeTimeCursor({ t: oldest.createdAt, i: oldest.id })}`);
    expect(past).toEqual({ items: [], nextCursor: null, unreadCount: all.unreadCount });
    const newcomer = await createUser(server);
    expect(await listOf(newcomer)).toEqual({ items: [], nextCursor: null, unreadCount: 0 });
  });

  it("marks one, refuses someone else's, and marks all", async () => {
    const before = await unread(reader);
    expect(before).toBeGreaterThan(1);
    const [one] = (await listOf(reader)).items;
    const marked = await call<{ unreadCount: number }>(server, "POST", "/api/notifications/read", {
      cookie: reader.cookie,
      json: { ids: [one?.id] },
    });
    expect(marked.body.unreadCount).toBe(before - 1);
    expect((await listOf(reader)).items[0]?.readAt).not.toBeNull();

    const theirs = await call<TError>(server, "POST", "/api/notifications/read", {
      cookie: outsider.cookie,
      json: { ids: [one?.id] },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.message).toBe(M.notifications.notFound);

    for (const json of [{}, { ids: [] }, { ids: ["not-a-uuid"] }, { all: false }]) {
      const bad = await call<TError>(server, "POST", "/api/notifications/read", {
        cookie: reader.cookie,
        json,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe(M.notifications.readBody);
    }

    const all = await call<{ unreadCount: number }>(server, "POST", "/api/notifications/read", {
      cookie: reader.cookie,
      json: { all: true },
    });
    expect(all.body.unreadCount).toBe(0);
    expect(await unread(reader)).toBe(0);
    expect((await listOf(reader)).items.every((n) => n.readAt !== null)).toBe(true);
  });
});

describe("the unread count", () => {
  it(`stops at ${SOCIAL_LIMITS.unreadCountCap} (the bell reads 99+), on the list and on its own`, async () => {
    const hoarder = await createUser(server);
    const db = server.deps.db;
    const add = (n: number, from: number) =>
      db.execute(sql`insert into notifications (user_id, actor_id, kind, source_key)
        select ${hoarder.id}, ${author.id}, 'follow', 'hoard-' || g from generate_series(${from}::int, ${from + n - 1}::int) g`);
    await add(SOCIAL_LIMITS.unreadCountCap - 1, 1);
    expect(await unread(hoarder)).toBe(SOCIAL_LIMITS.unreadCountCap - 1);
    await add(1, SOCIAL_LIMITS.unreadCountCap);
    expect(await unread(hoarder)).toBe(SOCIAL_LIMITS.unreadCountCap);
    await add(150, SOCIAL_LIMITS.unreadCountCap + 1);
    expect(await unread(hoarder)).toBe(SOCIAL_LIMITS.unreadCountCap);
    expect((await listOf(hoarder)).unreadCount).toBe(SOCIAL_LIMITS.unreadCountCap);
  });
});
