import { M, type TAirdrop, type TAirdropPage } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";
import { balanceOf, setActivity } from "./testing.ts";

type TError = { error: { code: string; message: string; fields?: Record<string, string> } };

let server: TTestServer;
let admin: TTestUser;
let member: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { username: `Admin_${Date.now().toString(36)}` });
  member = await createUser(server);
  await makeAdmin(server, admin.id);
});
afterAll(() => server?.close());

async function counts() {
  const [row] = await queryRows<{ airdrops: number; ledger: number; points: number }>(
    server.deps.db,
    sql`select (select count(*)::int from points_airdrops) as airdrops,
               (select count(*)::int from points_transactions) as ledger,
               (select coalesce(sum(points), 0)::int from profiles) as points`,
  );
  return row;
}

describe("POST /api/admin/airdrops", () => {
  it("is for admins only: 401 for visitors, 403 for members, and nothing is granted", async () => {
    const before = await counts();
    const body = { username: member.username, points: 100, reason: "Bug bounty" };
    const visitor = await call<TError>(server, "POST", "/api/admin/airdrops", { json: body });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe(M.auth.signInRequired);
    const forbidden = await call<TError>(server, "POST", "/api/admin/airdrops", {
      cookie: member.cookie,
      json: body,
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toEqual({ code: "FORBIDDEN", message: "Admin access required" });
    expect(await counts()).toEqual(before);
  });

  it("refuses bad input with the exact message", async () => {
    const cases: [unknown, string, string][] = [
      [{ username: member.username, points: 0, reason: "x" }, "points", M.points.airdropPointsInvalid],
      [{ username: member.username, points: 1.5, reason: "x" }, "points", M.points.airdropPointsInvalid],
      [
        { username: member.username, points: 1_000_001, reason: "x" },
        "points",
        M.points.airdropPointsInvalid,
      ],
      [{ username: member.username, points: 10, reason: "  " }, "reason", M.points.airdropReasonRequired],
      [{ username: member.username, points: 10 }, "reason", M.points.airdropReasonRequired],
      [
        { username: member.username, points: 10, reason: "r".repeat(501) },
        "reason",
        M.points.airdropReasonTooLong,
      ],
      [{ points: 10, reason: "x" }, "usernames", M.points.usernameRequired],
      [{ usernames: [], points: 10, reason: "x" }, "usernames", M.points.usernameRequired],
      [
        { username: member.username, usernames: [admin.username], points: 10, reason: "x" },
        "usernames",
        M.points.oneOrMany,
      ],
      [
        { usernames: Array.from({ length: 501 }, (_, i) => `u${i}`), points: 10, reason: "x" },
        "usernames",
        M.points.tooManyRecipients,
      ],
    ];
    for (const [json, field, message] of cases) {
      const res = await call<TError>(server, "POST", "/api/admin/airdrops", { cookie: admin.cookie, json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields?.[field]).toBe(message);
    }
    const unknown = await call<TError>(server, "POST", "/api/admin/airdrops", {
      cookie: admin.cookie,
      json: { username: "nobody_at_all", points: 10, reason: "x" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      message: M.auth.userNotFound,
      fields: { username: M.auth.userNotFound },
    });
  });

  it("grants one user the points with a ledger line and an audit row", async () => {
    const before = await balanceOf(server, member.id);
    const res = await call<{ items: TAirdrop[] }>(server, "POST", "/api/admin/airdrops", {
      cookie: admin.cookie,
      json: { username: member.username.toUpperCase(), points: 250, reason: "Won the meme contest" },
    });
    expect(res.status).toBe(201);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        admin: admin.username,
        recipient: member.username,
        points: 250,
        reason: "Won the meme contest",
      }),
    ]);
    expect(await balanceOf(server, member.id)).toEqual({
      points: before.points + 250,
      ledger: before.ledger + 250,
      rows: before.rows + 1,
    });
    const ledger = await call<{
      balance: number;
      items: { description: string; activity: string; points: number }[];
    }>(server, "GET", "/api/points/me", { cookie: member.cookie });
    expect(ledger.body.balance).toBe(before.points + 250);
    expect(ledger.body.items[0]).toMatchObject({
      description: "Airdrop: Won the meme contest",
      activity: "admin_airdrop",
      points: 250,
    });
    const audit = await call<{ items: TAirdrop[]; total: number }>(server, "GET", "/api/admin/airdrops", {
      cookie: admin.cookie,
    });
    expect(audit.status).toBe(200);
    expect(audit.body.items[0]).toEqual(res.body.items[0]);
  });

  it("grants a pasted list all at once, each name once", async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    const res = await call<{ items: TAirdrop[] }>(server, "POST", "/api/admin/airdrops", {
      cookie: admin.cookie,
      json: {
        usernames: [a.username, b.username, a.username.toUpperCase()],
        points: 75,
        reason: "Early testers",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.items.map((i) => i.recipient).sort()).toEqual([a.username, b.username].sort());
    expect(new Set(res.body.items.map((i) => i.batchId)).size).toBe(1);
    for (const user of [a, b]) {
      expect(await balanceOf(server, user.id)).toEqual({ points: 175, ledger: 175, rows: 2 });
    }
  });

  it("changes nothing when one username of a list is unknown", async () => {
    const a = await createUser(server);
    const before = await counts();
    const res = await call<TError>(server, "POST", "/api/admin/airdrops", {
      cookie: admin.cookie,
      json: {
        usernames: [a.username, "ghost_user_1", member.username, "ghost_user_2"],
        points: 10,
        reason: "x",
      },
    });
    expect(res.status).toBe(400);
    const message = M.points.unknownUsernames(["ghost_user_1", "ghost_user_2"]);
    expect(res.body.error).toEqual({ code: "VALIDATION", message, fields: { usernames: message } });
    expect(await counts()).toEqual(before);
  });

  it("refuses while airdrops are switched off, granting nothing", async () => {
    const a = await createUser(server);
    const before = await counts();
    await setActivity(server, "admin_airdrop", { active: false });
    try {
      const res = await call<TError>(server, "POST", "/api/admin/airdrops", {
        cookie: admin.cookie,
        json: { usernames: [a.username, member.username], points: 10, reason: "x" },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(M.points.airdropsOff);
      expect(await counts()).toEqual(before);
    } finally {
      await setActivity(server, "admin_airdrop", { active: true });
    }
  });
});

describe("POST /api/admin/airdrops with an Idempotency-Key", () => {
  const send = async (key: string, json: unknown, cookie = admin.cookie) => {
    const res = await server.fetch("/api/admin/airdrops", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(json),
    });
    return {
      status: res.status,
      replayed: res.headers.get("idempotent-replayed"),
      body: (await res.json()) as { items: TAirdrop[] } & TError,
    };
  };

  it("pays once when the same request is sent again, and answers the repeat with the first rows", async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    const key = crypto.randomUUID();
    const body = { usernames: [a.username, b.username], points: 40, reason: "Retry-safe drop" };
    const first = await send(key, body);
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    expect(first.body.items.every((i) => i.batchId === key)).toBe(true);
    const before = await counts();

    const again = await send(key.toUpperCase(), {
      ...body,
      usernames: [b.username.toUpperCase(), a.username],
    });
    expect(again.status).toBe(201);
    expect(again.replayed).toBe("true");
    expect(again.body.items.map((i) => i.id).sort()).toEqual(first.body.items.map((i) => i.id).sort());
    expect(await counts()).toEqual(before);
    for (const user of [a, b]) {
      expect(await balanceOf(server, user.id)).toEqual({ points: 140, ledger: 140, rows: 2 });
    }
  });

  it("pays once when two attempts with one key run at the same time", async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    const key = crypto.randomUUID();
    const body = { usernames: [a.username, b.username], points: 25, reason: "Double click" };
    const answers = await Promise.all([send(key, body), send(key, body), send(key, body)]);
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(answers.filter((r) => r.replayed === "true")).toHaveLength(2);
    const ids = answers.map((r) =>
      r.body.items
        .map((i) => i.id)
        .sort()
        .join(),
    );
    expect(new Set(ids).size).toBe(1);
    for (const user of [a, b]) {
      expect(await balanceOf(server, user.id)).toEqual({ points: 125, ledger: 125, rows: 2 });
    }
  });

  it("refuses a key used for a different airdrop, or by another admin, and a key that is not a UUID", async () => {
    const a = await createUser(server);
    const otherAdmin = await createUser(server);
    await makeAdmin(server, otherAdmin.id);
    const key = crypto.randomUUID();
    expect((await send(key, { username: a.username, points: 10, reason: "First" })).status).toBe(201);
    const before = await counts();
    for (const other of [
      { username: a.username, points: 11, reason: "First" },
      { username: a.username, points: 10, reason: "Second" },
      { username: member.username, points: 10, reason: "First" },
      { usernames: [a.username, member.username], points: 10, reason: "First" },
    ]) {
      const res = await send(key, other);
      expect(res.status, JSON.stringify(other)).toBe(409);
      expect(res.body.error.message).toBe(M.points.idempotencyKeyReused);
    }
    const stranger = await send(
      key,
      { username: a.username, points: 10, reason: "First" },
      otherAdmin.cookie,
    );
    expect(stranger.status).toBe(409);
    expect(stranger.body.error.message).toBe(M.points.idempotencyKeyReused);

    const bad = await send("not-a-uuid", { username: a.username, points: 10, reason: "First" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M.points.idempotencyKeyInvalid);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(server, a.id)).toEqual({ points: 110, ledger: 110, rows: 2 });
  });
});

describe("GET /api/admin/airdrops", () => {
  it("is for admins only and rejects a cursor it did not make", async () => {
    expect((await call(server, "GET", "/api/admin/airdrops")).status).toBe(401);
    expect((await call(server, "GET", "/api/admin/airdrops", { cookie: member.cookie })).status).toBe(403);
    const bad = await call<TError>(server, "GET", "/api/admin/airdrops?cursor=nope", {
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M.points.airdropsCursorInvalid);
  });

  it("pages the audit list newest first by cursor, forward and back", async () => {
    const target = await createUser(server);
    for (let i = 0; i < 21; i++) {
      const res = await call(server, "POST", "/api/admin/airdrops", {
        cookie: admin.cookie,
        json: { username: target.username, points: i + 1, reason: `Round ${i + 1}` },
      });
      expect(res.status).toBe(201);
    }
    const get = (query = "") =>
      call<TAirdropPage>(server, "GET", `/api/admin/airdrops${query}`, { cookie: admin.cookie });
    const first = await get();
    const total = first.body.total;
    expect(total).toBeGreaterThanOrEqual(21);
    expect(first.body).toMatchObject({ page: 1, pageCount: Math.ceil(total / 20), totalCapped: false });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0]).toMatchObject({ recipient: target.username, points: 21, reason: "Round 21" });
    const second = await get(`?cursor=${first.body.nextCursor}`);
    expect(second.body.page).toBe(2);
    const ids = [...first.body.items, ...second.body.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.body.items[0]).toMatchObject({ points: 1, reason: "Round 1" });
    // Every page by cursor, then back: each row once, and the same pages going back.
    const pages = [first.body, second.body];
    for (let last = second.body; last.nextCursor; ) {
      last = (await get(`?cursor=${last.nextCursor}`)).body;
      pages.push(last);
    }
    expect(pages.flatMap((p) => p.items)).toHaveLength(total);
    for (let at = pages.length - 1; at > 1; at--) {
      const back = await get(`?cursor=${pages[at]?.previousCursor}`);
      expect(back.body.items.map((i) => i.id)).toEqual(pages[at - 1]?.items.map((i) => i.id));
    }
  });
});

describe("points activities (admin)", () => {
  it("is for admins only", async () => {
    expect((await call(server, "GET", "/api/admin/points-activities")).status).toBe(401);
    expect(
      (await call(server, "GET", "/api/admin/points-activities", { cookie: member.cookie })).status,
    ).toBe(403);
    const patch = { json: { points: 5 } };
    expect((await call(server, "PATCH", "/api/admin/points-activities/voting", patch)).status).toBe(401);
    expect(
      (
        await call(server, "PATCH", "/api/admin/points-activities/voting", {
          ...patch,
          cookie: member.cookie,
        })
      ).status,
    ).toBe(403);
  });

  it("lists the seeded activities", async () => {
    const res = await call<{
      items: { name: string; label: string; points: number; dailyCap: number | null }[];
    }>(server, "GET", "/api/admin/points-activities", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.items.map((a) => [a.name, a]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        "account_closure",
        "account_creation",
        "admin_airdrop",
        "comment_vote",
        "emoji_reaction",
        "exam_passed",
        "giveaway_entry",
        "lesson_completed",
        "quiz_passed",
        "referral",
        "report_submission",
        "voting",
      ].sort(),
    );
    expect(byName.report_submission).toMatchObject({ label: "Report KOL", points: 50, dailyCap: 5 });
    expect(byName.account_closure).toMatchObject({ points: 1000, dailyCap: null });
    expect(byName.exam_passed).toMatchObject({ label: "Exam Passed", points: 100, dailyCap: 5 });
  });

  it("changes an amount, a cap and the on switch, which the next award follows", async () => {
    const res = await call<{ points: number; dailyCap: number | null; active: boolean }>(
      server,
      "PATCH",
      "/api/admin/points-activities/voting",
      { cookie: admin.cookie, json: { points: 15, dailyCap: null, active: false } },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ points: 15, dailyCap: null, active: false });
    const back = await call(server, "PATCH", "/api/admin/points-activities/voting", {
      cookie: admin.cookie,
      json: { points: 10, dailyCap: 20, active: true },
    });
    expect(back.body).toMatchObject({ points: 10, dailyCap: 20, active: true });
  });

  it("refuses bad changes with the exact message, and an unknown activity with 404", async () => {
    const cases: [unknown, string][] = [
      [{ points: -1 }, M.points.activityPointsInvalid],
      [{ points: "ten" }, M.points.activityPointsInvalid],
      [{ dailyCap: 0 }, M.points.dailyCapInvalid],
      [{ active: "yes" }, M.points.activeInvalid],
      [{ label: " " }, M.points.labelRequired],
      [{}, M.points.nothingToChange],
    ];
    for (const [json, message] of cases) {
      const res = await call<TError>(server, "PATCH", "/api/admin/points-activities/voting", {
        cookie: admin.cookie,
        json,
      });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const missing = await call<TError>(server, "PATCH", "/api/admin/points-activities/no_such_thing", {
      cookie: admin.cookie,
      json: { points: 1 },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(M.points.activityNotFound);
  });
});
