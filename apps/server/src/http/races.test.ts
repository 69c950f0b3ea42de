import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/query-rows.ts";
import { addKol, fileReport, randomHandle } from "../features/kols/testing.ts";
import { call, createPostAs, seedCommunity } from "../features/posts/testing.ts";
import { createUser, makeAdmin, type TTestUser } from "../testing/factories.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";

// 50 identical writes sent at once, as a double-clicking member or a retrying client would: each idempotent action
// leaves one row, its counter moves by one, and the points it pays are paid once. Every number is compared with
// what the same action done once, on a twin item, left behind.

const PARALLEL = 50;
let server: TTestServer;
let admin: TTestUser;
let author: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  author = await createUser(server);
});
afterAll(() => server?.close());

async function one(query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(server.deps.db, query);
  return Number(row?.n ?? 0);
}

/** Points in the ledger for these members, and each member's running total, as one comparable snapshot. */
async function points(...userIds: string[]) {
  const list = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return {
    ledgerRows: await one(sql`select count(*)::int as n from points_transactions where user_id in (${list})`),
    ledgerSum: await one(
      sql`select coalesce(sum(points), 0)::int as n from points_transactions where user_id in (${list})`,
    ),
    balances: await one(sql`select coalesce(sum(points), 0)::int as n from profiles where id in (${list})`),
  };
}

async function burst(send: () => Promise<{ status: number }>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: PARALLEL }, send));
  return answers.map((a) => a.status);
}

function delta(after: Awaited<ReturnType<typeof points>>, before: Awaited<ReturnType<typeof points>>) {
  return {
    ledgerRows: after.ledgerRows - before.ledgerRows,
    ledgerSum: after.ledgerSum - before.ledgerSum,
    balances: after.balances - before.balances,
  };
}

/**
 * Runs `act` once on a twin item and 50 times at once on the item under test, and returns both effects: rows
 * counted by `rows`, the counter read by `counter`, and the points of the members involved.
 */
async function race(setup: {
  make: () => Promise<{ actor: TTestUser; target: string; owner: string }>;
  act: (actor: TTestUser, target: string) => Promise<{ status: number }>;
  rows: (target: string, actorId: string) => SQL;
  counter?: (target: string) => SQL;
}) {
  const twin = await setup.make();
  const twinBefore = await points(twin.actor.id, twin.owner);
  expect((await setup.act(twin.actor, twin.target)).status).toBeLessThan(300);
  const once = {
    rows: await one(setup.rows(twin.target, twin.actor.id)),
    counter: setup.counter ? await one(setup.counter(twin.target)) : null,
    points: delta(await points(twin.actor.id, twin.owner), twinBefore),
  };

  const item = await setup.make();
  const before = await points(item.actor.id, item.owner);
  const statuses = await burst(() => setup.act(item.actor, item.target));
  expect(statuses.every((s) => s < 500)).toBe(true);
  const many = {
    rows: await one(setup.rows(item.target, item.actor.id)),
    counter: setup.counter ? await one(setup.counter(item.target)) : null,
    points: delta(await points(item.actor.id, item.owner), before),
  };
  return { once, many };
}

describe(`${PARALLEL} identical writes at once`, () => {
  it("like a post once", async () => {
    const { once, many } = await race({
      make: async () => ({
        actor: await createUser(server),
        target: (await createPostAs(server, author.cookie, { content: "like me" })).id,
        owner: author.id,
      }),
      act: (actor, id) => call(server, "PUT", `/api/posts/${id}/like`, { cookie: actor.cookie }),
      rows: (id, actorId) =>
        sql`select count(*)::int as n from post_likes where post_id = ${id} and user_id = ${actorId}`,
      counter: (id) => sql`select likes_count as n from posts where id = ${id}`,
    });
    expect(many).toEqual(once);
    expect(many.rows).toBe(1);
    expect(many.counter).toBe(1);
  });

  it("like and react to a comment once", async () => {
    const makeComment = async () => {
      const post = await createPostAs(server, author.cookie, { content: "a post" });
      const form = new FormData();
      form.set("content", "a comment");
      const comment = await call<{ id: string }>(server, "POST", `/api/posts/${post.id}/comments`, {
        cookie: author.cookie,
        form,
      });
      return { actor: await createUser(server), target: comment.body.id, owner: author.id };
    };
    const liked = await race({
      make: makeComment,
      act: (actor, id) => call(server, "PUT", `/api/comments/${id}/like`, { cookie: actor.cookie }),
      rows: (id, actorId) =>
        sql`select count(*)::int as n from post_comment_likes where comment_id = ${id} and user_id = ${actorId}`,
      counter: (id) => sql`select likes_count as n from post_comments where id = ${id}`,
    });
    expect(liked.many).toEqual(liked.once);
    expect(liked.many.counter).toBe(1);

    const reacted = await race({
      make: makeComment,
      act: (actor, id) =>
        call(server, "POST", `/api/comments/${id}/reactions`, {
          cookie: actor.cookie,
          json: { emoji: "🔥" },
        }),
      rows: (id, actorId) =>
        sql`select count(*)::int as n from post_comment_reactions where comment_id = ${id} and user_id = ${actorId}`,
    });
    expect(reacted.many).toEqual(reacted.once);
    expect(reacted.many.rows).toBe(1);
  });

  it("follow a member once", async () => {
    const { once, many } = await race({
      make: async () => {
        const followed = await createUser(server);
        return { actor: await createUser(server), target: followed.username, owner: followed.id };
      },
      act: (actor, username) =>
        call(server, "PUT", `/api/users/${username}/follow`, { cookie: actor.cookie }),
      rows: (username, actorId) =>
        sql`select count(*)::int as n from follows f join profiles p on p.id = f.followed_id
            where p.username = ${username} and f.follower_id = ${actorId}`,
      counter: (username) => sql`select followers_count as n from profiles where username = ${username}`,
    });
    expect(many).toEqual(once);
    expect(many.counter).toBe(1);
  });

  it("join a community once", async () => {
    const { once, many } = await race({
      make: async () => ({
        actor: await createUser(server),
        target: (await seedCommunity(server)).id,
        owner: admin.id,
      }),
      act: (actor, id) =>
        call(server, "POST", `/api/communities/${id}/join`, {
          cookie: actor.cookie,
          json: { acceptRules: true },
        }),
      rows: (id, actorId) =>
        sql`select count(*)::int as n from community_members where community_id = ${id} and user_id = ${actorId}`,
      counter: (id) => sql`select member_count as n from communities where id = ${id}`,
    });
    expect(many).toEqual(once);
    expect(many.rows).toBe(1);
  });

  it("vote on a KOL once", async () => {
    const { once, many } = await race({
      make: async () => ({
        actor: await createUser(server),
        target: (await addKol(server, admin.cookie, { handle: randomHandle("race") })).handle,
        owner: admin.id,
      }),
      act: (actor, handle) =>
        call(server, "POST", `/api/kols/${handle}/votes`, {
          cookie: actor.cookie,
          json: { verdict: "plug" },
        }),
      rows: (handle, actorId) =>
        sql`select count(*)::int as n from kol_votes v join kols k on k.id = v.kol_id
            where k.handle = ${handle} and v.user_id = ${actorId}`,
      counter: (handle) => sql`select plug_votes as n from kols where handle = ${handle}`,
    });
    expect(many).toEqual(once);
    expect(many.counter).toBe(1);
  });

  it("pay a report's points once", async () => {
    const { once, many } = await race({
      make: async () => ({
        actor: await createUser(server),
        target: (await addKol(server, admin.cookie, { handle: randomHandle("rep") })).handle,
        owner: admin.id,
      }),
      act: async (actor, handle) => {
        try {
          await fileReport(server, actor.cookie, { kolHandle: handle });
          return { status: 201 };
        } catch (err) {
          const status = Number(/failed: (\d+)/.exec(String(err))?.[1] ?? 500);
          return { status };
        }
      },
      rows: () => sql`select 0 as n`,
    });
    expect(many.points).toEqual(once.points);
  });

  it("airdrop once per idempotency key", async () => {
    const keys = new Map<string, string>();
    const { once, many } = await race({
      make: async () => {
        const member = await createUser(server);
        keys.set(member.username, randomUUID());
        return { actor: admin, target: member.username, owner: admin.id };
      },
      act: (actor, username) =>
        call(server, "POST", "/api/admin/airdrops", {
          cookie: actor.cookie,
          headers: { "idempotency-key": keys.get(username) ?? "" },
          json: { username, points: 25, reason: "thanks for the report" },
        }),
      rows: (username) =>
        sql`select count(*)::int as n from points_transactions t join profiles p on p.id = t.user_id
            where p.username = ${username}`,
      counter: (username) => sql`select points as n from profiles where username = ${username}`,
    });
    expect(many.rows).toBe(once.rows);
    expect(many.counter).toBe(once.counter);
  });
});
