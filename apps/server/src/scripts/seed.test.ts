import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/query-rows.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";
import { seedAll } from "./seed.ts";

let server: TTestServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await seedAll(server.deps, (line) => lines.push(line));
}, 180_000);
afterAll(() => server?.close());

type TCounts = {
  members: number;
  named: number;
  with_banner: number;
  public_posts: number;
  with_pictures: number;
  post_days: number;
  likes: number;
  comments: number;
  follows: number;
  votes: number;
  approved_reports: number;
  join_days: number;
};

const counts = async () => {
  const [row] = await queryRows<TCounts>(
    server.deps.db,
    sql`select
      (select count(*)::int from profiles) as members,
      (select count(*)::int from profiles where display_name is not null and bio is not null) as named,
      (select count(*)::int from profiles where banner_url is not null) as with_banner,
      (select count(*)::int from posts where community_id is null) as public_posts,
      (select count(distinct post_id)::int from post_media) as with_pictures,
      (select count(distinct created_at::date)::int from posts where community_id is null) as post_days,
      (select count(*)::int from post_likes) as likes,
      (select count(*)::int from post_comments) as comments,
      (select count(*)::int from follows) as follows,
      (select count(*)::int from kol_votes) as votes,
      (select count(*)::int from reports where status = 'approved') as approved_reports,
      (select count(distinct created_at::date)::int from profiles) as join_days`,
  );
  return row as TCounts;
};

describe("npm run seed", () => {
  it("makes a site that looks lived in: people with faces and words, weeks of posts, likes, follows, votes", async () => {
    const c = await counts();
    expect(c.members).toBeGreaterThanOrEqual(37);
    expect(c.named).toBeGreaterThanOrEqual(36);
    expect(c.with_banner).toBeGreaterThanOrEqual(36);
    expect(c.public_posts).toBeGreaterThanOrEqual(48);
    expect(c.with_pictures).toBeGreaterThanOrEqual(12);
    // Spread over the last six weeks, not all written today.
    expect(c.post_days).toBeGreaterThanOrEqual(30);
    expect(c.join_days).toBeGreaterThanOrEqual(15);
    expect(c.likes).toBeGreaterThanOrEqual(200);
    expect(c.comments).toBeGreaterThanOrEqual(20);
    expect(c.follows).toBeGreaterThanOrEqual(150);
    expect(c.votes).toBeGreaterThanOrEqual(100);
    expect(c.approved_reports).toBeGreaterThanOrEqual(8);
    // A visitor's PlugFeed is full: a first page of public posts and more after it.
    const feed = (await (await server.fetch("/api/feed?limit=20")).json()) as {
      items: unknown[];
      nextCursor: string | null;
    };
    expect(feed.items).toHaveLength(20);
    expect(feed.nextCursor).not.toBeNull();
  });

  it("shows its progress, and a second run adds nothing", async () => {
    expect(lines).toContain("  posts: 48/48");
    expect(lines.some((line) => line.startsWith("Activity: 48 posts"))).toBe(true);
    const before = await counts();
    const again: string[] = [];
    await seedAll(server.deps, (line) => again.push(line));
    expect(await counts()).toEqual(before);
    expect(again).toContain("Activity: 0 posts, 0 likes, 0 comments, 0 follows.");
  }, 120_000);
});
