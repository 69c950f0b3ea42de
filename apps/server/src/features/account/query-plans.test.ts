import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { exportQueries } from "./export-my-data.ts";

/*
 * Each section of a member's data download is a range read on their id through an index: EXPLAIN on 2,000 members'
 * posts, comments, likes, reactions, ledger lines and reports (bulk SQL, then ANALYZE) never reads a table whole.
 */

let server: TTestServer;
const member = sql`md5('u1')::uuid`;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.deps.db;
  await db.execute(sql`insert into users (id, name, email, created_at, updated_at)
    select md5('u' || g)::uuid, 'Member ' || g, 'member' || g || '@example.test', now(), now()
    from generate_series(1, 2000) g`);
  await db.execute(sql`insert into profiles (id, username) select md5('u' || g)::uuid, 'member_' || g
    from generate_series(1, 2000) g`);
  await db.execute(sql`insert into posts (id, user_id, content, created_at)
    select md5('p' || g)::uuid, md5('u' || (g % 2000 + 1))::uuid, 'Post ' || g, now() - g * interval '1 minute'
    from generate_series(1, 20000) g`);
  await db.execute(sql`insert into post_comments (id, post_id, user_id, content)
    select md5('c' || g)::uuid, md5('p' || g)::uuid, md5('u' || (g % 2000 + 1))::uuid, 'Comment ' || g
    from generate_series(1, 20000) g`);
  await db.execute(sql`insert into post_likes (post_id, user_id)
    select md5('p' || g)::uuid, md5('u' || (g % 2000 + 1))::uuid from generate_series(1, 20000) g`);
  await db.execute(sql`insert into post_comment_likes (comment_id, user_id)
    select md5('c' || g)::uuid, md5('u' || (g % 2000 + 1))::uuid from generate_series(1, 20000) g`);
  await db.execute(sql`insert into post_comment_reactions (comment_id, user_id, emoji)
    select md5('c' || g)::uuid, md5('u' || (g % 2000 + 1))::uuid, '🔥' from generate_series(1, 20000) g`);
  await db.execute(sql`insert into points_transactions (user_id, points, description, activity_id, idempotency_key)
    select md5('u' || (g % 2000 + 1))::uuid, 10, 'Bench', a.id, 'bench:' || g
    from generate_series(1, 20000) g, (select id from points_activities order by name limit 1) a`);
  await db.execute(sql`insert into kols (id, handle) select md5('k' || g)::uuid, 'kol_' || g
    from generate_series(1, 100) g`);
  await db.execute(sql`insert into reports (reporter_id, kol_id, kol_handle, category, description, is_first_report)
    select md5('u' || (g % 2000 + 1))::uuid, md5('k' || (g % 100 + 1))::uuid, 'kol_' || (g % 100 + 1), 'other',
      'Report ' || g, false
    from generate_series(1, 20000) g`);
  await db.execute(sql`vacuum analyze`);
}, 300_000);
afterAll(() => server?.close());

async function plan(query: { getSQL(): SQL }): Promise<string> {
  const rows = await queryRows<{ "QUERY PLAN": string }>(server.deps.db, sql`explain ${query.getSQL()}`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("data download query plans", () => {
  it("reads every section through the member's index", async () => {
    const [{ id } = { id: "" }] = await queryRows<{ id: string }>(
      server.deps.db,
      sql`select ${member} as id`,
    );
    const q = exportQueries(server.deps.db, id);
    const expected: [keyof typeof q, RegExp][] = [
      ["myPosts", /posts_author_(newest|popular)_idx/],
      ["myComments", /post_comments_user_idx/],
      ["postLikeRows", /post_likes_user_idx/],
      ["commentLikeRows", /post_comment_likes_user_idx/],
      ["reactionRows", /post_comment_reactions_user_idx/],
      ["ledger", /points_transactions_user_(newest|activity_created)_idx/],
      ["myReports", /reports_reporter_newest_idx/],
    ];
    for (const [name, index] of expected) {
      const text = await plan(q[name]);
      expect(text, name).toMatch(index);
      expect(text, name).not.toMatch(
        /Seq Scan on (posts|post_comments|post_likes|post_comment_likes|post_comment_reactions|points_transactions|reports)\b/,
      );
    }
  });
});
