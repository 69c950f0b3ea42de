import { scoreKol } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/query-rows.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";
import { benchId } from "./database.ts";
import { BENCH_PASSWORD, benchSize, benchUuid, HOT_POSTS, seedBench } from "./seed.ts";

/* The benchmark's seed at a tiny scale, so it keeps up with the schema (the benchmark itself is no test). */

let server: TTestServer;
const size = benchSize(0.002);

beforeAll(async () => {
  server = await startTestServer();
  await seedBench(server.deps.db, size);
});
afterAll(() => server?.close());

const count = async (table: string, where = "true") => {
  const [row] = await queryRows<{ n: number }>(
    server.deps.db,
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  );
  return row?.n;
};

describe("bench seed", () => {
  it("writes the asked number of rows", async () => {
    expect(size).toMatchObject({ users: 20, communities: 2, posts: 400, likes: 2000, comments: 1000 });
    expect(await count("users")).toBe(size.users);
    expect(await count("profiles")).toBe(size.users);
    expect(await count("communities")).toBe(size.communities);
    expect(await count("community_members")).toBe(size.memberships);
    expect(await count("follows")).toBe(size.follows);
    expect(await count("posts")).toBe(size.posts);
    expect(await count("post_likes")).toBe(size.likes);
    expect(await count("post_comments")).toBe(size.comments);
    expect(await count("post_comments", "parent_id is not null")).toBe(size.comments / 5);
    expect(await count("post_comment_reactions")).toBe(size.reactions);
    expect(await count("points_transactions")).toBe(size.ledger);
    expect(await count("kols")).toBe(size.kols);
    expect(await count("kol_votes")).toBe(size.kolVotes);
    expect(await count("reports")).toBe(size.reports);
    expect(await count("notifications")).toBe(size.notifications);
    expect(await count("notifications", "read_at is null")).toBe(Math.floor(size.notifications / 5));
  });

  it("writes Learn's courses, and the lesson the runner reads is where the runner looks for it", async () => {
    expect(await count("learn_courses", "published")).toBe(12);
    expect(await count("learn_lessons")).toBe(96);
    expect(await count("learn_questions")).toBe(192);
    expect(await count("learn_completions")).toBe(size.users * 3);
    const res = await server.fetch(`/api/learn/courses/bench-course-1/lessons/${benchUuid("ll", 101)}`);
    expect(res.status).toBe(200);
    const lesson = (await res.json()) as { position: number; html: string };
    expect(lesson.position).toBe(1);
    expect(lesson.html).toContain("<pre><code>setApprovalForAll(operator, true)");
  });

  it("writes live, upcoming and drawn giveaways, the drawn ones with their winners on the list", async () => {
    expect(await count("giveaways", "status = 'drawn'")).toBe(10);
    expect(await count("giveaway_winners")).toBe(30);
    const res = await server.fetch("/api/rewards");
    const list = (await res.json()) as {
      live: unknown[];
      upcoming: unknown[];
      ended: { winners: { position: number; claimStatus: string }[] }[];
    };
    expect([list.live.length, list.upcoming.length, list.ended.length]).toEqual([10, 10, 10]);
    for (const g of list.ended) {
      expect(g.winners.map((w) => [w.position, w.claimStatus])).toEqual([
        [1, "claimed"],
        [2, "pending"],
        [3, "pending"],
      ]);
    }
  });

  it("writes the blog's articles, and the article the runner reads is published", async () => {
    expect(await count("blog_articles", "status = 'published'")).toBe(200);
    expect(await count("blog_articles", "status = 'draft'")).toBe(20);
    expect(await count("blog_article_tags")).toBe(440);
    const res = await server.fetch("/api/blog/articles/bench-article-2");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { html: string }).html).toContain('<h2 id="the-setup">');
    const list = (await (await server.fetch("/api/blog/articles")).json()) as { total: number };
    expect(list.total).toBe(199);
  });

  it("scores every KOL from its votes and approved reports by the domain's formula", async () => {
    const kols = await queryRows<{
      plug: number;
      rug: number;
      approved: number;
      plug_votes: number;
      rug_votes: number;
      approved_reports: number;
      score: number | null;
      verdict: string;
    }>(
      server.deps.db,
      sql`select plug_votes, rug_votes, approved_reports, score, verdict,
          (select count(*)::int from kol_votes v where v.kol_id = k.id and v.verdict = 'plug') as plug,
          (select count(*)::int from kol_votes v where v.kol_id = k.id and v.verdict = 'rug') as rug,
          (select count(*)::int from reports r where r.kol_id = k.id and r.status = 'approved') as approved
        from kols k`,
    );
    expect(kols).toHaveLength(size.kols);
    for (const k of kols) {
      expect([k.plug_votes, k.rug_votes, k.approved_reports]).toEqual([k.plug, k.rug, k.approved]);
      const { score, verdict } = scoreKol({
        plugVotes: k.plug,
        rugVotes: k.rug,
        approvedReports: k.approved,
      });
      expect({ score: k.score, verdict: k.verdict }).toEqual({ score, verdict });
    }
  });

  it("keeps counters equal to their rows and makes the first posts hot", async () => {
    const [drift] = await queryRows<{
      likes: number;
      comments: number;
      members: number;
      points: number;
      ranked: number;
    }>(
      server.deps.db,
      sql`select
        (select count(*)::int from posts p
          where likes_count <> (select count(*) from post_likes l where l.post_id = p.id)) as likes,
        (select count(*)::int from posts p
          where comments_count <> (select count(*) from post_comments c where c.post_id = p.id)) as comments,
        (select count(*)::int from communities c
          where member_count <> (select count(*) from community_members m where m.community_id = c.id)) as members,
        (select count(*)::int from profiles p where points <> (select coalesce(sum(points), 0)
          from points_transactions t where t.user_id = p.id)) as points,
        (select coalesce(sum(n), 0)::int from site_counts where total = 'ranked')
          - (select count(*)::int from profiles where points > 0 and not is_banned) as ranked`,
    );
    expect(drift).toEqual({ likes: 0, comments: 0, members: 0, points: 0, ranked: 0 });
    const hot = await queryRows<{ id: string; likes_count: number }>(
      server.deps.db,
      sql`select id, likes_count from posts order by likes_count desc, id limit ${HOT_POSTS}`,
    );
    expect(hot.map((h) => h.likes_count)).toEqual(Array(HOT_POSTS).fill(size.users));
    // The runner names rows without asking the database: post n is benchId("p", n).
    expect(hot.map((h) => h.id)).toContain(benchId("p", 1));
  });

  it("gives every bench user a password that signs in", async () => {
    const res = await server.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench1@bench.test", password: BENCH_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const feed = await server.fetch("/api/feed?tab=following", { headers: { cookie } });
    expect(((await feed.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });
});
