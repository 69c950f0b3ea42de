/**
 * Prints the PostgreSQL plans of the feed's queries on a seeded database, to check that every list is served by
 * an index (ARCHITECTURE.md, Data). It creates a scratch database on the server named by DATABASE_URL, seeds it
 * (users, communities, memberships, follows, a few thousand posts), runs EXPLAIN ANALYZE and drops it again.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx apps/server/src/scripts/explain-feed.ts
 *
 * Options (environment): POSTS (default 5000), USERS (default 500).
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../db/query-rows.ts";
import { feedIdsQuery, pagedCountQuery, pagedIdsQuery, type TFeedRow } from "../features/posts/feed-query.ts";
import type { TKeysetCursor } from "../lib/keyset-page.ts";
import { withScratchDatabase } from "./explain-scratch.ts";

const POSTS = Number(process.env.POSTS ?? 5000);
const USERS = Number(process.env.USERS ?? 500);

async function main() {
  await withScratchDatabase(async ({ db, name, explain }) => {
    console.log(`Seeding ${USERS} users and ${POSTS} posts into ${name}...`);
    await db.execute(sql`insert into profiles (id, username)
      select gen_random_uuid(), 'user_' || g from generate_series(1, ${USERS}) g`);
    await db.execute(sql`insert into communities (name, slug)
      select 'Community ' || g, 'community-' || g from generate_series(1, 40) g`);
    // Each user joins 3 communities; a few memberships are banned.
    await db.execute(sql`insert into community_members (community_id, user_id, status)
      select c.id, u.id, case when random() < 0.05 then 'banned' else 'active' end
      from (select id, row_number() over (order by username) n from profiles) u
      join (select id, row_number() over (order by slug) n from communities) c
        on c.n in ((u.n % 40) + 1, ((u.n + 7) % 40) + 1, ((u.n + 19) % 40) + 1)`);
    await db.execute(sql`insert into follows (follower_id, followed_id)
      select a.id, b.id from profiles a join profiles b on a.id <> b.id where random() < 0.04`);
    // 60% public posts outside communities, 40% in communities; spread over 90 days; likes skewed.
    await db.execute(sql`insert into posts (user_id, content, community_id, likes_count, comments_count, created_at)
      select u.id, 'post ' || g,
        case when random() < 0.4 then (select id from communities order by random() + g * 0 limit 1) end,
        floor(power(random(), 4) * 200)::int, floor(power(random(), 3) * 30)::int,
        now() - (random() * interval '90 days')
      from generate_series(1, ${POSTS}) g
      cross join lateral (select id from profiles order by random() + g * 0 limit 1) u`);
    await db.execute(sql`analyze`);

    const [viewer] = await queryRows<{ id: string; follows: number; communities: number }>(
      db,
      sql`select p.id,
          (select count(*)::int from follows f where f.follower_id = p.id) as follows,
          (select count(*)::int from community_members m where m.user_id = p.id and m.status = 'active')
            as communities
        from profiles p order by p.username limit 1`,
    );
    if (!viewer) throw new Error("no viewer seeded");
    console.log(
      `Viewer follows ${viewer.follows} users and is an active member of ${viewer.communities} communities.`,
    );

    const secondPageCursor = async (sort: "newest" | "popular", viewerId: string | null) => {
      const [last] = (
        await queryRows<TFeedRow>(db, feedIdsQuery({ tab: "all", sort, viewerId, cursor: null, limit: 10 }))
      ).slice(-1);
      if (!last) throw new Error("no posts");
      return sort === "newest"
        ? ({ s: "newest", t: last.created_at, i: last.id } as const)
        : ({
            s: "popular",
            l: last.likes_count,
            c: last.comments_count,
            t: last.created_at,
            i: last.id,
          } as const);
    };

    const v = viewer.id;
    await explain(
      "feed, visitor, newest",
      feedIdsQuery({ tab: "all", sort: "newest", viewerId: null, cursor: null, limit: 11 }),
    );
    await explain(
      "feed, signed in, newest, first page",
      feedIdsQuery({ tab: "all", sort: "newest", viewerId: v, cursor: null, limit: 11 }),
    );
    await explain(
      "feed, signed in, newest, second page (keyset)",
      feedIdsQuery({
        tab: "all",
        sort: "newest",
        viewerId: v,
        cursor: await secondPageCursor("newest", v),
        limit: 11,
      }),
    );
    await explain(
      "feed, signed in, popular, second page (keyset)",
      feedIdsQuery({
        tab: "all",
        sort: "popular",
        viewerId: v,
        cursor: await secondPageCursor("popular", v),
        limit: 11,
      }),
    );
    await explain(
      "feed, following, newest",
      feedIdsQuery({ tab: "following", sort: "newest", viewerId: v, cursor: null, limit: 11 }),
    );
    await explain(
      "feed, following, popular",
      feedIdsQuery({ tab: "following", sort: "popular", viewerId: v, cursor: null, limit: 11 }),
    );
    // A page a month back: its cursor's key is a timestamp, the tie-break id any.
    const deep: TKeysetCursor = {
      k: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      i: "00000000-0000-4000-8000-000000000000",
      p: 3,
      d: "next",
    };
    await explain(
      "Community Posts, signed in, a page a month back",
      pagedIdsQuery({ viewerId: v, communityId: null, cursor: deep, limit: 11 }),
    );
    await explain(
      "Community Posts, signed in, total (capped)",
      pagedCountQuery({ viewerId: v, communityId: null, cap: 1001 }),
    );
    const [community] = await queryRows<{ id: string }>(
      db,
      sql`select community_id as id from community_members where user_id = ${v} and status = 'active' limit 1`,
    );
    if (community) {
      await explain(
        "Community Posts, one community, a page a month back",
        pagedIdsQuery({ viewerId: v, communityId: community.id, cursor: { ...deep, p: 2 }, limit: 11 }),
      );
    }
    await explain(
      "mention suggestions 'user_42'",
      sql`select id, username from profiles where lower(username) like ${"user\\_42%"} and is_banned = false
        and id <> ${v} order by lower(username) using ~<~ limit 5`,
    );
  });
}

void main();
