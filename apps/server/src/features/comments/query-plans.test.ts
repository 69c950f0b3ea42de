import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { pageIdsQuery } from "./list-comments.ts";

/*
 * A post's comments page walks post_comments_post_threads_idx in order however busy the post: on 20,000 posts with
 * three threads each and one post with 3,000 threads (bulk SQL, then ANALYZE), the busy post's page reads its 21
 * threads from the index alone. On PostgreSQL the page's statement is prepared after a few runs, and after five more
 * PostgreSQL may keep one generic plan for every post, which expects a post's average of three threads: with the
 * index on the keys alone that plan read all 3,000 threads and sorted them (ten times the ordered walk); the index
 * covers the page's filter (a partial index of shown threads, with their authors), so the generic plan walks it too.
 */

const BUSY = "00000000-0000-4000-8000-0000000000b5";
let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.deps.db;
  await db.execute(sql`insert into users (id, name, email, created_at, updated_at)
    select md5('u' || g)::uuid, 'Member ' || g, 'member' || g || '@example.test', now(), now()
    from generate_series(1, 2000) g`);
  await db.execute(sql`insert into profiles (id, username)
    select md5('u' || g)::uuid, 'member_' || g from generate_series(1, 2000) g`);
  await db.execute(sql`insert into posts (id, user_id, content, created_at)
    select md5('p' || g)::uuid, md5('u' || (g % 2000 + 1))::uuid, 'Post ' || g, now() - g * interval '5 minutes'
    from generate_series(1, 20000) g`);
  await db.execute(
    sql`insert into posts (id, user_id, content) values (${BUSY}, md5('u1')::uuid, 'The busy post')`,
  );
  await db.execute(sql`insert into post_comments (post_id, user_id, content, created_at)
    select md5('p' || (g % 20000 + 1))::uuid, md5('u' || (g % 2000 + 1))::uuid, 'Comment ' || g,
      now() - g * interval '1 minute'
    from generate_series(1, 60000) g`);
  await db.execute(sql`insert into post_comments (post_id, user_id, content, created_at)
    select ${BUSY}::uuid, md5('u' || (g % 2000 + 1))::uuid, 'Thread ' || g, now() - g * interval '1 second'
    from generate_series(1, 3000) g`);
  await db.execute(sql`vacuum analyze`);
}, 300_000);
afterAll(() => server?.close());

const ORDERED_WALK = /Index Only Scan using post_comments_post_threads_idx on post_comments c/;
const READ_ALL = /Bitmap Heap Scan on post_comments c\b|Seq Scan on post_comments/;
const CURSORS = [null, { t: "2026-01-01 00:00:00+00", i: "00000000-0000-4000-8000-000000000000" }];

async function plan(query: SQL): Promise<string> {
  const rows = await queryRows<{ "QUERY PLAN": string }>(server.deps.db, sql`explain ${query}`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("a post's comments page", () => {
  it("walks post_comments_post_threads_idx in order on the busy post, first page and a later one", async () => {
    for (const cursor of CURSORS) {
      const text = await plan(pageIdsQuery(BUSY, cursor, 20, null));
      expect(text).toMatch(ORDERED_WALK);
      expect(text).not.toMatch(READ_ALL);
    }
  });

  // Prepared statements are node-postgres' (a real server's); PGlite plans every statement as it runs.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "walks it in order under the generic plan a prepared statement keeps, for a busy post too",
    async () => {
      const client = new pg.Client({ connectionString: server.deps.config.databaseUrl ?? "" });
      await client.connect();
      try {
        await client.query("set plan_cache_mode = force_generic_plan");
        for (const [n, cursor] of CURSORS.entries()) {
          // biome-ignore lint/suspicious/noExplicitAny: Drizzle's dialect turns a template into its text and values
          const query = (server.deps.db as any).dialect.sqlToQuery(pageIdsQuery(BUSY, cursor, 20, null)) as {
            sql: string;
            params: unknown[];
          };
          await client.query(`prepare page_${n} as ${query.sql}`);
          const values = query.params.map((v) => client.escapeLiteral(String(v))).join(", ");
          const res = await client.query(
            `explain (analyze, costs off, timing off) execute page_${n}(${values})`,
          );
          const text = (res.rows as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n");
          expect(text).toMatch(ORDERED_WALK);
          expect(text).not.toMatch(READ_ALL);
          expect(text).toMatch(/Index Only Scan using post_comments_post_threads_idx .*\(actual rows=21 /);
        }
      } finally {
        await client.end();
      }
    },
  );
});
