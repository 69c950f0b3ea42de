import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { adminGiveawaysQuery, entrantsQuery, filterWhere } from "./admin-list-giveaways.ts";

/*
 * The admin's giveaway list and a giveaway's entrants are index reads: EXPLAIN on 20,000 giveaways and 5,000
 * entrants of one (inserted by bulk SQL, then ANALYZE) must not read either table from start to end.
 */

let server: TTestServer;
let giveawayId = "";

beforeAll(async () => {
  server = await startTestServer();
  const db = server.deps.db;
  await db.execute(sql`insert into users (id, name, email, created_at, updated_at)
    select md5('ru' || g)::uuid, 'Member ' || g, 'rmember' || g || '@example.test', now(), now()
    from generate_series(1, 5000) g`);
  await db.execute(sql`insert into profiles (id, username, created_at)
    select md5('ru' || g)::uuid, 'rmember_' || g, now() from generate_series(1, 5000) g`);
  await db.execute(sql`insert into giveaways (slug, title, prize, winners_count, starts_at, ends_at, status, created_at)
    select 'plan-' || g, 'Giveaway ' || g, '1 SOL', 1, now() - interval '1 day', now() + (g % 50 - 25) * interval '1 day',
      (array['draft', 'live', 'drawn', 'cancelled'])[g % 4 + 1], now() - g * interval '1 hour'
    from generate_series(1, 20000) g`);
  giveawayId =
    (await queryRows<{ id: string }>(db, sql`select id from giveaways where slug = 'plan-2'`))[0]?.id ?? "";
  await db.execute(sql`insert into giveaway_entries (giveaway_id, user_id)
    select ${giveawayId}::uuid, md5('ru' || g)::uuid from generate_series(1, 5000) g`);
  await db.execute(sql`vacuum analyze`);
}, 300_000);
afterAll(() => server?.close());

async function plan(query: SQL | { getSQL(): SQL }): Promise<string> {
  const rows = await queryRows<{ "QUERY PLAN": string }>(server.deps.db, sql`explain ${query}`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("rewards admin query plans", () => {
  it.each(["all", "draft", "live", "ended", "cancelled"] as const)(
    "the %s list reads giveaways_newest_idx",
    async (f) => {
      const text = await plan(adminGiveawaysQuery([filterWhere(f)], 21));
      expect(text).toMatch(/giveaways_newest_idx/);
      expect(text).not.toMatch(/Sort/);
    },
  );

  it("a later page of the list reads the index from the cursor", async () => {
    const cursor = sql`(${sql.raw("giveaways.created_at")}, ${sql.raw("giveaways.id")}) < (now() - interval '100 days', '00000000-0000-4000-8000-000000000000'::uuid)`;
    const text = await plan(adminGiveawaysQuery([cursor], 21));
    expect(text).toMatch(/giveaways_newest_idx/);
  });

  it("the entrants read the (giveaway_id, user_id) index, a page and the next", async () => {
    for (const after of [undefined, "7f000000-0000-4000-8000-000000000000"]) {
      const text = await plan(entrantsQuery(server.deps.db, giveawayId, after, 51));
      expect(text).toMatch(/giveaway_entries_giveaway_user_key/);
      expect(text).not.toMatch(/Seq Scan on giveaway_entries/);
    }
  });
});
