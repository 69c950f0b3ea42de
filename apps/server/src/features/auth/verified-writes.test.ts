import { M } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, users } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { communityForm, validCommunityFields } from "../communities/testing.ts";
import { reportForm, VALID_REPORT } from "../kols/testing.ts";
import { call, createPostAs, postForm } from "../posts/testing.ts";

/*
 * Writes that others see need a verified e-mail: a post, a comment, a KOL report, a community, a giveaway entry.
 * Reading, following and the member's own settings do not. Each refusal is a 403 with one message, and nothing is
 * written; once the link is opened, the same writes go through.
 */

let server: TTestServer;
let fresh: TTestUser;
let author: TTestUser;
let postId: string;
let giveawaySlug: string;
beforeAll(async () => {
  server = await startTestServer();
  fresh = await createUser(server, { emailVerified: false });
  author = await createUser(server);
  postId = (await createPostAs(server, author.cookie, { content: "A post to comment on" })).id;
  const admin = await createUser(server);
  await makeAdmin(server, admin.id);
  const created = await call<{ slug: string }>(server, "POST", "/api/admin/rewards", {
    cookie: admin.cookie,
    json: {
      title: `Verified-only ${Date.now()}`,
      prize: "10 USDC",
      description: "A prize.",
      winnersCount: 1,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      entryCost: 0,
      minPoints: 0,
    },
  });
  giveawaySlug = created.body.slug;
  await call(server, "POST", `/api/admin/rewards/${giveawaySlug}/publish`, { cookie: admin.cookie });
});
afterAll(() => server?.close());

const writes = (cookie: string) =>
  ({
    post: async () => call(server, "POST", "/api/posts", { cookie, form: postForm({ content: "Hello" }) }),
    comment: async () => {
      const form = new FormData();
      form.set("content", "Nice");
      return call(server, "POST", `/api/posts/${postId}/comments`, { cookie, form });
    },
    report: async () =>
      call(server, "POST", "/api/reports", {
        cookie,
        form: reportForm({ ...VALID_REPORT, kolHandle: `kol${Date.now() % 100000}` }),
      }),
    community: async () =>
      call(server, "POST", "/api/communities", { cookie, form: communityForm(await validCommunityFields()) }),
    entry: async () => call(server, "POST", `/api/rewards/${giveawaySlug}/entries`, { cookie }),
  }) as const;

describe("writes others see need a verified e-mail", () => {
  it("refuses each one from an unverified member with one message, writing nothing", async () => {
    const before = (await server.deps.db.select({ id: posts.id }).from(posts)).length;
    for (const [what, write] of Object.entries(writes(fresh.cookie))) {
      const res = await write();
      expect([what, res.status]).toEqual([what, 403]);
      expect((res.body as { error: { message: string } }).error.message).toBe(M.auth.verifyEmailFirst);
    }
    expect((await server.deps.db.select({ id: posts.id }).from(posts)).length).toBe(before);
  });

  it("lets an unverified member read, follow and change their own settings", async () => {
    expect((await call(server, "GET", "/api/feed", { cookie: fresh.cookie })).status).toBe(200);
    expect((await call(server, "GET", `/api/posts/${postId}`, { cookie: fresh.cookie })).status).toBe(200);
    const follow = await call(server, "PUT", `/api/users/${author.username}/follow`, {
      cookie: fresh.cookie,
    });
    expect(follow.status).toBeLessThan(300);
    const profile = await call(server, "PATCH", "/api/me/profile", {
      cookie: fresh.cookie,
      json: { bio: "Just got here" },
    });
    expect(profile.status).toBe(200);
  });

  it("lets the same member make each write once the address is verified", async () => {
    await server.deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, fresh.id));
    for (const [what, write] of Object.entries(writes(fresh.cookie))) {
      const res = await write();
      expect([what, res.status]).toEqual([what, 201]);
    }
  });
});
