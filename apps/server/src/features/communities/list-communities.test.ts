import { COMMUNITY_LIMITS, M, type TCommunitiesPage, type TCommunityDetail } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";
import { createCommunityAs, joinAs, type TErrorResult } from "./testing.ts";

/* The community list (search, sorts, pages, the viewer's membership) and the detail route. */

let server: TTestServer;
let alice: TTestUser;
let bob: TTestUser;
let whales: TCommunityDetail;
let degens: TCommunityDetail;

type TPage = TCommunitiesPage & TErrorResult;
const list = (query = "", cookie?: string) =>
  call<TPage>(server, "GET", `/api/communities${query}`, { cookie });

beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser(server, { username: "alice_l" });
  bob = await createUser(server, { username: "bob_l" });
  whales = await createCommunityAs(server, alice.cookie, {
    name: "Whale Watchers",
    description: "Tracking the wallets that move MARKETS.",
  });
  degens = await createCommunityAs(server, bob.cookie, {
    name: "Degen Den",
    description: "Leverage stories and 100% honest losses.",
  });
  await joinAs(server, bob.cookie, whales.id);
  // Twelve quiet communities, older than the two above, with known member counts (written directly: the list
  // only reads these columns).
  await server.deps.db.execute(sql`insert into communities (name, slug, community_description, member_count, created_at)
    select 'Quiet ' || g, 'quiet-' || g, 'Nothing much happens here ' || g, g % 2, now() - g * interval '1 hour'
    from generate_series(1, 12) g`);
});
afterAll(() => server?.close());

describe("GET /api/communities", () => {
  it("sorts by member count by default (Most Popular), pages of 10 with total and page count", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 14, page: 1, pageCount: 2 });
    expect(res.body.items).toHaveLength(10);
    expect(res.body.items.slice(0, 2).map((c) => c.name)).toEqual(["Whale Watchers", "Degen Den"]);
    const counts = res.body.items.map((c) => c.memberCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // Equal counts: newest first.
    expect(res.body.items.slice(2, 8).map((c) => c.name)).toEqual([
      "Quiet 1",
      "Quiet 3",
      "Quiet 5",
      "Quiet 7",
      "Quiet 9",
      "Quiet 11",
    ]);
    expect(res.body).toMatchObject({ totalCapped: false, previousCursor: null });
    const second = await list(`?cursor=${res.body.nextCursor}`);
    expect(second.body).toMatchObject({ page: 2, pageCount: 2, nextCursor: null });
    expect(second.body.items).toHaveLength(4);
    const seen = [...res.body.items, ...second.body.items].map((c) => c.id);
    expect(new Set(seen).size).toBe(14);
    // The rest keep the order: members, then newest (the member counts are 0 and 1, so ties run across pages).
    const all = [...res.body.items, ...second.body.items];
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1], all[i]];
      expect(
        (a?.memberCount ?? 0) > (b?.memberCount ?? 0) ||
          (a?.memberCount === b?.memberCount && (a?.createdAt ?? "") >= (b?.createdAt ?? "")),
      ).toBe(true);
    }
    // Page 2's Previous is page 1, read without a cursor.
    expect(second.body.previousCursor).toBeNull();
  });

  it("goes forward and back by cursor in both sorts, a page at a time", async () => {
    for (const sort of ["popular", "newest"]) {
      const pages = [(await list(`?sort=${sort}&pageSize=3`)).body];
      for (let last = pages[0]; last?.nextCursor; ) {
        last = (await list(`?sort=${sort}&pageSize=3&cursor=${last.nextCursor}`)).body;
        pages.push(last);
      }
      expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5]);
      expect(new Set(pages.flatMap((p) => p.items.map((c) => c.id))).size).toBe(14);
      for (let at = pages.length - 1; at > 1; at--) {
        const back = await list(`?sort=${sort}&pageSize=3&cursor=${pages[at]?.previousCursor}`);
        expect(
          back.body.items.map((c) => c.id),
          `${sort} page ${at}`,
        ).toEqual(pages[at - 1]?.items.map((c) => c.id));
      }
    }
    // A cursor of the other sort (Newest's has no member count) is refused, as is one of another list (a
    // leaderboard's: points and a name, no time) and one that was never made.
    const newest = (await list("?sort=newest&pageSize=3")).body.nextCursor;
    const board = Buffer.from(
      JSON.stringify({ n: 5, k: "alice_l", i: crypto.randomUUID(), p: 2, d: "next" }),
    ).toString("base64url");
    for (const cursor of [newest, board, "nope"]) {
      const res = await list(`?sort=popular&cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(M.communities.listCursorInvalid);
    }
  });

  it("sorts by Newest and honours pageSize", async () => {
    const res = await list("?sort=newest&pageSize=3");
    expect(res.body.items.map((c) => c.name)).toEqual(["Degen Den", "Whale Watchers", "Quiet 1"]);
    expect(res.body.pageCount).toBe(5);
  });

  it("searches name or description, case-insensitively, with % and _ taken literally", async () => {
    const byName = await list("?search=whale");
    expect(byName.body.items.map((c) => c.name)).toEqual(["Whale Watchers"]);
    const byDescription = await list("?search=markets");
    expect(byDescription.body.items.map((c) => c.name)).toEqual(["Whale Watchers"]);
    expect((await list("?search=HONEST")).body.items.map((c) => c.name)).toEqual(["Degen Den"]);
    expect((await list("?search=100%25")).body.items.map((c) => c.name)).toEqual(["Degen Den"]);
    expect((await list("?search=_")).body.total).toBe(0);
    const quiet = await list("?search=quiet&pageSize=5");
    expect(quiet.body).toMatchObject({ total: 12, pageCount: 3 });
    const third = await list(
      `?search=quiet&pageSize=5&cursor=${(await list(`?search=quiet&pageSize=5&cursor=${quiet.body.nextCursor}`)).body.nextCursor}`,
    );
    expect(third.body).toMatchObject({ page: 3, nextCursor: null });
    expect(third.body.items).toHaveLength(2);
    expect((await list("?search=zzzz")).body).toMatchObject({ items: [], total: 0, pageCount: 1 });
    expect((await list("?search=%20%20")).body.total).toBe(14);
  });

  it("gives each card its fields and the viewer's own membership", async () => {
    const asBob = await list("", bob.cookie);
    const card = asBob.body.items.find((c) => c.id === whales.id);
    expect(card).toEqual({
      id: whales.id,
      name: "Whale Watchers",
      slug: "whale-watchers",
      description: "Tracking the wallets that move MARKETS.",
      avatarUrl: whales.avatarUrl,
      bannerUrl: whales.bannerUrl,
      memberCount: 2,
      createdAt: whales.createdAt,
      membership: { role: "member", status: "active" },
    });
    expect(asBob.body.items.find((c) => c.id === degens.id)?.membership).toEqual({
      role: "creator",
      status: "active",
    });
    expect(asBob.body.items.find((c) => c.name === "Quiet 1")?.membership).toBeNull();
    const asVisitor = await list();
    expect(asVisitor.body.items.every((c) => c.membership === null)).toBe(true);
  });

  it("refuses bad paging and sorts with 400", async () => {
    expect((await list("?sort=oldest")).status).toBe(400);
    expect((await list(`?cursor=${"x".repeat(601)}`)).status).toBe(400);
    expect((await list("?pageSize=500")).status).toBe(400);
  });
});

describe("GET /api/communities/:slugOrId", () => {
  it("finds a community by slug (any case) or id, for anyone, with its creators", async () => {
    const bySlug = await call<TCommunityDetail>(server, "GET", "/api/communities/Whale-Watchers");
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toMatchObject({
      id: whales.id,
      rules: whales.rules,
      memberCount: 2,
      membership: null,
      creators: [{ id: alice.id, username: "alice_l" }],
    });
    const byId = await call<TCommunityDetail>(server, "GET", `/api/communities/${whales.id}`, {
      cookie: bob.cookie,
    });
    expect(byId.body.membership).toEqual({ role: "member", status: "active" });
  });

  it("answers 404 with 'Community not found'", async () => {
    for (const key of ["no-such-place", "00000000-0000-4000-8000-000000000000"]) {
      const res = await call<TErrorResult>(server, "GET", `/api/communities/${key}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(M.communities.notFound);
    }
  });

  it("keeps community posts for members while the details stay public", async () => {
    const post = await call<{ id: string }>(server, "POST", "/api/posts", {
      cookie: bob.cookie,
      form: (() => {
        const f = new FormData();
        f.set("content", "whale alert");
        f.set("communityId", whales.id);
        return f;
      })(),
    });
    expect(post.status).toBe(201);
    const visitor = await call<{ items: unknown[] }>(server, "GET", `/api/posts?communityId=${whales.id}`);
    expect(visitor.body.items).toEqual([]);
    const member = await call<{ items: { id: string }[] }>(
      server,
      "GET",
      `/api/posts?communityId=${whales.id}`,
      {
        cookie: alice.cookie,
      },
    );
    expect(member.body.items.map((p) => p.id)).toEqual([post.body.id]);
    const [row] = await queryRows<{ n: number }>(server.deps.db, sql`select count(*)::int as n from posts`);
    expect(row?.n).toBe(1);
  });
});

describe("GET /api/communities past the count's cap", () => {
  it("counts up to the cap, says there are more, and still pages on", async () => {
    await server.deps.db.execute(sql`insert into communities (name, slug, community_description, member_count, created_at)
      select 'Crowd ' || g, 'crowd-' || g, 'One of many ' || g, 0, now() - interval '1 day' - g * interval '1 minute'
      from generate_series(1, ${COMMUNITY_LIMITS.listCountCap}) g`);
    const res = await list();
    expect(res.body).toMatchObject({ total: COMMUNITY_LIMITS.listCountCap, totalCapped: true, page: 1 });
    expect(res.body.pageCount).toBe(COMMUNITY_LIMITS.listCountCap / COMMUNITY_LIMITS.pageSize);
    const next = await list(`?cursor=${res.body.nextCursor}`);
    expect(next.body.page).toBe(2);
    // A search below the cap is counted exactly.
    expect((await list("?search=Crowd%2010")).body).toMatchObject({ totalCapped: false });
  });
});
