import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { queueQuery, removedQuery } from "./moderation-queue.ts";
import { removedCommunitiesQuery } from "./remove-community.ts";

/*
 * The moderation console's lists are index reads: on 20,000 posts and 20,000 comments, 10,000 of them flagged (30,000 flags)
 * and 2,000 removed, and 5,000 communities, 50 of them removed (bulk SQL, then ANALYZE), EXPLAIN must show the queue's and the Removed tab's own indexes and no
 * sequential scan of moderation_items, posts or post_comments.
 */

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.deps.db;
  await db.execute(sql`insert into users (id, name, email, created_at, updated_at)
    select md5('u' || g)::uuid, 'Member ' || g, 'member' || g || '@example.test', now(), now()
    from generate_series(1, 2000) g`);
  await db.execute(sql`insert into profiles (id, username)
    select md5('u' || g)::uuid, 'member_' || g from generate_series(1, 2000) g`);
  await db.execute(sql`insert into posts (id, user_id, content, created_at, removed_at)
    select md5('p' || g)::uuid, md5('u' || (g % 2000 + 1))::uuid, 'Post ' || g, now() - g * interval '5 minutes',
      case when g % 20 = 0 then now() - g * interval '10 minutes' end
    from generate_series(1, 20000) g`);
  await db.execute(sql`insert into post_comments (id, post_id, user_id, content, removed_at)
    select md5('c' || g)::uuid, md5('p' || (g % 20000 + 1))::uuid, md5('u' || (g % 2000 + 1))::uuid, 'Comment ' || g,
      case when g % 20 = 0 then now() - g * interval '10 minutes' end
    from generate_series(1, 20000) g`);
  await db.execute(sql`insert into moderation_items (post_id, comment_id, open_flags, last_flagged_at)
    select case when g % 2 = 0 then md5('p' || g)::uuid end, case when g % 2 = 1 then md5('c' || g)::uuid end,
      case when g % 4 = 0 then 0 else g % 7 + 1 end, now() - g * interval '1 minute'
    from generate_series(1, 10000) g`);
  await db.execute(sql`insert into content_flags (item_id, user_id, reason, status)
    select i.id, md5('u' || u)::uuid, 'spam', case when i.open_flags > 0 then 'open' else 'dismissed' end
    from moderation_items i, generate_series(1, 3) u`);
  await db.execute(sql`insert into communities (id, name, slug, removed_at)
    select md5('k' || g)::uuid, 'Community ' || g, 'community-' || g,
      case when g % 100 = 0 then now() - g * interval '1 hour' end
    from generate_series(1, 5000) g`);
  await db.execute(sql`vacuum analyze`);
}, 300_000);
afterAll(() => server?.close());

async function plan(query: SQL): Promise<string> {
  const rows = await queryRows<{ "QUERY PLAN": string }>(server.deps.db, sql`explain ${query}`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

const noFullReads = /Seq Scan on (moderation_items|posts|post_comments)\b/;

describe("moderation query plans", () => {
  it("the queue walks moderation_items_queue_idx, first page and a later one", async () => {
    for (const cursor of [
      null,
      [3, "2026-01-01 00:00:00+00", "00000000-0000-4000-8000-000000000000"] as const,
    ]) {
      const text = await plan(queueQuery(cursor ? [...cursor] : null, 20));
      expect(text).toMatch(/moderation_items_queue_idx/);
      expect(text).not.toMatch(noFullReads);
      expect(text).toMatch(/content_flags_item_user_key/);
      expect(text).not.toMatch(/Seq Scan on content_flags/);
    }
  });

  it("the Removed tab reads posts_removed_idx and post_comments_removed_idx", async () => {
    for (const cursor of [
      null,
      ["2026-01-01 00:00:00+00", "00000000-0000-4000-8000-000000000000"] as const,
    ]) {
      const text = await plan(removedQuery(cursor ? [...cursor] : null, 20));
      expect(text).toMatch(/posts_removed_idx/);
      expect(text).toMatch(/post_comments_removed_idx/);
      expect(text).not.toMatch(noFullReads);
    }
  });

  it("the removed communities (the Removed tab, and what every read of posts leaves out) read communities_removed_idx", async () => {
    const text = await plan(removedCommunitiesQuery(50));
    expect(text).toMatch(/communities_removed_idx/);
    expect(text).not.toMatch(/Seq Scan on communities\b/);
    const ids = await plan(sql`select rc.id from communities rc where rc.removed_at is not null`);
    expect(ids).toMatch(/communities_removed_idx/);
  });
});
