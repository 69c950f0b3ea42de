import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import type { TKeysetCursor } from "../../lib/keyset-page.ts";
import { encodeTimeCursor } from "../../lib/time-cursor.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { auditPageQuery, auditWhere } from "./list-audit.ts";
import { memberPageQuery } from "./members.ts";
import { overviewCountsQuery, overviewDaysQuery } from "./overview.ts";

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
      const text = await plan(auditPageQuery(where, 51));
      expect(text).not.toMatch(/Seq Scan on admin_audit_log/);
      expect(text).toMatch(index);
    });
  }

  type TPageRow = { id: string; username: string; sort_key: string };
  const next = (row: TPageRow | undefined, p: number): TKeysetCursor => ({
    k: row?.sort_key ?? "",
    i: row?.id ?? "",
    p,
    d: "next",
  });

  it("pages members newest first, and searches them by username and e-mail prefix, on indexes", async () => {
    const first = await plan(memberPageQuery({ filter: "all" }, null, 21));
    expect(first).toMatch(/profiles_newest_idx/);
    // Page 1,000 of the newest-first list starts at its cursor on the same index: no offset, no sort.
    const deep = await queryRows<TPageRow>(
      server.deps.db,
      sql`select p.id, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_key
        from profiles p order by p.created_at desc, p.id desc limit 1 offset 19999`,
    );
    const deepPlan = await plan(memberPageQuery({ filter: "all" }, next(deep[0], 1001), 21));
    expect(deepPlan).toMatch(/Index Cond: \(ROW\(created_at, id\) < ROW\(/);
    expect(deepPlan).toMatch(/profiles_newest_idx/);
    expect(deepPlan).not.toMatch(/Sort|Seq Scan on (profiles|users)/);
    const search = await plan(memberPageQuery({ filter: "all", search: "member_1234" }, null, 21));
    expect(search).toMatch(/profiles_username_prefix_idx/);
    expect(search).toMatch(/users_email_prefix_idx/);
    expect(search).not.toMatch(/Seq Scan on (profiles|users)/);
    expect(await plan(memberPageQuery({ filter: "banned" }, null, 21))).toMatch(/profiles_banned_idx/);
  });

  it("gives a search's matches in name order, the exact name first, each page read from its cursor", async () => {
    const db = server.deps.db;
    const read = (search: string, cursor: TKeysetCursor | null, limit = 20) =>
      queryRows<TPageRow>(db, memberPageQuery({ filter: "all", search }, cursor, limit));
    // member_1234 and member_12340 to member_12349.
    expect((await read("MEMBER_1234", null)).map((m) => m.username)).toEqual([
      "member_1234",
      ...Array.from({ length: 10 }, (_, i) => `member_1234${i}`),
    ]);
    // 11,111 members start with member_1: the third page is matches 41 to 60, in byte order.
    const matches = (
      await queryRows<{ username: string }>(
        db,
        sql`select username from profiles where username like 'member\\_1%' order by username collate "C"`,
      )
    ).map((m) => m.username);
    expect(matches).toHaveLength(11111);
    const page1 = await read("member_1", null);
    const page2 = await read("member_1", next(page1.at(-1), 2));
    const page3 = await read("member_1", next(page2.at(-1), 3));
    expect(page3.map((m) => m.username)).toEqual(matches.slice(40, 60));
    // Back from page 3: page 2 again, read backwards from page 3's first row (the caller reverses it).
    const back = await read("member_1", { ...next(page3[0], 2), d: "previous" });
    expect(back.map((m) => m.username).reverse()).toEqual(matches.slice(20, 40));
    // Each prefix index is read in its own order from the cursor for about a page (a Limit over it), never all of
    // its matches.
    const text = await plan(
      memberPageQuery({ filter: "all", search: "member_1" }, next(page2.at(-1), 3), 21),
    );
    expect(text).toMatch(/Limit[\s\S]*Index (Only )?Scan using profiles_username_prefix_idx/);
    expect(text).toMatch(/Limit[\s\S]*Index (Only )?Scan using users_email_prefix_idx/);
    expect(text).not.toMatch(/Seq Scan on (profiles|users)/);
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

  it("keeps the overview's members, posts and comments as counts of the tables would find them", async () => {
    const db = server.deps.db;
    const direct = async () =>
      (
        await queryRows<{ members: number; posts: number; comments: number }>(
          db,
          sql`select (select count(*) from profiles)::int as members, (select count(*) from posts)::int as posts,
            (select count(*) from post_comments)::int as comments`,
        )
      )[0];
    const kept = async () => {
      const [row] = await queryRows<{ members: number; posts: number; comments: number }>(
        db,
        overviewCountsQuery(),
      );
      return { members: row?.members, posts: row?.posts, comments: row?.comments };
    };
    expect(await kept()).toEqual({ members: 40000, posts: 20000, comments: 0 });
    await db.execute(sql`insert into post_comments (post_id, user_id, content)
      select p.id, p.user_id, 'Comment on ' || p.content from posts p order by p.created_at desc limit 3000`);
    expect(await kept()).toEqual(await direct());
    // A profile deleted takes its posts and the comments on those posts with it (cascades); a post and a comment
    // deleted on their own.
    await db.execute(sql`delete from profiles where id = md5('u2')::uuid`);
    await db.execute(
      sql`delete from posts where id = (select id from posts order by created_at desc limit 1)`,
    );
    await db.execute(sql`delete from post_comments where id = (select id from post_comments limit 1)`);
    const after = await direct();
    expect(after?.members).toBe(39999);
    expect(after?.posts).toBeLessThan(20000);
    expect(await kept()).toEqual(after);
    const text = await plan(overviewCountsQuery());
    expect(text).not.toMatch(/on (profiles|posts|post_comments)\b/);
    await db.execute(sql`truncate post_comments cascade`);
    expect((await kept()).comments).toBe(0);
  });
});
