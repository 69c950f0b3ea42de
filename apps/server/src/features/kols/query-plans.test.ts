import { KOL_LIMITS, KOL_LISTS, KOL_SORTS, type TKolList, type TKolPage, type TKolSort } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { countKols, kolCursor, kolMatches, kolPageQuery, kolPages, listKols } from "./list-kols.ts";

/*
 * Every KOL list is served by an index: EXPLAIN on 20,000 KOLs and 200,000 votes (inserted by bulk SQL, then
 * ANALYZE) must never read the kols table from start to end, for every list, sort, search and page.
 */

const KOLS = 20_000;
const VOTERS = 10_000;
const VOTES_EACH = 20;

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.deps.db;
  await db.execute(sql`insert into profiles (id, username)
    select gen_random_uuid(), 'voter_' || g from generate_series(1, ${VOTERS}) g`);
  await db.execute(sql`insert into kols (handle, name, created_at)
    select 'kol_' || g, 'KOL ' || md5(g::text), now() - g * interval '1 minute'
    from generate_series(1, ${KOLS}) g`);
  // Each voter votes on 20 different KOLs among the first three quarters; the last quarter stays unrated.
  await db.execute(sql`with k as (select id, row_number() over (order by handle) - 1 as n from kols),
      p as (select id, row_number() over (order by username) as n from profiles)
    insert into kol_votes (kol_id, user_id, verdict)
    select k.id, p.id, case when random() < 0.55 then 'plug' else 'rug' end
    from p cross join generate_series(1, ${VOTES_EACH}) g
    join k on k.n = (p.n * 7 + g * 997) % ${(KOLS * 3) / 4}`);
  // The tallies, score and verdict as scoreKol works them out (the CHECK constraint holds them to it).
  await db.execute(sql`update kols k set plug_votes = t.plugs, rug_votes = t.rugs,
      approved_reports = case when random() < 0.1 then 1 else 0 end
    from (select kol_id, count(*) filter (where verdict = 'plug')::int as plugs,
            count(*) filter (where verdict = 'rug')::int as rugs
          from kol_votes group by kol_id) t
    where t.kol_id = k.id`);
  await db.execute(sql`update kols set score = s.score,
      verdict = case when s.score >= 60 then 'plug' when s.score <= 40 then 'rug' else 'contested' end
    from (select id, least(100, greatest(0, round(round(1000.0 * (plug_votes + 1) / (plug_votes + rug_votes + 2))
            / 10 - 15 * approved_reports)))::int as score
          from kols where plug_votes + rug_votes + approved_reports > 0) s
    where s.id = kols.id`);
  await db.execute(sql`vacuum analyze`);
}, 300_000);
afterAll(() => server?.close());

async function plan(query: SQL | { getSQL(): SQL }): Promise<string> {
  const rows = await queryRows<{ "QUERY PLAN": string }>(server.deps.db, sql`explain ${query}`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

const cases: [TKolList, TKolSort, string | undefined][] = KOL_LISTS.flatMap((list) =>
  KOL_SORTS.flatMap((sort) => [undefined, "kol_12"].map((search) => [list, sort, search] as const)),
) as [TKolList, TKolSort, string | undefined][];

describe("KOL list query plans", () => {
  it("holds the data set it claims to", async () => {
    const [row] = await queryRows<{ kols: number; votes: number; unrated: number }>(
      server.deps.db,
      sql`select (select count(*)::int from kols) as kols, (select count(*)::int from kol_votes) as votes,
        (select count(*)::int from kols where score is null) as unrated`,
    );
    expect(row).toEqual({ kols: KOLS, votes: VOTERS * VOTES_EACH, unrated: KOLS / 4 });
  });

  it.each(cases)(
    "list %s by %s (search %s): the first page, a deep page and the count use indexes",
    async (list, sort, search) => {
      const query = { list, sort, search, pageSize: 12 };
      // A deep page's cursors: the 240th KOL of the list (or its last, for a short one), either way.
      const first = await listKols(server.deps, { ...query, pageSize: 240 });
      for (const cursor of [null, first.nextCursor, first.previousCursor]) {
        const read = { query, cursor: cursor ? kolCursor(query, cursor) : null, limit: 13 };
        const pageText = await plan(kolPageQuery(read));
        expect(pageText, pageText).not.toMatch(/Seq Scan/);
        // Without a search the list's own index gives its order: nothing is sorted, whatever the page.
        if (!search) expect(pageText, pageText).not.toMatch(/Sort Key/);
      }
      // A search counts its matches on the prefix indexes (a whole list reads its row of kol_list_counts).
      if (search) {
        const countText = await plan(kolMatches(query));
        expect(countText, countText).not.toMatch(/Seq Scan on kols\b/);
      }
    },
  );

  it.each([
    ["all", "score"],
    ["rugs", "score"],
    ["fame", "score"],
    ["all", "name"],
    ["plugs", "newest"],
  ] as const)(
    "walks list %s by %s by keyset, page after page and back, in the list's order",
    async (list, sort) => {
      const whole = await queryRows<{ handle: string }>(
        server.deps.db,
        sql`select handle from kols where ${
          list === "all"
            ? sql`true`
            : list === "rugs"
              ? sql`verdict = 'rug'`
              : sql`verdict = 'plug' and plug_votes + rug_votes >= ${KOL_LIMITS.hallMinVotes}`
        } order by ${
          sort === "name"
            ? sql`lower(name), lower(handle)`
            : sort === "newest"
              ? sql`created_at desc, id desc`
              : list === "rugs"
                ? sql`score asc nulls first, lower(handle) desc`
                : sql`score desc nulls last, lower(handle)`
        }`,
      );
      const query = { list, sort, pageSize: 1000 };
      const pages: TKolPage[] = [await listKols(server.deps, query)];
      for (let last = pages[0]; last?.nextCursor; last = pages.at(-1)) {
        pages.push(await listKols(server.deps, { ...query, cursor: last.nextCursor }));
      }
      expect(pages.flatMap((p) => p.items.map((k) => k.handle))).toEqual(whole.map((k) => k.handle));
      expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
      expect(pages.at(-1)?.pageCount).toBe(Math.ceil(whole.length / 1000));
      // Back from the last page by previous cursors: the same pages, numbered the same.
      for (let i = pages.length - 1; i > 1; i--) {
        const back = await listKols(server.deps, { ...query, cursor: pages[i]?.previousCursor ?? undefined });
        expect(back.page).toBe(i);
        expect(back.items.map((k) => k.handle)).toEqual(pages[i - 1]?.items.map((k) => k.handle));
      }
    },
  );

  it("keeps each list's count as a count of the list would find it, through bulk writes and single votes", async () => {
    const db = server.deps.db;
    const direct = async (list: TKolList) => {
      const [row] = await kolCountQueryDirect(list);
      return row?.total;
    };
    const kolCountQueryDirect = (list: TKolList) =>
      queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from kols where ${
          list === "plugs" || list === "fame"
            ? sql`verdict = 'plug'`
            : list === "rugs" || list === "shame"
              ? sql`verdict = 'rug'`
              : sql`true`
        } and ${list === "fame" || list === "shame" ? sql`plug_votes + rug_votes >= ${KOL_LIMITS.hallMinVotes}` : sql`true`}`,
      );
    const kept = async (list: TKolList) => (await countKols(db, { list, sort: "score", pageSize: 12 })).total;
    for (const list of KOL_LISTS) expect(await kept(list), list).toBe(await direct(list));
    // One KOL crossing into the halls and back, one changing verdict, one removed.
    const [kol] = await queryRows<{ id: string }>(
      db,
      sql`select id from kols where verdict = 'plug' and plug_votes + rug_votes = ${KOL_LIMITS.hallMinVotes - 1} limit 1`,
    );
    if (kol) {
      await db.execute(sql`update kols set plug_votes = plug_votes + 1 where id = ${kol.id}`);
      expect(await kept("fame")).toBe(await direct("fame"));
      await db.execute(sql`update kols set verdict = 'rug', score = 10 where id = ${kol.id}`);
      expect(await kept("shame")).toBe(await direct("shame"));
      await db.execute(sql`delete from kol_votes where kol_id = ${kol.id}`);
      await db.execute(sql`delete from kols where id = ${kol.id}`);
    }
    for (const list of KOL_LISTS) expect(await kept(list), list).toBe(await direct(list));
    // The trigger's threshold is the domain's.
    const [edges] = await queryRows<{ below: string[]; at: string[] }>(
      db,
      sql`select kol_lists_of('plug', ${KOL_LIMITS.hallMinVotes - 1}) as below,
        kol_lists_of('plug', ${KOL_LIMITS.hallMinVotes}) as at`,
    );
    expect(edges).toEqual({ below: ["all", "plugs"], at: ["all", "plugs", "fame"] });
  });

  it("counts a search's matches up to KOL_LIMITS.searchCountCap", async () => {
    // kol_1, kol_10..kol_19, kol_100.. and so on: 11,111 matches; kol_123 and its children: 111.
    const many = await listKols(server.deps, { list: "all", sort: "score", search: "kol_1", pageSize: 12 });
    expect(many).toMatchObject({ total: KOL_LIMITS.searchCountCap, totalCapped: true, pageCount: 84 });
    const few = await listKols(server.deps, { list: "all", sort: "score", search: "@KOL_123", pageSize: 12 });
    expect(few).toMatchObject({ total: 111, totalCapped: false, pageCount: 10 });
  });

  it("sorts by score on the rank index, unrated KOLs after the lowest score", async () => {
    const text = await plan(
      kolPageQuery({ query: { list: "all", sort: "score", pageSize: 12 }, cursor: null, limit: 13 }),
    );
    expect(text).toContain("kols_rank_idx");
    expect(text).not.toMatch(/Sort Key/);
    const [lowest] = await queryRows<{ min: number }>(
      server.deps.db,
      sql`select min(score) as min from kols`,
    );
    // The last rated KOL and the first unrated one meet on one page.
    const [rows = []] = await kolPages(server.deps.db, [
      { query: { list: "all", sort: "score", pageSize: 12 }, cursor: null, limit: (KOLS * 3) / 4 + 1 },
    ]);
    expect(rows.at(-2)?.score).toBe(lowest?.min);
    expect(rows.at(-1)?.score).toBeNull();
  });
});
