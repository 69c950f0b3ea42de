import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import type { TKeysetCursor } from "../../lib/keyset-page.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { communitiesPageQuery } from "./list-communities.ts";
import { membersPageQuery } from "./members.ts";

/*
 * The list queries are served by indexes: EXPLAIN on a few thousand communities and a community of a few thousand
 * members (after ANALYZE) must not read either table from start to end.
 */

let server: TTestServer;
let bigCommunity: string;
let viewerId: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.deps.db;
  await db.execute(sql`insert into profiles (id, username)
    select gen_random_uuid(), 'member_' || g || '_' || md5(g::text) from generate_series(1, 3000) g`);
  await db.execute(sql`insert into communities (name, slug, community_description, member_count, created_at)
    select 'Community ' || g || ' ' || md5(g::text), 'community-' || g, 'About ' || md5((g * 7)::text),
      floor(power(random(), 3) * 5000)::int, now() - random() * interval '400 days'
    from generate_series(1, 5000) g`);
  const [big] = await queryRows<{ id: string }>(
    db,
    sql`select id from communities where slug = 'community-1'`,
  );
  bigCommunity = big?.id ?? "";
  await db.execute(sql`insert into community_members (community_id, user_id, status, joined_at)
    select ${bigCommunity}, id, case when random() < 0.05 then 'banned' else 'active' end,
      now() - random() * interval '300 days'
    from profiles`);
  // Everyone else also belongs to a few other communities, so the members table is not one community's alone.
  await db.execute(sql`insert into community_members (community_id, user_id)
    select c.id, p.id from (select id, row_number() over (order by slug) n from communities) c
    join (select id, row_number() over (order by username) n from profiles) p on p.n % 1000 = c.n % 1000
    where c.id <> ${bigCommunity}
    on conflict do nothing`);
  const [viewer] = await queryRows<{ id: string }>(db, sql`select id from profiles limit 1`);
  viewerId = viewer?.id ?? "";
  await db.execute(sql`analyze`);
}, 180_000);
afterAll(() => server?.close());

async function plan(query: SQL | { getSQL(): SQL }): Promise<string> {
  const rows = await queryRows<{ "QUERY PLAN": string }>(server.deps.db, sql`explain ${query}`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

const pageQuery = (
  overrides: { search?: string; sort?: "popular" | "newest" },
  cursor: TKeysetCursor | null = null,
) =>
  communitiesPageQuery(server.deps.db, { sort: "popular", pageSize: 10, ...overrides }, viewerId, cursor, 11);

/** A cursor deep in the list: a member count (for Most Popular), a time a month back and any id. */
const deepCommunity: TKeysetCursor = {
  n: 3,
  k: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  i: "00000000-0000-4000-8000-000000000000",
  p: 5,
  d: "next",
};

describe("query plans", () => {
  it.each([
    ["Most Popular", { sort: "popular" as const }, null, "communities_popular_idx"],
    ["Newest", { sort: "newest" as const }, null, "communities_newest_idx"],
    ["Most Popular, from a cursor", { sort: "popular" as const }, deepCommunity, "communities_popular_idx"],
    [
      "Most Popular, back from a cursor",
      { sort: "popular" as const },
      { ...deepCommunity, d: "previous" as const },
      "communities_popular_idx",
    ],
    [
      "Newest, from a cursor",
      { sort: "newest" as const },
      { ...deepCommunity, n: undefined },
      "communities_newest_idx",
    ],
  ])("the community list (%s) reads its index in order", async (_label, overrides, cursor, index) => {
    const text = await plan(pageQuery(overrides, cursor));
    expect(text).toContain(index);
    expect(text).not.toMatch(/Seq Scan on communities/);
    expect(text).not.toMatch(/Sort/);
  });

  it("writes the page's row count into the statement, so PostgreSQL's kept generic plan knows it", () => {
    const { sql: text, params } = pageQuery({}, deepCommunity).toSQL();
    expect(text).toMatch(/ limit 11$/);
    expect(params).not.toContain(11);
  });

  it("the community search reads the trigram indexes", async () => {
    const text = await plan(pageQuery({ search: "a1b2" }));
    expect(text).toContain("communities_name_trgm_idx");
    expect(text).toContain("communities_description_trgm_idx");
    expect(text).not.toMatch(/Seq Scan on communities/);
  });

  it("the members page, plain and searched, first or from a cursor, reads the members index", async () => {
    // A page a month back: its cursor's key is a timestamp, the tie-break id any.
    const deep: TKeysetCursor = {
      k: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      i: "00000000-0000-4000-8000-000000000000",
      p: 40,
      d: "next",
    };
    for (const search of [undefined, "member_12"]) {
      for (const cursor of [null, deep, { ...deep, d: "previous" as const }]) {
        const query = membersPageQuery(
          server.deps.db,
          bigCommunity,
          { status: "active", search },
          viewerId,
          cursor,
          11,
        );
        const text = await plan(query);
        expect(text).toContain("community_members_list_idx");
        expect(text).not.toMatch(/Seq Scan on community_members/);
        // Unsearched, the index gives the page's order from the cursor on: no sort. (A contains-search of the
        // names may join and sort the few who match.)
        if (!search) expect(text).not.toMatch(/Sort/);
      }
    }
  });
});
