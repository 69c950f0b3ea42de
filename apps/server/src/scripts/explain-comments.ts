/**
 * Prints the PostgreSQL plans of the comment list's queries on a seeded database, to check that each is served by
 * an index (ARCHITECTURE.md, Data). It creates a scratch database on the server named by DATABASE_URL, seeds it
 * (users, posts, one busy post with many threads and replies, reactions, likes, attachments), runs EXPLAIN ANALYZE
 * and drops it again.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx apps/server/src/scripts/explain-comments.ts
 *
 * Options (environment): COMMENTS (default 50000), USERS (default 500).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { queryRows } from "../db/query-rows.ts";
import { reactionCounts } from "../features/comments/comment-dto.ts";
import { pageIdsQuery, threadIdsQuery } from "../features/comments/list-comments.ts";
import { withScratchDatabase } from "./explain-scratch.ts";

const COMMENTS = Number(process.env.COMMENTS ?? 50000);
const USERS = Number(process.env.USERS ?? 500);

async function main() {
  await withScratchDatabase(async ({ db, url, name, explain }) => {
    console.log(`Seeding ${USERS} users, 200 posts and ${COMMENTS} comments into ${name}...`);
    await db.execute(sql`insert into profiles (id, username)
      select gen_random_uuid(), 'user_' || g from generate_series(1, ${USERS}) g`);
    await db.execute(sql`insert into posts (user_id, content, created_at)
      select (select id from profiles order by random() + g * 0 limit 1), 'post ' || g,
        now() - (g * interval '1 hour')
      from generate_series(1, 200) g`);
    // Half of the comments are threads (40% of them on one busy post), half are replies to a random thread.
    await db.execute(sql`insert into post_comments (post_id, user_id, content, created_at)
      select case when random() < 0.4 then (select id from posts order by created_at limit 1)
                  else (select id from posts order by random() + g * 0 limit 1) end,
        (select id from profiles order by random() + g * 0 limit 1), 'comment ' || g,
        now() - (random() * interval '30 days')
      from generate_series(1, ${COMMENTS / 2}) g`);
    await db.execute(sql`insert into post_comments (post_id, user_id, parent_id, content, created_at)
      select t.post_id, (select id from profiles order by random() + g * 0 limit 1), t.id, 'reply ' || g,
        t.created_at + random() * interval '1 day'
      from generate_series(1, ${COMMENTS / 2}) g
      cross join lateral (select id, post_id, created_at from post_comments
        where parent_id is null order by random() + g * 0 limit 1) t`);
    await db.execute(sql`insert into post_comment_reactions (comment_id, user_id, emoji)
      select c.id, u.id, e.emoji
      from (select id from post_comments order by random() limit ${COMMENTS / 5}) c
      cross join lateral (select id from profiles order by random() + length(c.id::text) * 0 limit 3) u
      cross join (values ('🚀'), ('🔥')) e(emoji)
      on conflict do nothing`);
    await db.execute(sql`analyze`);

    const [busy] = await queryRows<{ id: string; threads: number; replies: number }>(
      db,
      sql`select p.id,
          (select count(*)::int from post_comments c where c.post_id = p.id and c.parent_id is null) as threads,
          (select count(*)::int from post_comments c where c.post_id = p.id and c.parent_id is not null) as replies
        from posts p order by p.created_at limit 1`,
    );
    if (!busy) throw new Error("no post seeded");
    console.log(`The busy post has ${busy.threads} threads and ${busy.replies} replies.`);

    await explain("threads, first page", threadIdsQuery(busy.id, null, 21));
    const middle = await queryRows<{ id: string; created_at: string }>(
      db,
      threadIdsQuery(busy.id, null, Math.floor(busy.threads / 2)),
    );
    const at = middle.at(-1);
    if (!at) throw new Error("no threads");
    const page = await queryRows<{ id: string }>(
      db,
      threadIdsQuery(busy.id, { t: at.created_at, i: at.id }, 21),
    );
    await explain(
      `threads, page after ${middle.length} threads (keyset)`,
      threadIdsQuery(busy.id, { t: at.created_at, i: at.id }, 21),
    );
    const ids = page.map((r) => r.id);
    await explain(
      "a page of 20 threads and all their replies (the ids the page hydrates)",
      pageIdsQuery(busy.id, { t: at.created_at, i: at.id }, 20, null),
    );
    const { sql: text, params } = reactionCounts(db, ids).toSQL();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const plan = await client.query(`explain (analyze, costs off, summary on) ${text}`, params);
    await client.end();
    console.log("\n== reaction counts of a page");
    for (const row of plan.rows as { "QUERY PLAN": string }[]) console.log(row["QUERY PLAN"]);
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
