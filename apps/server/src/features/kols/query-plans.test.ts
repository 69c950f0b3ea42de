import { KOL_LIMITS, KOL_LISTS, KOL_SORTS, type TKolList, type TKolSort } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { kolCountQuery, kolPageQuery, kolPages } from "./list-kols.ts";

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
    "list %s by %s (search %s): the page and its count use indexes",
    async (list, sort, search) => {
      for (const page of [1, 20]) {
        const query = { list, sort, search, page, pageSize: 12 };
        const pageText = await plan(kolPageQuery(query));
        expect(pageText, pageText).not.toMatch(/Seq Scan/);
        // A whole list's count is one row of kol_list_counts (five rows: a scan of it is the cheapest read).
        const countText = await plan(kolCountQuery(server.deps.db, query));
        expect(countText, countText).not.toMatch(/Seq Scan on kols\b/);
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
    const kept = async (list: TKolList) => {
      const [row] = await kolCountQuery(db, { list, sort: "score", page: 1, pageSize: 12 });
      return row?.total;
    };
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

  it("sorts by score with the nulls-last index, unrated KOLs after the lowest score", async () => {
    const text = await plan(kolPageQuery({ list: "all", sort: "score", page: 1, pageSize: 12 }));
    expect(text).toContain("kols_score_nulls_last_idx");
    expect(text).not.toMatch(/Sort Key/);
    const [last = []] = await kolPages(server.deps.db, [
      { list: "all", sort: "score", page: Math.ceil(KOLS / 50), pageSize: 50 },
    ]);
    expect(last.at(-1)?.score).toBeNull();
    const [lowest] = await queryRows<{ min: number }>(
      server.deps.db,
      sql`select min(score) as min from kols`,
    );
    const [rated = []] = await kolPages(server.deps.db, [
      { list: "all", sort: "score", page: (KOLS * 3) / 4 / 50, pageSize: 50 },
    ]);
    expect(rated.at(-1)?.score).toBe(lowest?.min);
  });
});
