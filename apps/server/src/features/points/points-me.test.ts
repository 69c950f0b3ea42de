import { M } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, makeAdmin } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, seedSignedInUsers } from "../posts/testing.ts";
import { awardPoints } from "./award-points.ts";
import { driftedProfiles, setActivity } from "./testing.ts";

type TLedger = {
  balance: number;
  items: {
    id: string;
    points: number;
    description: string;
    activity: string;
    activityLabel: string;
    createdAt: string;
  }[];
  nextCursor: string | null;
};
type TError = { error: { code: string; message: string; fields?: Record<string, string> } };

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("GET /api/points/me", () => {
  it("asks visitors to sign in and refuses a bad cursor or limit", async () => {
    const visitor = await call<TError>(server, "GET", "/api/points/me");
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe(M.auth.signInRequired);
    const [user] = await seedSignedInUsers(server, 1);
    for (const query of ["cursor=bm9wZQ", "cursor=%7B%7D", "limit=0", "limit=51", "limit=x"]) {
      const res = await call<TError>(server, "GET", `/api/points/me?${query}`, { cookie: user?.cookie });
      expect(res.status, query).toBe(400);
      expect(res.body.error.message).toBe(
        query.startsWith("cursor") ? M.points.invalidCursor : M.points.invalidPage,
      );
    }
  });

  it("shows the balance and the ledger newest first, in keyset pages, with each activity's label", async () => {
    const user = await createUser(server);
    for (let i = 0; i < 24; i++) {
      await awardPoints(server.deps.db, {
        userId: user.id,
        activity: i % 2 ? "voting" : i === 0 ? "report_submission" : "comment_vote",
        referenceType: "test",
        referenceId: `ref-${i}`,
        description: `Award ${i}`,
      });
    }
    // One moment for several awards (the id breaks the tie, so pages neither repeat nor skip); the sign-up's
    // award a minute earlier, so it is last.
    await server.deps.db.execute(
      sql`update points_transactions
          set created_at = date_trunc('second', created_at)
            - case when reference_type = 'account' then interval '1 minute' else interval '0' end
          where user_id = ${user.id}`,
    );
    const seen: TLedger["items"] = [];
    let cursor: string | null = null;
    let balance = 0;
    do {
      const res: { status: number; body: TLedger } = await call<TLedger>(
        server,
        "GET",
        `/api/points/me?limit=7${cursor ? `&cursor=${cursor}` : ""}`,
        { cookie: user.cookie },
      );
      expect(res.status).toBe(200);
      balance = res.body.balance;
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen.map((i) => i.id)).size).toBe(25);
    expect(balance).toBe(100 + 50 + 11 * 2 + 12 * 10);
    expect(seen.reduce((n, i) => n + i.points, 0)).toBe(balance);
    const times = seen.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(seen.at(-1)).toMatchObject({ activity: "account_creation", activityLabel: "Account Creation" });
    expect(seen.find((i) => i.description === "Award 0")).toMatchObject({
      activity: "report_submission",
      activityLabel: "Report KOL",
      points: 50,
    });
  });

  it("shows another user's ledger to no one: each sees only their own", async () => {
    const [a, b] = await seedSignedInUsers(server, 2);
    if (!a || !b) throw new Error("no users");
    await awardPoints(server.deps.db, {
      userId: a.id,
      activity: "voting",
      referenceType: "t",
      referenceId: "1",
    });
    const mine = await call<TLedger>(server, "GET", "/api/points/me", { cookie: a.cookie });
    const theirs = await call<TLedger>(server, "GET", "/api/points/me", { cookie: b.cookie });
    expect(mine.body.items).toHaveLength(1);
    expect(theirs.body).toEqual({ balance: 0, items: [], nextCursor: null });
  });
});

/** A small seeded generator, so a failing mix can be replayed from the seed in the message. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the ledger", () => {
  it("sums to profiles.points for every user after a random mix of awards, airdrops and switches", async () => {
    const seed = Date.now() % 100000;
    const random = prng(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const admin = await createUser(server);
    await makeAdmin(server, admin.id);
    const first = await createUser(server, { referralCode: admin.username });
    const people: { id: string }[] = [first, await createUser(server, { referralCode: first.username })];
    people.push(...(await seedSignedInUsers(server, 5)));
    const named = await queryRows<{ id: string; username: string }>(
      server.deps.db,
      sql`select id, username from profiles`,
    );
    const usernames = new Map(named.map((r) => [r.id, r.username]));
    const activities = [
      "voting",
      "emoji_reaction",
      "comment_vote",
      "report_submission",
      "account_closure",
    ] as const;
    const actions: Promise<unknown>[] = [];
    let airdrops: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 120; i++) {
      const roll = random();
      const user = pick(people);
      if (roll < 0.7) {
        const owner = pick(people);
        actions.push(
          awardPoints(server.deps.db, {
            userId: user.id,
            activity: pick(activities),
            referenceType: "mix",
            referenceId: `ref-${Math.floor(random() * 15)}`,
            ownerId: owner.id,
            quantity: 1 + Math.floor(random() * 3),
          }),
        );
      } else if (roll < 0.85) {
        const names = [usernames.get(user.id), usernames.get(pick(people).id)];
        if (random() < 0.3) names.push("ghost_nobody");
        const points = 1 + Math.floor(random() * 500);
        // One request at a time (beside the concurrent awards): a burst of connections to a busy test server
        // on a loaded machine gets reset, which says nothing about the ledger.
        airdrops = airdrops.then(() =>
          call(server, "POST", "/api/admin/airdrops", {
            cookie: admin.cookie,
            json: { usernames: names, points, reason: `mix ${i}` },
          }),
        );
      } else if (roll < 0.95) {
        actions.push(setActivity(server, pick(activities), { active: random() < 0.6 }));
      } else {
        actions.push(setActivity(server, pick(activities), { dailyCap: 1 + Math.floor(random() * 5) }));
      }
    }
    await Promise.all([...actions, airdrops]);
    expect(await driftedProfiles(server), `seed ${seed}`).toEqual([]);
    const [sum] = await queryRows<{ n: number }>(
      server.deps.db,
      sql`select count(*)::int as n from points_transactions`,
    );
    expect(sum?.n ?? 0).toBeGreaterThan(people.length);
  });
});
