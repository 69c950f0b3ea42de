import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { encodeTimeCursor } from "../../lib/time-cursor.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { auditPageQuery, auditWhere } from "./list-audit.ts";
import { memberPageQuery } from "./members.ts";
import { overviewDaysQuery } from "./overview.ts";

/*
 * The admin console's lists and charts are served by indexes: EXPLAIN on two years of members, posts, ledger lines
 * and audit rows (inserted by bulk SQL, then ANALYZE) must never read those tables from start to end.
 */

let server: TTestServer;
let actorId = "";

beforeAll(async () => {
  server = await startTestServer();
  const db = server.deps.db;
  await db.execute(sql`insert into users (id, name, email, created_at, updated_at)
    select md5('u' || g)::uuid, 'Member ' || g, 'member' || g || '@example.test',
      now() - g * interval '3 hours', now()
    from generate_series(1, 40000) g`);
  await db.execute(sql`insert into profiles (id, username, created_at)
    select md5('u' || g)::uuid, 'member_' || g, now() - g * interval '3 hours' from generate_series(1, 40000) g`);
  await db.execute(sql`insert into posts (user_id, content, created_at)
    select md5('u' || (g % 40000 + 1))::uuid, 'Post ' || g, now() - g * interval '50 minutes'
    from generate_series(1, 20000) g`);
  await db.execute(sql`insert into points_transactions (user_id, points, description, activity_id, idempotency_key, created_at)
    select md5('u' || (g % 40000 + 1))::uuid, case when g % 10 = 0 then -5 else 10 end, 'Bench', a.id, 'bench:' || g,
      now() - g * interval '30 minutes'
    from generate_series(1, 30000) g, (select id from points_activities order by name limit 1) a`);
  await db.execute(sql`insert into admin_audit_log (actor_id, actor_username, action, target_type, target_id, summary, created_at)
    select md5('u' || (g % 5 + 1))::uuid, 'member_' || (g % 5 + 1),
      (array['member.ban', 'points.airdrop', 'report.review', 'kol.update', 'message.reply'])[g % 5 + 1]
        || case when g % 40 = 0 then '' else '_' || (g % 8) end,
      'member', g::text, 'Action ' || g, now() - g * interval '45 minutes'
    from generate_series(1, 20000) g`);
  actorId = (await queryRows<{ id: string }>(db, sql`select md5('u1')::uuid as id`))[0]?.id ?? "";
  await db.execute(sql`vacuum analyze`);
}, 300_000);
afterAll(() => server?.close());

async function plan(query: SQL | { getSQL(): SQL }): Promise<string> {
  const rows = await queryRows<{ "QUERY PLAN": string }>(server.deps.db, sql`explain ${query}`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("admin query plans", () => {
  const cursor = encodeTimeCursor({
    t: new Date(Date.now() - 100 * 86_400_000).toISOString(),
    i: "00000000-0000-4000-8000-000000000000",
  });
  const cases: [string, Parameters<typeof auditWhere>[0], RegExp][] = [
    ["the newest page", {}, /admin_audit_log_newest_idx/],
    ["a later page", { cursor }, /admin_audit_log_newest_idx/],
    ["one admin", { actorId: "" }, /admin_audit_log_(actor_)?newest_idx/],
    ["one rare action", { action: "member.ban" }, /admin_audit_log_action_newest_idx/],
    ["a week", { from: "2026-01-01", to: "2026-01-07" }, /admin_audit_log_newest_idx/],
  ];
  for (const [name, filters, index] of cases) {
    it(`pages the audit log (${name}) on an index`, async () => {
      const where = auditWhere({ ...filters, ...(filters.actorId !== undefined ? { actorId } : {}) });
      const text = await plan(auditPageQuery(server.deps.db, where, 51));
      expect(text).not.toMatch(/Seq Scan on admin_audit_log/);
      expect(text).toMatch(index);
    });
  }

  it("pages members newest first, and searches them by username and e-mail prefix, on indexes", async () => {
    const first = await plan(memberPageQuery({ filter: "all", page: 1 }));
    expect(first).toMatch(/profiles_newest_idx/);
    const search = await plan(memberPageQuery({ filter: "all", page: 1, search: "member_1234" }));
    expect(search).toMatch(/profiles_username_prefix_idx/);
    expect(search).toMatch(/users_email_prefix_idx/);
    expect(search).not.toMatch(/Seq Scan on (profiles|users)/);
    expect(await plan(memberPageQuery({ filter: "banned", page: 1 }))).toMatch(/profiles_banned_idx/);
  });

  it("reads the overview's 30 days from the created_at indexes", async () => {
    const start = new Date(Date.now() - 29 * 86_400_000);
    start.setUTCHours(0, 0, 0, 0);
    const text = await plan(overviewDaysQuery(start));
    expect(text).toMatch(/profiles_newest_idx/);
    expect(text).toMatch(/posts_created_idx/);
    expect(text).toMatch(/points_transactions_paid_created_idx/);
    expect(text).not.toMatch(/Seq Scan on (profiles|posts|points_transactions)/);
  });
});
