import { KOL_LIMITS, M, type TKolCard, type TKolDetail, type TKolPage, type TVoteState } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kols, kolVotes } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, seedSignedInUsers } from "../posts/testing.ts";
import { addKol, randomHandle } from "./testing.ts";

let server: TTestServer;
let admin: TTestUser;
let alice: TTestUser;
let bob: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  alice = await createUser(server);
  bob = await createUser(server);
});
afterAll(() => server?.close());

/** The stored tallies beside a count of the vote rows they stand for. */
async function tallies(kolId: string) {
  const [kol] = await server.deps.db
    .select({ plugVotes: kols.plugVotes, rugVotes: kols.rugVotes, score: kols.score, verdict: kols.verdict })
    .from(kols)
    .where(eq(kols.id, kolId));
  const [rows] = await server.deps.db
    .select({
      plug: sql<number>`count(*) filter (where ${kolVotes.verdict} = 'plug')::int`,
      rug: sql<number>`count(*) filter (where ${kolVotes.verdict} = 'rug')::int`,
    })
    .from(kolVotes)
    .where(eq(kolVotes.kolId, kolId));
  return { ...kol, plugRows: rows?.plug, rugRows: rows?.rug };
}

const vote = (handle: string, verdict: unknown, cookie?: string) =>
  call<TVoteState>(server, "POST", `/api/kols/${handle}/votes`, { cookie, json: { verdict } });

describe("adding and editing KOLs (admins)", () => {
  it("adds a KOL with @ stripped, links validated, and refuses the handle again in any case", async () => {
    const res = await call<TKolCard>(server, "POST", "/api/admin/kols", {
      cookie: admin.cookie,
      json: {
        handle: "@Satoshi_Fan",
        name: "Satoshi Fan",
        bio: "Charts and vibes.",
        links: { x: "https://x.com/satoshi_fan", website: "" },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      handle: "Satoshi_Fan",
      name: "Satoshi Fan",
      score: null,
      verdict: "unrated",
    });
    const again = await call(server, "POST", "/api/admin/kols", {
      cookie: admin.cookie,
      json: { handle: "satoshi_fan" },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: "CONFLICT", message: M.kols.handleTaken } });
    const detail = await call<TKolDetail>(server, "GET", "/api/kols/@SATOSHI_FAN");
    expect(detail.status).toBe(200);
    expect(detail.body.kol.links).toEqual({ x: "https://x.com/satoshi_fan", telegram: null, website: null });
    expect(detail.body.kol.bio).toBe("Charts and vibes.");
  });

  it("answers 401, 403 and 400 with exact messages", async () => {
    const body = { handle: randomHandle() };
    expect((await call(server, "POST", "/api/admin/kols", { json: body })).status).toBe(401);
    const forbidden = await call(server, "POST", "/api/admin/kols", { cookie: alice.cookie, json: body });
    expect(forbidden.status).toBe(403);
    const cases: [unknown, string][] = [
      [{ handle: "way_too_long_handle" }, M.kols.handleInvalid],
      [{ handle: "bad-handle" }, M.kols.handleInvalid],
      [{ handle: "ok_handle", name: "<script>" }, "Input contains invalid characters"],
      [{ handle: "ok_handle", bio: "a {b}" }, "Input contains invalid characters"],
      [{ handle: "ok_handle", links: { x: "javascript:alert(1)" } }, M.kols.invalidUrl],
    ];
    for (const [json, message] of cases) {
      const res = await call<{ error: { message: string } }>(server, "POST", "/api/admin/kols", {
        cookie: admin.cookie,
        json,
      });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
  });

  it("edits a KOL's profile; a non-admin may not; an unknown handle is 404", async () => {
    const kol = await addKol(server, admin.cookie);
    const edit = await call<TKolCard>(server, "PATCH", `/api/admin/kols/${kol.handle}`, {
      cookie: admin.cookie,
      json: { name: "Renamed", links: { telegram: "https://t.me/renamed" }, isVerified: true },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ name: "Renamed", isVerified: true });
    const detail = await call<TKolDetail>(server, "GET", `/api/kols/${kol.handle}`);
    expect(detail.body.kol.links.telegram).toBe("https://t.me/renamed");
    expect(
      (
        await call(server, "PATCH", `/api/admin/kols/${kol.handle}`, {
          cookie: bob.cookie,
          json: { name: "x" },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(server, "PATCH", `/api/admin/kols/${kol.handle}`, { json: { name: "x" } })).status,
    ).toBe(401);
    expect(
      (
        await call(server, "PATCH", "/api/admin/kols/nobody_here", {
          cookie: admin.cookie,
          json: { name: "x" },
        })
      ).status,
    ).toBe(404);
    const bad = await call<{ error: { message: string } }>(server, "PATCH", `/api/admin/kols/${kol.handle}`, {
      cookie: admin.cookie,
      json: { name: "a>b" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Input contains invalid characters");
  });
});

describe("votes", () => {
  it("asks visitors to sign in, refuses a bad verdict, and knows no unknown KOL", async () => {
    const kol = await addKol(server, admin.cookie);
    const visitor = await vote(kol.handle, "plug");
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ error: { code: "UNAUTHORIZED", message: M.kols.loginToVote } });
    const bad = await vote(kol.handle, "moon", alice.cookie);
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { error: { message: string } }).error.message).toBe(M.kols.invalidVerdict);
    expect((await vote("nobody_at_all", "plug", alice.cookie)).status).toBe(404);
    expect((await vote("not-a-handle!", "plug", alice.cookie)).status).toBe(404);
    expect((await call(server, "DELETE", `/api/kols/${kol.handle}/votes`)).status).toBe(401);
    expect(
      (await call(server, "DELETE", "/api/kols/nobody_at_all/votes", { cookie: alice.cookie })).status,
    ).toBe(404);
  });

  it("keeps one verdict per user per KOL: a change moves the tallies, a repeat changes nothing", async () => {
    const kol = await addKol(server, admin.cookie);
    const first = await vote(kol.handle, "plug", alice.cookie);
    expect(first.status).toBe(200);
    expect(first.body.myVote).toBe("plug");
    expect(first.body.kol).toMatchObject({ plugVotes: 1, rugVotes: 0, score: 67, verdict: "plug" });
    expect((await vote(kol.handle, "plug", alice.cookie)).body.kol).toMatchObject({
      plugVotes: 1,
      rugVotes: 0,
    });
    const changed = await vote(`@${kol.handle.toUpperCase()}`, "rug", alice.cookie);
    expect(changed.body.kol).toMatchObject({ plugVotes: 0, rugVotes: 1, score: 33, verdict: "rug" });
    await vote(kol.handle, "rug", bob.cookie);
    expect(await tallies(kol.id)).toMatchObject({ plugVotes: 0, rugVotes: 2, plugRows: 0, rugRows: 2 });
    const detail = await call<TKolDetail>(server, "GET", `/api/kols/${kol.handle}`, { cookie: alice.cookie });
    expect(detail.body.myVote).toBe("rug");
    expect(detail.body.breakdown).toEqual({ plugShare: 25, reportPenalty: 0, score: 25, verdict: "rug" });
    expect((await call<TKolDetail>(server, "GET", `/api/kols/${kol.handle}`)).body.myVote).toBeNull();
    const withdrawn = await call<TVoteState>(server, "DELETE", `/api/kols/${kol.handle}/votes`, {
      cookie: alice.cookie,
    });
    expect(withdrawn.body).toMatchObject({ myVote: null, kol: { plugVotes: 0, rugVotes: 1 } });
    // Withdrawing twice changes nothing.
    await call(server, "DELETE", `/api/kols/${kol.handle}/votes`, { cookie: alice.cookie });
    expect(await tallies(kol.id)).toMatchObject({ plugVotes: 0, rugVotes: 1, plugRows: 0, rugRows: 1 });
  });

  it("keeps tallies equal to the rows under 50 concurrent votes and changes", async () => {
    const kol = await addKol(server, admin.cookie);
    const voters = await seedSignedInUsers(server, 50);
    const results = await Promise.all(
      voters.map((v, i) => vote(kol.handle, i % 3 === 0 ? "rug" : "plug", v.cookie)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await tallies(kol.id)).toMatchObject({ plugVotes: 33, rugVotes: 17, plugRows: 33, rugRows: 17 });
    // Everyone flips at once, and one voter sends both verdicts at the same time.
    const [racer] = voters;
    await Promise.all([
      ...voters.map((v, i) => vote(kol.handle, i % 3 === 0 ? "plug" : "rug", v.cookie)),
      vote(kol.handle, "rug", racer?.cookie),
      vote(kol.handle, "plug", racer?.cookie),
    ]);
    const after = await tallies(kol.id);
    expect(after.plugVotes).toBe(after.plugRows);
    expect(after.rugVotes).toBe(after.rugRows);
    expect((after.plugVotes ?? 0) + (after.rugVotes ?? 0)).toBe(50);
  });
});

describe("lists", () => {
  it("filters plugs, rugs, top, fame and shame, searches, sorts and pages", async () => {
    const tag = `l${Math.random().toString(36).slice(2, 6)}`;
    const [good, bad, meh, strong, fresh] = await Promise.all([
      addKol(server, admin.cookie, { handle: `${tag}_good`, name: "Zed Good" }),
      addKol(server, admin.cookie, { handle: `${tag}_bad`, name: "Amy Bad" }),
      addKol(server, admin.cookie, { handle: `${tag}_meh`, name: "Meh Middle" }),
      addKol(server, admin.cookie, { handle: `${tag}_strong`, name: "Strong Plug" }),
      // Nobody votes on this one: unrated, so it ranks after every rated KOL, even the worst.
      addKol(server, admin.cookie, { handle: `${tag}_fresh`, name: "New Face" }),
    ]);
    if (!good || !bad || !meh || !strong || !fresh) throw new Error("no KOLs");
    const voters = await seedSignedInUsers(server, 6);
    for (const v of voters) await vote(strong.handle, "plug", v.cookie);
    await vote(good.handle, "plug", alice.cookie);
    for (const v of voters) await vote(bad.handle, "rug", v.cookie);
    await vote(meh.handle, "plug", alice.cookie);
    await vote(meh.handle, "rug", bob.cookie);

    const list = async (query: string) => {
      const res = await call<TKolPage>(server, "GET", `/api/kols?search=${tag}&${query}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    expect((await list("list=plugs")).items.map((k) => k.handle)).toEqual([strong.handle, good.handle]);
    expect((await list("list=rugs")).items.map((k) => k.handle)).toEqual([bad.handle]);
    const top = (await list("list=top")).items;
    expect(top.map((k) => k.handle)).toEqual([
      strong.handle,
      good.handle,
      meh.handle,
      bad.handle,
      fresh.handle,
    ]);
    expect(top.map((k) => k.score)).toEqual([88, 67, 50, 13, null]);
    expect((await list("sort=score")).items.map((k) => k.handle).at(-1)).toBe(fresh.handle);
    // The halls need KOL_LIMITS.hallMinVotes votes: 'good' (one vote) is a plug but not famous.
    expect(KOL_LIMITS.hallMinVotes).toBeLessThanOrEqual(6);
    expect((await list("list=fame")).items.map((k) => k.handle)).toEqual([strong.handle]);
    expect((await list("list=shame")).items.map((k) => k.handle)).toEqual([bad.handle]);
    expect((await list("sort=name")).items.map((k) => k.name)).toEqual([
      "Amy Bad",
      "Meh Middle",
      "New Face",
      "Strong Plug",
      "Zed Good",
    ]);
    expect((await list("sort=newest")).items).toHaveLength(5);
    // Pages by keyset: page 1's Next cursor leads to page 2, whose Previous is page 1 again (no cursor).
    const firstPage = await list("sort=name&pageSize=3");
    expect(firstPage).toMatchObject({
      total: 5,
      totalCapped: false,
      page: 1,
      pageCount: 2,
      previousCursor: null,
    });
    expect(firstPage.items.map((k) => k.name)).toEqual(["Amy Bad", "Meh Middle", "New Face"]);
    const paged = await list(`sort=name&pageSize=3&cursor=${firstPage.nextCursor}`);
    expect(paged).toMatchObject({ total: 5, page: 2, pageCount: 2, previousCursor: null, nextCursor: null });
    expect(paged.items.map((k) => k.name)).toEqual(["Strong Plug", "Zed Good"]);
    // A page link of one sort is refused by another, with the reason on the cursor field.
    const wrongSort = await call(server, "GET", `/api/kols?sort=newest&cursor=${firstPage.nextCursor}`);
    expect(wrongSort.status).toBe(400);
    expect(wrongSort.body).toMatchObject({
      error: {
        code: "VALIDATION",
        message: M.kols.listCursorInvalid,
        fields: { cursor: M.kols.listCursorInvalid },
      },
    });
    // Search by name prefix, any case, with or without @ for handles.
    expect(
      (await call<TKolPage>(server, "GET", `/api/kols?search=@${tag.toUpperCase()}_B`)).body.items,
    ).toEqual([expect.objectContaining({ handle: bad.handle })]);
    expect(
      (await call<TKolPage>(server, "GET", "/api/kols?search=strong%20p")).body.items.map((k) => k.handle),
    ).toContain(strong.handle);
    // A '%' or '_' is a literal, not a wildcard.
    expect((await call<TKolPage>(server, "GET", "/api/kols?search=%25")).body.total).toBe(0);
  });

  it("refuses a bad list or sort with 400, and an unknown KOL page is 404", async () => {
    expect((await call(server, "GET", "/api/kols?list=moon")).status).toBe(400);
    expect((await call(server, "GET", "/api/kols?sort=hype")).status).toBe(400);
    expect((await call(server, "GET", "/api/kols?cursor=not-a-page")).status).toBe(400);
    expect((await call(server, "GET", "/api/kols?pageSize=0")).status).toBe(400);
    const missing = await call(server, "GET", "/api/kols/nobody_here");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: "NOT_FOUND", message: M.kols.notFound } });
    expect((await call(server, "GET", "/api/kols/bad-handle-too-long-x")).status).toBe(404);
  });
});
