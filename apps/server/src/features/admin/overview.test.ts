import { OVERVIEW_DAYS, type TAdminOverview } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { commentAs } from "../comments/testing.ts";
import { call, createPostAs, seedCommunity } from "../posts/testing.ts";

let server: TTestServer;
let admin: TTestUser;
let member: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  member = await createUser(server);
  const post = await createPostAs(server, member.cookie, { content: "Hello overview" });
  await createPostAs(server, admin.cookie, { content: "Second post" });
  await commentAs(server, admin.cookie, post.id, { content: "A comment" });
  await seedCommunity(server);
  // A post and a sign-up from 3 days ago, and one from before the window.
  await server.deps.db.execute(
    sql`update posts set created_at = now() - interval '3 days' where content = 'Second post'`,
  );
  await server.deps.db.execute(
    sql`update profiles set created_at = now() - interval '40 days' where id = ${admin.id}`,
  );
  await call(server, "POST", "/api/contact", {
    json: { name: "Dana", email: "dana@example.test", topic: "press", message: "Hello there, a question." },
  });
});
afterAll(() => server?.close());

const overview = (cookie?: string) => call<TAdminOverview>(server, "GET", "/api/admin/overview", { cookie });

describe("GET /api/admin/overview", () => {
  it("is for admins only", async () => {
    expect((await overview()).status).toBe(401);
    expect((await overview(member.cookie)).status).toBe(403);
  });

  it("counts the site and gives 30 UTC days, oldest first, with sign-ups, posts and points paid", async () => {
    const res = await overview(admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({
      members: 2,
      posts: 2,
      comments: 1,
      communities: 1,
      openReports: 0,
      openMessages: 1,
    });
    const { days } = res.body;
    expect(days).toHaveLength(OVERVIEW_DAYS);
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(days.at(-1)?.day).toBe(today);
    expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
    expect(days.at(-1)).toMatchObject({ signups: 1, posts: 1 });
    expect(days.find((d) => d.day === threeDaysAgo)?.posts).toBe(1);
    // The admin joined 40 days ago: outside the window.
    expect(days.reduce((n, d) => n + d.signups, 0)).toBe(1);
    // What was paid today is the ledger's positive lines of today (the sign-up bonus, the post...).
    const [paid] = await queryRows<{ n: number }>(
      server.deps.db,
      sql`select coalesce(sum(points), 0)::int as n from points_transactions
          where points > 0 and created_at >= date_trunc('day', now(), 'UTC')`,
    );
    expect(days.at(-1)?.pointsPaid).toBe(paid?.n);
    expect(paid?.n).toBeGreaterThan(0);
  });
});
