import { M, type TLeaderboardPage } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, makeAdmin } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { awardPoints } from "../points/award-points.ts";
import { driftedPeriods } from "../points/testing.ts";
import { call, seedSignedInUsers } from "../posts/testing.ts";

type TBoard = TLeaderboardPage;

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  // Whatever the tests paid, back-dated, took away, renamed or banned, the rollups the boards read still hold.
  expect(await driftedPeriods(server)).toEqual([]);
  expect(await rankedCount()).toEqual({ kept: expect.any(Number), counted: expect.any(Number), same: true });
  await server?.close();
});

/** Pays `points` to a user as an airdrop dated `at` (an SQL timestamp expression). */
async function paid(userId: string, points: number, at = sql`now()`) {
  const award = await awardPoints(server.deps.db, {
    userId,
    activity: "admin_airdrop",
    referenceType: "test",
    referenceId: crypto.randomUUID(),
    amount: points,
  });
  if (!award) throw new Error("not paid");
  await server.deps.db.execute(sql`update points_transactions set created_at = ${at} where id = ${award.id}`);
}

/** site_counts' kept 'ranked' total beside a count of the members it stands for. */
async function rankedCount() {
  const [row] = await queryRows<{ kept: number; counted: number }>(
    server.deps.db,
    sql`select (select coalesce(sum(n), 0)::int from site_counts where total = 'ranked') as kept,
               (select count(*)::int from profiles where points > 0 and not is_banned) as counted`,
  );
  return { kept: row?.kept, counted: row?.counted, same: row?.kept === row?.counted };
}

function board(query: string, cookie?: string) {
  return call<TBoard>(server, "GET", `/api/leaderboard${query}`, { cookie });
}

async function rename(userId: string, username: string) {
  await server.deps.db.execute(sql`update profiles set username = ${username} where id = ${userId}`);
}

describe("GET /api/leaderboard", () => {
  it("refuses a bad window or cursor with the exact message", async () => {
    // A cursor of another keyset list (a time and an id, no points) is no leaderboard page either.
    const otherList = Buffer.from(
      JSON.stringify({ k: "2026-01-01T00:00:00.000000Z", i: crypto.randomUUID(), p: 2, d: "next" }),
    ).toString("base64url");
    for (const [query, message] of [
      ["?window=year", M.points.invalidWindow],
      ["?cursor=two", M.points.leaderboardCursorInvalid],
      [`?cursor=${otherList}`, M.points.leaderboardCursorInvalid],
      [`?cursor=${"x".repeat(601)}`, M.points.leaderboardCursorInvalid],
    ] as const) {
      const res = await call<{ error: { message: string; fields: Record<string, string> } }>(
        server,
        "GET",
        `/api/leaderboard${query}`,
      );
      expect(res.status, query).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
  });

  it("ranks by points in each window, breaks ties by username, and shows the viewer's place", async () => {
    const [a, b, c, d, banned, idle] = await seedSignedInUsers(server, 6);
    if (!a || !b || !c || !d || !banned || !idle) throw new Error("no users");
    const tag = a.id.slice(0, 6);
    await rename(a.id, `amber_${tag}`);
    await rename(b.id, `Birch_${tag}`);
    await rename(c.id, `cedar_${tag}`);
    await rename(d.id, `dune_${tag}`);
    await rename(banned.id, `aaa_banned_${tag}`);
    const [bounds] = await queryRows<{ week: string; month: string }>(
      server.deps.db,
      sql`select (date_trunc('week', now() at time zone 'UTC') at time zone 'UTC')::text as week,
                 (date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')::text as month`,
    );
    if (!bounds) throw new Error("no bounds");
    const beforeWeek = sql`${bounds.week}::timestamptz - interval '1 second'`;
    const longAgo = sql`now() - interval '400 days'`;
    // amber: 30 now + 1000 long ago. Birch: 30 now (ties with amber this week; B after a by username).
    // cedar: 50 just before this week began. dune: 10 now. banned: 999 now, but banned.
    await paid(a.id, 30);
    await paid(a.id, 1000, longAgo);
    await paid(b.id, 30);
    await paid(c.id, 50, beforeWeek);
    await paid(d.id, 10);
    await paid(banned.id, 999);
    await server.deps.db.execute(sql`update profiles set is_banned = true where id = ${banned.id}`);
    await server.deps.db.execute(sql`update profiles set display_name = 'Amber Tree' where id = ${a.id}`);

    const names = (res: { body: TBoard }) => res.body.items.map((i) => `${i.rank}:${i.username}:${i.points}`);

    const week = await board("?window=week", d.cookie);
    expect(week.status).toBe(200);
    expect(names(week)).toEqual([`1:amber_${tag}:30`, `2:Birch_${tag}:30`, `3:dune_${tag}:10`]);
    expect(week.body).toMatchObject({
      total: 3,
      page: 1,
      pageCount: 1,
      window: "week",
      me: { rank: 3, rankCapped: false, points: 10 },
    });

    // cedar's points landed just before the week began: in this month too unless the month began later.
    const cedarInMonth = Date.parse(bounds.week) - 1000 >= Date.parse(bounds.month);
    const month = await board("?window=month", c.cookie);
    expect(names(month)).toEqual(
      cedarInMonth
        ? [`1:cedar_${tag}:50`, `2:amber_${tag}:30`, `3:Birch_${tag}:30`, `4:dune_${tag}:10`]
        : [`1:amber_${tag}:30`, `2:Birch_${tag}:30`, `3:dune_${tag}:10`],
    );
    expect(month.body.me).toEqual(
      cedarInMonth
        ? { rank: 1, rankCapped: false, points: 50 }
        : { rank: null, rankCapped: false, points: 0 },
    );

    const all = await board("?window=all", b.cookie);
    expect(names(all)).toEqual([
      `1:amber_${tag}:1030`,
      `2:cedar_${tag}:50`,
      `3:Birch_${tag}:30`,
      `4:dune_${tag}:10`,
    ]);
    expect(all.body.me).toEqual({ rank: 3, rankCapped: false, points: 30 });
    // Display names come with each row (null when not set), on every board.
    expect(all.body.items.slice(0, 2).map((i) => i.displayName)).toEqual(["Amber Tree", null]);
    expect(week.body.items[0]?.displayName).toBe("Amber Tree");

    const idleView = await board("?window=all", idle.cookie);
    expect(idleView.body.me).toEqual({ rank: null, rankCapped: false, points: 0 });
    const visitor = await board("?window=week");
    expect(visitor.body.me).toBeNull();
    expect((await board("")).body.window).toBe("week");
  });

  it("pages 20 at a time by cursor, forward and back, without repeating or skipping anyone, ties included", async () => {
    const people = await seedSignedInUsers(server, 45);
    for (const [i, p] of people.entries()) await paid(p.id, 5 + (i % 3));
    for (const window of ["all", "week"]) {
      const first = await board(`?window=${window}`);
      const total = first.body.total;
      expect(total).toBeGreaterThanOrEqual(45);
      expect(first.body.pageCount).toBe(Math.ceil(total / 20));
      expect(first.body.previousCursor).toBeNull();
      const pages: TBoard[] = [first.body];
      for (let last = first.body; last.nextCursor; ) {
        last = (await board(`?window=${window}&cursor=${last.nextCursor}`)).body;
        expect(last.page).toBe(pages.length + 1);
        expect(last.pageCount).toBe(first.body.pageCount);
        pages.push(last);
      }
      expect(pages).toHaveLength(first.body.pageCount);
      const all = pages.flatMap((p) => p.items);
      expect(all).toHaveLength(total);
      expect(all.map((i) => i.rank)).toEqual(all.map((_, i) => i + 1));
      expect(new Set(all.map((i) => i.username)).size).toBe(total);
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1], all[i]];
        // Points, most first; ties by username, case-insensitive.
        expect(
          (a?.points ?? 0) > (b?.points ?? 0) ||
            (a?.points === b?.points &&
              (a?.username.toLowerCase() ?? "") < (b?.username.toLowerCase() ?? "")),
        ).toBe(true);
      }
      // Back from the last page, each page is the one read going forward, down to page 1 (read without a cursor).
      for (let at = pages.length - 1; at > 0; at--) {
        const cursor = pages[at]?.previousCursor;
        if (at === 1) {
          expect(cursor).toBeNull();
          break;
        }
        const back = await board(`?window=${window}&cursor=${cursor}`);
        expect(back.body.items, `${window} page ${at}`).toEqual(pages[at - 1]?.items);
        expect(back.body.page).toBe(at);
      }
      // The viewer's place matches where they appear in the list.
      const someone = people[7];
      const res = await board(`?window=${window}`, someone?.cookie);
      const found = all.find((i) => i.rank === res.body.me?.rank);
      expect(found?.points).toBe(res.body.me?.points);
    }
    // The all-time board's count is the kept total, less the admins on it.
    const admins = await queryRows<{ n: number }>(
      server.deps.db,
      sql`select count(*)::int as n from user_roles ur join profiles p on p.id = ur.user_id
          where ur.role = 'admin' and p.points > 0 and not p.is_banned`,
    );
    const counted = await rankedCount();
    expect(counted.same).toBe(true);
    expect((await board("?window=all")).body.total).toBe((counted.counted ?? 0) - (admins[0]?.n ?? 0));
  });

  it("keeps the all-time board's count as members come onto it and leave it", async () => {
    const total = async () => (await board("?window=all")).body.total;
    const start = await total();
    const [a, b, c] = await seedSignedInUsers(server, 3);
    if (!a || !b || !c) throw new Error("no users");
    await paid(a.id, 10);
    await paid(b.id, 10);
    await paid(b.id, 5); // already on the board: no change
    expect(await total()).toBe(start + 2);
    await server.deps.db.execute(sql`update profiles set is_banned = true where id = ${a.id}`);
    expect(await total()).toBe(start + 1);
    await server.deps.db.execute(sql`update profiles set is_banned = false where id = ${a.id}`);
    expect(await total()).toBe(start + 2);
    // Back to nothing (the running sum as a deduction would leave it).
    await server.deps.db.execute(sql`update profiles set points = 0 where id = ${b.id}`);
    expect(await total()).toBe(start + 1);
    await server.deps.db.execute(sql`delete from profiles where id = ${a.id}`);
    expect(await total()).toBe(start);
    expect((await rankedCount()).same).toBe(true);
  });

  it("keeps the week and month rollups equal to the ledger however awards are written", async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    const admin = await createUser(server);
    await makeAdmin(server, admin.id);
    const mine = async (window: string, cookie: string) =>
      (await board(`?window=${window}`, cookie)).body.me?.points ?? 0;
    const [aWeek, bWeek, aMonth] = [
      await mine("week", a.cookie),
      await mine("week", b.cookie),
      await mine("month", a.cookie),
    ];
    // A bulk airdrop through the API: one statement, several users.
    const airdrop = await call(server, "POST", "/api/admin/airdrops", {
      cookie: admin.cookie,
      json: { usernames: [a.username, b.username], points: 7, reason: "Rollup check" },
    });
    expect(airdrop.status).toBe(201);
    // A multi-row insert over several users and days (0, 10, ..., 40 points, that many days ago).
    await server.deps.db.execute(sql`insert into points_transactions
        (user_id, points, description, activity_id, idempotency_key, created_at)
      select u, n, 'Bulk', (select id from points_activities where name = 'admin_airdrop'), 'bulk:' || u || n,
        now() - n * interval '1 day'
      from unnest(array[${a.id}, ${b.id}]::uuid[]) u, generate_series(0, 40, 10) n`);
    expect(await driftedPeriods(server)).toEqual([]);
    // This week: the airdrop's 7 (the bulk rows are 0 points today and 10 days or more ago).
    expect(await mine("week", a.cookie)).toBe(aWeek + 7);
    expect(await mine("week", b.cookie)).toBe(bWeek + 7);
    // This month: the bulk rows that fall in it too (10 days ago or more, but not before the 1st).
    const [inMonth] = await queryRows<{ points: number }>(
      server.deps.db,
      sql`select coalesce(sum(n), 0)::int as points from generate_series(10, 40, 10) n
        where now() - n * interval '1 day' >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`,
    );
    expect(await mine("month", a.cookie)).toBe(aMonth + 7 + (inMonth?.points ?? 0));

    // Back-dating moves points between periods; deleting an award takes them away.
    await server.deps.db.execute(sql`update points_transactions set created_at = created_at - interval '3 days'
      where user_id = ${a.id}`);
    await server.deps.db.execute(
      sql`delete from points_transactions where user_id = ${b.id} and points = 10`,
    );
    expect(await driftedPeriods(server)).toEqual([]);
    // A deleted profile takes its periods, and its places on each board's count, with it.
    const weekTotal = (await board("?window=week")).body.total;
    await server.deps.db.execute(sql`delete from profiles where id = ${b.id}`);
    expect((await board("?window=week")).body.total).toBe(weekTotal - 1);
    expect(await driftedPeriods(server)).toEqual([]);
  });

  it("leaves off a week that nets to nothing, and follows a rename or a ban made after the points", async () => {
    const [a, b, c] = await seedSignedInUsers(server, 3);
    if (!a || !b || !c) throw new Error("no users");
    const tag = a.id.slice(0, 6);
    await rename(a.id, `kite_${tag}`);
    await rename(b.id, `lark_${tag}`);
    await rename(c.id, `moss_${tag}`);
    // Each 4000 this week, more than anyone else the other tests pay, so they head the board.
    for (const p of [a, b, c]) await paid(p.id, 4000);
    const top = async (cookie?: string) => {
      const res = await board("?window=week", cookie);
      return {
        names: res.body.items.map((i) => i.username).filter((u) => u.endsWith(tag)),
        total: res.body.total,
        me: res.body.me,
      };
    };
    const before = await top(c.cookie);
    expect(before.names).toEqual([`kite_${tag}`, `lark_${tag}`, `moss_${tag}`]);
    expect(before.me).toEqual({ rank: 3, rankCapped: false, points: 4000 });

    // A deduction that brings c's week to 0 takes c off the board, as no points would.
    await server.deps.db.execute(sql`insert into points_transactions
        (user_id, points, description, activity_id, idempotency_key, created_at)
      values (${c.id}, -4000, 'Deduction', (select id from points_activities where name = 'admin_airdrop'),
        ${`deduct:${c.id}`}, now())`);
    const netZero = await top(c.cookie);
    expect(netZero.names).toEqual([`kite_${tag}`, `lark_${tag}`]);
    expect(netZero.total).toBe(before.total - 1);
    expect(netZero.me).toEqual({ rank: null, rankCapped: false, points: 0 });

    // Renamed after the points, kite now sorts after lark; banned, lark leaves; unbanned, lark is back.
    await rename(a.id, `zinc_${tag}`);
    expect((await top(a.cookie)).names).toEqual([`lark_${tag}`, `zinc_${tag}`]);
    expect((await top(a.cookie)).me).toEqual({ rank: 2, rankCapped: false, points: 4000 });
    await server.deps.db.execute(sql`update profiles set is_banned = true where id = ${b.id}`);
    const banned = await top(a.cookie);
    expect(banned.names).toEqual([`zinc_${tag}`]);
    expect(banned.me).toEqual({ rank: 1, rankCapped: false, points: 4000 });
    await server.deps.db.execute(sql`update profiles set is_banned = false where id = ${b.id}`);
    expect((await top()).names).toEqual([`lark_${tag}`, `zinc_${tag}`]);
    expect(await driftedPeriods(server)).toEqual([]);
  });

  it("leaves staff off every board, its count and the places behind them; they see their points unranked", async () => {
    const staff = await createUser(server);
    const member = await createUser(server);
    // Far ahead of anyone the other tests paid, this week (so in every window), and the member behind them.
    await paid(staff.id, 900_000);
    await paid(member.id, 800_000);
    const look = async (window: string) => {
      const [asStaff, asMember] = [
        await board(`?window=${window}`, staff.cookie),
        await board(`?window=${window}`, member.cookie),
      ];
      return {
        first: asStaff.body.items[0]?.username,
        total: asStaff.body.total,
        staff: asStaff.body.me,
        member: asMember.body.me,
      };
    };
    const home = async () =>
      (await call<{ leaders: { username: string }[] }>(server, "GET", "/api/home")).body.leaders.map(
        (l) => l.username,
      );
    const before = { week: await look("week"), month: await look("month"), all: await look("all") };
    for (const window of ["week", "month", "all"] as const) {
      expect(before[window], window).toMatchObject({
        first: staff.username,
        staff: { rank: 1 },
        member: { rank: 2 },
      });
    }
    expect((await home())[0]).toBe(staff.username);

    await makeAdmin(server, staff.id);
    for (const window of ["week", "month", "all"] as const) {
      const after = await look(window);
      expect(after.first, window).toBe(member.username);
      expect(after.total, window).toBe(before[window].total - 1);
      expect(after.member, window).toEqual({
        rank: 1,
        rankCapped: false,
        points: before[window].member?.points,
      });
      expect(after.staff, window).toEqual({
        rank: null,
        rankCapped: false,
        points: before[window].staff?.points,
      });
    }
    expect(await home()).not.toContain(staff.username);
    expect((await home())[0]).toBe(member.username);
  });

  it("serves each window from an index, the week and month boards in their order", async () => {
    // One transaction, so the setting and the plans share a connection on a pooled server.
    const plans = await server.deps.db.transaction(async (tx) => {
      const plan = async (query: ReturnType<typeof sql>) =>
        (await queryRows<Record<string, string>>(tx, sql`explain ${query}`))
          .map((r) => Object.values(r)[0])
          .join("\n");
      await tx.execute(sql`set local enable_seqscan = off`);
      const onWeek = sql`period = 'week' and starts_on = date_trunc('week', now() at time zone 'UTC')::date
        and points > 0 and not is_banned`;
      return {
        // A page from a cursor (points 5, then a name and an id), forward and back.
        page: await plan(sql`select user_id from points_periods where ${onWeek}
          and points <= 5 and (points < 5 or (username_key, user_id) > ('m', ${crypto.randomUUID()}::uuid))
          order by points desc, username_key, user_id limit 21`),
        back: await plan(sql`select user_id from points_periods where ${onWeek}
          and points >= 5 and (points > 5 or (username_key, user_id) < ('m', ${crypto.randomUUID()}::uuid))
          order by points, username_key desc, user_id desc limit 21`),
        count: await plan(sql`select count(*) from points_periods where ${onWeek}`),
        all: await plan(sql`select id from profiles p where p.points > 0 and not p.is_banned
          and p.points <= 5 and (p.points < 5 or (lower(p.username), p.id) > ('m', ${crypto.randomUUID()}::uuid))
          order by p.points desc, lower(p.username), p.id limit 21`),
      };
    });
    // The page is read in the index's order: nothing summed, nothing sorted.
    for (const page of [plans.page, plans.back]) {
      expect(page).toMatch(/points_periods_board_idx/);
      expect(page).not.toMatch(/Sort|Aggregate/);
    }
    expect(plans.count).toMatch(/points_periods_board_idx/);
    expect(plans.all).toMatch(/profiles_leaderboard_idx/);
    expect(plans.all).not.toMatch(/Sort/);
  });
});
