import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { createUser, makeAdmin, signIn, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { commentAs, postComment } from "../comments/testing.ts";
import { call, createPostAs, seedCommunity, seedFollow, seedMember } from "./testing.ts";

/*
 * A member under a site ban disappears from every read path, through HTTP, and comes back when the ban is lifted or
 * runs out: their posts (the post page and everything hanging off it answer 404, as for a deleted post), the feed's
 * tabs and sorts, the home page, Community Posts and its count, their comments and replies in threads, their
 * profile (404), mention suggestions and community user search, notifications they caused (and the unread count),
 * member, follower and referral lists.
 */

let server: TTestServer;
let admin: TTestUser;
let troll: TTestUser;
let reader: TTestUser;
let community: { id: string };
let trollPost: string;
let trollCommunityPost: string;
let readerPost: string;
let readerComment: string;
let trollThread: string;
let trollReply: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { username: "ban_admin" });
  await makeAdmin(server, admin.id);
  reader = await createUser(server, { username: "reader_of_all" });
  troll = await createUser(server, { username: "troll_under_ban", referralCode: "reader_of_all" });
  community = await seedCommunity(server, "Ban Watch");
  await seedMember(server, community.id, troll.id);
  await seedMember(server, community.id, reader.id);
  await seedMember(server, community.id, admin.id);
  // A creator is named on the community's page.
  await server.deps.db.execute(
    sql`update community_members set role = 'creator' where community_id = ${community.id} and user_id = ${troll.id}`,
  );
  await seedFollow(server, reader.id, troll.id);
  await seedFollow(server, troll.id, reader.id);

  readerPost = (await createPostAs(server, reader.cookie, { content: "reader asks a question" })).id;
  readerComment = (await commentAs(server, reader.cookie, readerPost, { content: "reader's own comment" }))
    .id;
  trollPost = (await createPostAs(server, troll.cookie, { content: "troll_under_ban shouts in public" })).id;
  trollCommunityPost = (
    await createPostAs(server, troll.cookie, {
      content: "troll_under_ban shouts inside",
      communityId: community.id,
    })
  ).id;
  // The troll's thread (answered by the reader), and a reply under the reader's comment: both tell the reader.
  trollThread = (await commentAs(server, troll.cookie, readerPost, { content: "troll_under_ban thread" })).id;
  await commentAs(server, reader.cookie, readerPost, { content: "reader answers", parentId: trollThread });
  trollReply = (
    await commentAs(server, troll.cookie, readerPost, {
      content: "troll_under_ban reply",
      parentId: readerComment,
    })
  ).id;
});
afterAll(() => server?.close());

const TROLL = "troll_under_ban";

/** What a reader (or a visitor: no cookie) gets on each read path, as [path, status, body text]. */
async function readAll(cookie: string | undefined): Promise<[string, number, string][]> {
  const paths = [
    "/api/feed",
    "/api/feed?sort=popular",
    "/api/home",
    `/api/posts/${trollPost}`,
    `/api/posts/${trollPost}/comments`,
    `/api/posts/${trollPost}/edits`,
    `/api/posts/${readerPost}/comments`,
    `/api/users/${TROLL}`,
    `/api/users/${TROLL}/posts`,
    `/api/users/${TROLL}/communities`,
    `/api/users/${reader.username}/followers`,
    `/api/users/${reader.username}/following`,
    `/api/communities/${community.id}/members`,
    `/api/communities/${community.id}`,
    "/api/mentions/suggest?q=troll",
    "/api/leaderboard?window=all",
    "/api/leaderboard?window=week",
  ];
  if (cookie) {
    paths.push(
      "/api/feed?tab=following",
      "/api/feed?tab=following&sort=popular",
      `/api/posts/${trollCommunityPost}`,
      `/api/posts?communityId=${community.id}`,
      "/api/posts",
      "/api/notifications",
      "/api/referrals/me",
    );
  }
  return Promise.all(
    paths.map(async (path): Promise<[string, number, string]> => {
      const res = await server.fetch(path, cookie ? { headers: { cookie } } : {});
      return [path, res.status, await res.text()];
    }),
  );
}

/** The read paths whose answer shows the troll (their name, text or id) or is not 200. */
function showingTroll(results: [string, number, string][]): string[] {
  return results
    .filter(([, status, body]) => status === 200 && (body.includes(TROLL) || body.includes(troll.id)))
    .map(([path]) => path);
}

const notFound = (results: [string, number, string][]) =>
  results.filter(([, status]) => status === 404).map(([path]) => path);

async function unread(cookie: string): Promise<number> {
  const res = await call<{ unreadCount: number }>(server, "GET", "/api/notifications/unread-count", {
    cookie,
  });
  return res.body.unreadCount;
}

async function threadOf(cookie: string | undefined) {
  const res = await call<{ items: { id: string; replies: { id: string }[] }[] }>(
    server,
    "GET",
    `/api/posts/${readerPost}/comments`,
    cookie ? { cookie } : {},
  );
  return res.body.items.map((t) => [t.id, t.replies.map((r) => r.id)]);
}

async function setBan(banned: boolean) {
  const res = await call(server, "POST", `/api/admin/members/${troll.id}/${banned ? "ban" : "unban"}`, {
    cookie: admin.cookie,
    json: { reason: "Trolling" },
  });
  expect(res.status).toBe(200);
}

/**
 * The paths that do not name the troll even before the ban (their communities; their post's empty comments and
 * history): every other path must show them then, so the test cannot pass by reading nothing.
 */
const neverShows = () =>
  new Set([
    `/api/users/${TROLL}/communities`,
    `/api/posts/${trollPost}/comments`,
    `/api/posts/${trollPost}/edits`,
  ]);

describe("a site ban hides the member's content everywhere, and lifting it brings it back", () => {
  it("shows the member everywhere before the ban", async () => {
    const seenByReader = await readAll(reader.cookie);
    expect(notFound(seenByReader)).toEqual([]);
    const shown = new Set(showingTroll(seenByReader));
    const missing = seenByReader.map(([path]) => path).filter((p) => !shown.has(p) && !neverShows().has(p));
    expect(missing).toEqual([]);
    expect(await unread(reader.cookie)).toBeGreaterThanOrEqual(2);
  });

  it("hides every post, comment, reply, profile, suggestion and notification of a banned member", async () => {
    const unreadBefore = await unread(reader.cookie);
    await setBan(true);

    for (const cookie of [reader.cookie, admin.cookie, undefined]) {
      const results = await readAll(cookie);
      expect(showingTroll(results)).toEqual([]);
      // Their posts are 404 like deleted ones, and so is their profile.
      const expected404 = [
        `/api/posts/${trollPost}`,
        `/api/posts/${trollPost}/comments`,
        `/api/posts/${trollPost}/edits`,
        `/api/users/${TROLL}`,
        `/api/users/${TROLL}/posts`,
        `/api/users/${TROLL}/communities`,
        ...(cookie ? [`/api/posts/${trollCommunityPost}`] : []),
      ];
      expect(notFound(results).sort()).toEqual(expected404.sort());
    }

    // The thread started by the troll goes with its replies; the reader's own thread stays, without the troll's reply.
    expect(await threadOf(reader.cookie)).toEqual([[readerComment, []]]);
    expect(await threadOf(undefined)).toEqual([[readerComment, []]]);
    // Nothing can be done to what is hidden.
    expect(
      (await call(server, "POST", `/api/posts/${trollPost}/like`, { cookie: reader.cookie })).status,
    ).toBe(404);
    expect(
      (await call(server, "POST", `/api/comments/${trollReply}/like`, { cookie: reader.cookie })).status,
    ).toBe(404);
    const replyToHidden = await postComment(server, reader.cookie, readerPost, {
      content: "answering a ghost",
      parentId: trollThread,
    });
    expect(replyToHidden.status).toBe(404);
    // The bell no longer counts what the troll did (the reader's thread answer and the reply to their comment).
    expect(await unread(reader.cookie)).toBeLessThan(unreadBefore);
    const page = await call<{ unreadCount: number; items: unknown[] }>(server, "GET", "/api/notifications", {
      cookie: reader.cookie,
    });
    expect(page.body.unreadCount).toBe(await unread(reader.cookie));
    // Community Posts counts only what it lists.
    const listed = await call<{ items: unknown[]; total: number }>(
      server,
      "GET",
      `/api/posts?communityId=${community.id}`,
      { cookie: reader.cookie },
    );
    expect(listed.body).toMatchObject({ items: [], total: 0 });
  });

  it("shows everything again once the ban is lifted", async () => {
    await setBan(false);
    const results = await readAll(reader.cookie);
    expect(notFound(results)).toEqual([]);
    const shown = new Set(showingTroll(results));
    expect(results.map(([path]) => path).filter((p) => !shown.has(p) && !neverShows().has(p))).toEqual([]);
    expect(await threadOf(undefined)).toEqual([
      [readerComment, [trollReply]],
      [trollThread, [expect.any(String)]],
    ]);
  });

  it("hides during a better-auth ban with an end date, and not once that date has passed", async () => {
    const troll2 = await signIn(server, troll.email, troll.password);
    const until = (ms: number) =>
      server.deps.db
        .update(users)
        .set({ banned: true, banExpires: new Date(Date.now() + ms) })
        .where(eq(users.id, troll.id));

    await until(60_000);
    expect((await call(server, "GET", `/api/posts/${trollPost}`)).status).toBe(404);
    expect(showingTroll(await readAll(reader.cookie))).toEqual([]);

    await until(-1_000);
    expect((await call(server, "GET", `/api/posts/${trollPost}`)).status).toBe(200);
    expect(showingTroll(await readAll(undefined))).toContain("/api/feed");
    // Nor does an ended ban sign the member out.
    const me = await server.fetch("/api/me", { headers: { cookie: troll2.cookie } });
    expect(me.status).toBe(200);
    expect(me.headers.get("x-session-ended")).toBeNull();
  });
});
