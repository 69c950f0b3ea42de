import type { TNotification, TReactionState, TVoteState } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import type { TLogger } from "../../logger.ts";
import { openEventStream } from "../../testing/event-stream.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { commentAs } from "../comments/testing.ts";
import { addKol, fileReport, randomHandle } from "../kols/testing.ts";
import { call, createPostAs } from "../posts/testing.ts";
import { awardPoints, awardPointsSafely } from "./award-points.ts";
import { balanceOf, driftedProfiles } from "./testing.ts";

/**
 * The actions that earn points, through their real routes: what each pays, once, and to whom; then how the earner
 * is told (a 'points' or 'airdrop' notification, live on their event stream).
 */

let server: TTestServer;
let admin: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
});
afterAll(() => server?.close());

/** Runs `act` and answers how many points and ledger rows it added for the user. */
async function earned(userId: string, act: () => Promise<unknown>) {
  const before = await balanceOf(server, userId);
  await act();
  const after = await balanceOf(server, userId);
  expect(after.points).toBe(after.ledger);
  return { points: after.points - before.points, rows: after.rows - before.rows };
}

const vote = (handle: string, verdict: string, cookie: string) =>
  call<TVoteState>(server, "POST", `/api/kols/${handle}/votes`, { cookie, json: { verdict } });

describe("points for what members do", () => {
  it("pays 'voting' once per KOL: voting twice, changing or withdrawing and voting again pays nothing more", async () => {
    const user = await createUser(server);
    const kol = await addKol(server, admin.cookie);
    const other = await addKol(server, admin.cookie);
    expect(await earned(user.id, () => vote(kol.handle, "plug", user.cookie))).toEqual({
      points: 10,
      rows: 1,
    });
    expect(
      await earned(user.id, async () => {
        expect((await vote(kol.handle, "plug", user.cookie)).status).toBe(200);
        expect((await vote(kol.handle, "rug", user.cookie)).status).toBe(200);
        expect(
          (await call(server, "DELETE", `/api/kols/${kol.handle}/votes`, { cookie: user.cookie })).status,
        ).toBe(200);
        expect((await vote(kol.handle, "plug", user.cookie)).body.myVote).toBe("plug");
      }),
    ).toEqual({ points: 0, rows: 0 });
    // Another KOL is another award, and another voter on the same KOL earns their own.
    expect(await earned(user.id, () => vote(other.handle, "rug", user.cookie))).toEqual({
      points: 10,
      rows: 1,
    });
    const second = await createUser(server);
    expect(await earned(second.id, () => vote(kol.handle, "rug", second.cookie))).toEqual({
      points: 10,
      rows: 1,
    });
  });

  it("pays 'report_submission' for the reporter's first report of a handle only", async () => {
    const user = await createUser(server);
    const handle = randomHandle("rep");
    expect(await earned(user.id, () => fileReport(server, user.cookie, { kolHandle: handle }))).toEqual({
      points: 50,
      rows: 1,
    });
    expect(await earned(user.id, () => fileReport(server, user.cookie, { kolHandle: handle }))).toEqual({
      points: 0,
      rows: 0,
    });
    const someoneElse = await createUser(server);
    expect(
      await earned(someoneElse.id, () => fileReport(server, someoneElse.cookie, { kolHandle: handle })),
    ).toEqual({ points: 50, rows: 1 });
  });

  it("pays 'emoji_reaction' once per comment, whatever the emoji, and nothing for reacting to your own", async () => {
    const [author, fan] = await Promise.all([createUser(server), createUser(server)]);
    const postId = (await createPostAs(server, author.cookie, { content: "earn by reacting" })).id;
    const comment = await commentAs(server, author.cookie, postId, { content: "react to me" });
    const other = await commentAs(server, author.cookie, postId, { content: "and to me" });
    const react = (cookie: string, emoji: string, commentId = comment.id) =>
      call<TReactionState>(server, "POST", `/api/comments/${commentId}/reactions`, {
        cookie,
        json: { emoji },
      });
    expect(await earned(fan.id, () => react(fan.cookie, "❤️"))).toEqual({ points: 2, rows: 1 });
    // A second emoji on the same comment is another reaction, not another item: it pays nothing.
    expect(
      await earned(fan.id, async () => expect((await react(fan.cookie, "👍")).status).toBe(200)),
    ).toEqual({ points: 0, rows: 0 });
    // A duplicate is refused (409) and pays nothing; the author's own reaction pays nothing to anyone.
    expect(await earned(fan.id, async () => expect((await react(fan.cookie, "❤️")).status).toBe(409))).toEqual(
      {
        points: 0,
        rows: 0,
      },
    );
    expect(
      await earned(author.id, async () => expect((await react(author.cookie, "❤️")).status).toBe(200)),
    ).toEqual({ points: 0, rows: 0 });
    // Another comment is another item.
    expect(await earned(fan.id, () => react(fan.cookie, "🔥", other.id))).toEqual({ points: 2, rows: 1 });
  });

  it("pays 'comment_vote' for the first like of someone else's comment, not for liking your own or re-liking", async () => {
    const [author, fan] = await Promise.all([createUser(server), createUser(server)]);
    const postId = (await createPostAs(server, author.cookie, { content: "earn by liking" })).id;
    const comment = await commentAs(server, author.cookie, postId, { content: "like me" });
    const like = (cookie: string) => call(server, "PUT", `/api/comments/${comment.id}/like`, { cookie });
    const unlike = (cookie: string) => call(server, "DELETE", `/api/comments/${comment.id}/like`, { cookie });
    expect(await earned(fan.id, async () => expect((await like(fan.cookie)).status).toBe(200))).toEqual({
      points: 2,
      rows: 1,
    });
    expect(
      await earned(fan.id, async () => {
        await like(fan.cookie);
        await unlike(fan.cookie);
        await like(fan.cookie);
      }),
    ).toEqual({ points: 0, rows: 0 });
    expect(await earned(author.id, async () => expect((await like(author.cookie)).status).toBe(200))).toEqual(
      {
        points: 0,
        rows: 0,
      },
    );
  });
  it("pays an undone and redone action once: five cycles of un-react and react, unlike and like, withdraw and vote", async () => {
    const [author, fan] = await Promise.all([createUser(server), createUser(server)]);
    const postId = (await createPostAs(server, author.cookie, { content: "undo and redo" })).id;
    const comment = await commentAs(server, author.cookie, postId, { content: "cycle on me" });
    const kol = await addKol(server, admin.cookie);
    const emojis = ["❤️", "👍", "🔥", "🚀", "💯"];
    const ok = async (res: Promise<{ status: number }>) => expect((await res).status).toBe(200);
    const reactions = `/api/comments/${comment.id}/reactions`;
    const like = `/api/comments/${comment.id}/like`;
    const cycles = await earned(fan.id, async () => {
      for (let i = 0; i < 5; i++) {
        // The same emoji on even rounds, another one on odd rounds: neither pays after the first.
        const emoji = emojis[i % 2 === 0 ? 0 : i] as string;
        await ok(call(server, "POST", reactions, { cookie: fan.cookie, json: { emoji } }));
        await ok(call(server, "PUT", like, { cookie: fan.cookie }));
        await ok(vote(kol.handle, i % 2 === 0 ? "plug" : "rug", fan.cookie));
        await ok(call(server, "DELETE", `${reactions}/${encodeURIComponent(emoji)}`, { cookie: fan.cookie }));
        await ok(call(server, "DELETE", like, { cookie: fan.cookie }));
        await ok(call(server, "DELETE", `/api/kols/${kol.handle}/votes`, { cookie: fan.cookie }));
      }
    });
    // One emoji_reaction (2), one comment_vote (2), one voting (10); the undos took nothing back.
    expect(cycles).toEqual({ points: 14, rows: 3 });
    const rows = await queryRows<{ name: string; reference: string }>(
      server.deps.db,
      sql`select a.name, t.reference_type || ':' || t.reference_id as reference
          from points_transactions t join points_activities a on a.id = t.activity_id
          where t.user_id = ${fan.id} and a.name <> 'account_creation' order by a.name`,
    );
    expect(rows).toEqual([
      { name: "comment_vote", reference: `comment:${comment.id}` },
      { name: "emoji_reaction", reference: `comment:${comment.id}` },
      { name: "voting", reference: `kol:${kol.id}` },
    ]);
  });
});

type TRow = { kind: string; amount: number | null; actor_id: string | null; source_key: string };

/** The points and airdrop notifications a user has, oldest first. */
async function pointsNotifications(userId: string): Promise<TRow[]> {
  return queryRows<TRow>(
    server.deps.db,
    sql`select kind, amount, actor_id, source_key from notifications
        where user_id = ${userId} and kind in ('points', 'airdrop') order by created_at, id`,
  );
}

async function ledgerIds(userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    server.deps.db,
    sql`select id from points_transactions where user_id = ${userId} order by created_at, id`,
  );
  return rows.map((r) => r.id);
}

describe("points and airdrop notifications", () => {
  it("tells nobody about the sign-up bonus", async () => {
    const user = await createUser(server);
    expect(await balanceOf(server, user.id)).toMatchObject({ points: 100, rows: 1 });
    expect(await pointsNotifications(user.id)).toEqual([]);
  });

  it("tells a reactor once about the points a reaction earned, live; nothing for reacting to your own comment", async () => {
    const [author, reactor] = await Promise.all([createUser(server), createUser(server)]);
    const postId = (await createPostAs(server, author.cookie, { content: "react here" })).id;
    const comment = await commentAs(server, author.cookie, postId, { content: "a comment" });
    const stream = await openEventStream(server, reactor.cookie);
    try {
      await stream.next("ready");
      const res = await call(server, "POST", `/api/comments/${comment.id}/reactions`, {
        cookie: reactor.cookie,
        json: { emoji: "👍" },
      });
      expect(res.status).toBe(200);
      const event = JSON.parse((await stream.next("notification")).data) as TNotification;
      const [, reactionAward] = await ledgerIds(reactor.id);
      expect(event).toMatchObject({ kind: "points", actor: null, amount: 2, readAt: null });
      expect(await pointsNotifications(reactor.id)).toEqual([
        { kind: "points", amount: 2, actor_id: null, source_key: reactionAward },
      ]);

      const own = await call(server, "POST", `/api/comments/${comment.id}/reactions`, {
        cookie: author.cookie,
        json: { emoji: "👍" },
      });
      expect(own.status).toBe(200);
      expect(await pointsNotifications(author.id)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it("sends one notification per award: a repeat of a paid award sends none", async () => {
    const user = await createUser(server);
    const input = { userId: user.id, activity: "voting" as const, referenceType: "kol", referenceId: "k1" };
    const awards = await Promise.all(Array.from({ length: 10 }, () => awardPoints(server.deps.db, input)));
    const paid = awards.filter((a) => a !== null);
    expect(paid).toHaveLength(1);
    expect(await pointsNotifications(user.id)).toEqual([
      { kind: "points", amount: 10, actor_id: null, source_key: paid[0]?.id },
    ]);
  });

  it("tells each airdrop recipient once, from the admin, live; a bulk airdrop tells every recipient", async () => {
    const [one, two, three] = await Promise.all([createUser(server), createUser(server), createUser(server)]);
    const stream = await openEventStream(server, one.cookie);
    try {
      await stream.next("ready");
      const single = await call(server, "POST", "/api/admin/airdrops", {
        cookie: admin.cookie,
        json: { username: one.username, points: 250, reason: "Bug bounty" },
      });
      expect(single.status).toBe(201);
      const event = JSON.parse((await stream.next("notification")).data) as TNotification;
      expect(event).toMatchObject({ kind: "airdrop", amount: 250, actor: { username: admin.username } });
    } finally {
      stream.close();
    }
    const bulk = await call(server, "POST", "/api/admin/airdrops", {
      cookie: admin.cookie,
      json: { usernames: [two.username, three.username], points: 40, reason: "Launch party" },
    });
    expect(bulk.status).toBe(201);
    for (const [user, amount] of [
      [one, 250],
      [two, 40],
      [three, 40],
    ] as const) {
      const [, airdropAward] = await ledgerIds(user.id);
      expect(await pointsNotifications(user.id)).toEqual([
        { kind: "airdrop", amount, actor_id: admin.id, source_key: airdropAward },
      ]);
    }
  });

  it("an airdrop an admin sends to themselves pays them and tells no one", async () => {
    const res = await call(server, "POST", "/api/admin/airdrops", {
      cookie: admin.cookie,
      json: { username: admin.username, points: 7, reason: "Self test" },
    });
    expect(res.status).toBe(201);
    expect(await balanceOf(server, admin.id)).toMatchObject({ points: 107, rows: 2 });
    expect(await pointsNotifications(admin.id)).toEqual([]);
  });

  it("a notification that cannot be written is logged and leaves the award and the caller's transaction", async () => {
    const user = await createUser(server);
    const error = vi.fn();
    const deps = { db: server.deps.db, logger: { error } as unknown as TLogger };
    // A constraint new rows cannot meet makes the notification's insert fail.
    await server.deps.db.execute(
      sql`alter table notifications add constraint test_no_points check (kind <> 'points') not valid`,
    );
    try {
      const result = await server.deps.db.transaction(async (tx) => {
        const paid = await awardPointsSafely(
          deps,
          { userId: user.id, activity: "voting", referenceType: "kol", referenceId: "k2" },
          tx,
        );
        const [row] = await queryRows<{ one: number }>(tx, sql`select 1 as one`);
        return { paid, one: row?.one };
      });
      expect(result.paid?.points).toBe(10);
      expect(result.one).toBe(1);
    } finally {
      await server.deps.db.execute(sql`alter table notifications drop constraint test_no_points`);
    }
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[1]).toBe("points notification failed");
    expect(await balanceOf(server, user.id)).toEqual({ points: 110, ledger: 110, rows: 2 });
    expect(await pointsNotifications(user.id)).toEqual([]);
  });
});

describe("the ledger", () => {
  it("leaves every profile's points equal to its ledger's sum after all of the above", async () => {
    expect(await driftedProfiles(server)).toEqual([]);
  });
});
