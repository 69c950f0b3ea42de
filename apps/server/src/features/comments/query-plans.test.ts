import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { hydrateCommentPage } from "./comment-dto.ts";
import { pageIdsQuery } from "./list-comments.ts";

/*
 * A post's comments page is an ordered walk of post_comments_post_threads_idx however busy the post: on 20,000 posts
 * with one thread each and one post with 3,000 threads (bulk SQL, then ANALYZE), the page of the busy post reads 21
 * threads from the index in order instead of all 3,000 and a sort. A generic plan (a prepared statement's, after five
 * runs) expects any post's average of one or two threads and reads and sorts them all, so that statement is planned
 * at each run and never prepared (PLAN_PER_RUN in db/preparing-client.ts).
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
    select md5('p' || g)::uuid, md5('u' || (g % 2000 + 1))::uuid, 'Comment ' || g, now() - g * interval '1 minute'
    from generate_series(1, 20000) g`);
  await db.execute(sql`insert into post_comments (post_id, user_id, content, created_at)
    select ${BUSY}::uuid, md5('u' || (g % 2000 + 1))::uuid, 'Thread ' || g, now() - g * interval '1 second'
    from generate_series(1, 3000) g`);
  await db.execute(sql`vacuum analyze`);
}, 300_000);
afterAll(() => server?.close());

async function plan(query: SQL): Promise<string> {
  const rows = await queryRows<{ "QUERY PLAN": string }>(server.deps.db, sql`explain ${query}`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("a post's comments page", () => {
  it("walks post_comments_post_threads_idx in order on the busy post, first page and a later one", async () => {
    for (const cursor of [null, { t: "2026-01-01 00:00:00+00", i: "00000000-0000-4000-8000-000000000000" }]) {
      const text = await plan(pageIdsQuery(BUSY, cursor, 20, null));
      expect(text).toMatch(/Index Scan using post_comments_post_threads_idx on post_comments c/);
      expect(text).not.toMatch(/Bitmap Heap Scan on post_comments c\b/);
      expect(text).not.toMatch(/Seq Scan on post_comments/);
    }
  });

  // Prepared statements are node-postgres' (a real server's); PGlite plans every statement as it runs.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is planned for its post at each run, never kept as one generic plan, and pages the busy post in order",
    async () => {
      // One connection, so every run below happens where pg_prepared_statements is read.
      const one = await openDatabase({
        databaseUrl: server.deps.config.databaseUrl,
        dataDir: null,
        poolMax: 1,
      });
      try {
        const firsts: string[] = [];
        for (let run = 0; run < 8; run++) {
          const rows = await hydrateCommentPage(one.db, pageIdsQuery(BUSY, null, 20, null), null);
          firsts.push(rows[0]?.comment.content ?? "");
        }
        // Oldest first: thread 3000 was written 3,000 seconds ago.
        expect(new Set(firsts)).toEqual(new Set(["Thread 3000"]));
        const kept = await queryRows<{ statement: string }>(
          one.db,
          sql`select statement from pg_prepared_statements where statement like '%with threads as%'`,
        );
        expect(kept).toEqual([]);
      } finally {
        await one.close();
      }
    },
  );
});
