import {
  MODERATION_M,
  type TAdminAuditPage,
  type TCommentsPage,
  type TCommunityDetail,
  type TFeedPage,
  type TModerationQueuePage,
  type TNotificationsPage,
  type TRemovedPage,
} from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { commentAs, commentCounts, listComments } from "../comments/testing.ts";
import { call, createPostAs, seedCommunity, seedMember } from "../posts/testing.ts";

let server: TTestServer;
let admin: TTestUser;
let author: TTestUser;
let alice: TTestUser;
let bob: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { username: "mod_admin" });
  await makeAdmin(server, admin.id);
  author = await createUser(server, { username: "the_author" });
  alice = await createUser(server, { username: "alice_flags" });
  bob = await createUser(server, { username: "bob_flags" });
});
afterAll(() => server?.close());

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

const flag = (type: "posts" | "comments", id: string, cookie: string | undefined, json: unknown) =>
  call<TErr>(server, "POST", `/api/${type}/${id}/flags`, { ...(cookie ? { cookie } : {}), json });
const queue = (query = "") =>
  call<TModerationQueuePage & TErr>(server, "GET", `/api/admin/moderation/queue${query}`, {
    cookie: admin.cookie,
  });
const removed = () =>
  call<TRemovedPage & TErr>(server, "GET", "/api/admin/moderation/removed", { cookie: admin.cookie });
const remove = (type: "posts" | "comments", id: string, reason: unknown, cookie = admin.cookie) =>
  call<TErr>(server, "POST", `/api/admin/moderation/${type}/${id}/remove`, { cookie, json: { reason } });
const restore = (type: "posts" | "comments", id: string, cookie = admin.cookie) =>
  call<TErr>(server, "POST", `/api/admin/moderation/${type}/${id}/restore`, { cookie });
const audit = async (action: string) =>
  (await call<TAdminAuditPage>(server, "GET", `/api/admin/audit?action=${action}`, { cookie: admin.cookie }))
    .body.items;
const feedIds = async (cookie?: string) =>
  (await call<TFeedPage>(server, "GET", "/api/feed", cookie ? { cookie } : {})).body.items.map((p) => p.id);

describe("flags", () => {
  it("are for signed-in members, with a reason from the list, once per member and item, never their own", async () => {
    const post = await createPostAs(server, author.cookie, { content: "Buy my coin now" });
    expect((await flag("posts", post.id, undefined, { reason: "spam" })).status).toBe(401);
    const bad = await flag("posts", post.id, alice.cookie, { reason: "boring" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MODERATION_M.reasonRequired);
    const long = await flag("posts", post.id, alice.cookie, { reason: "other", details: "x".repeat(501) });
    expect(long.body.error.message).toBe(MODERATION_M.detailsTooLong);
    const own = await flag("posts", post.id, author.cookie, { reason: "spam" });
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(MODERATION_M.ownContent);
    expect((await flag("posts", "not-an-id", alice.cookie, { reason: "spam" })).status).toBe(404);

    expect((await flag("posts", post.id, alice.cookie, { reason: "spam", details: "shill" })).status).toBe(
      201,
    );
    const again = await flag("posts", post.id, alice.cookie, { reason: "hate" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MODERATION_M.alreadyReported);
    const [rows] = await queryRows<{ n: number }>(
      server.deps.db,
      sql`select count(*)::int as n from content_flags f join moderation_items i on i.id = f.item_id
          where i.post_id = ${post.id}`,
    );
    expect(rows?.n).toBe(1);
  });

  it("cannot reach a post in a community the member is not in (404)", async () => {
    const community = await seedCommunity(server);
    await seedMember(server, community.id, author.id);
    const post = await createPostAs(server, author.cookie, {
      content: "members only",
      communityId: community.id,
    });
    expect((await flag("posts", post.id, bob.cookie, { reason: "spam" })).status).toBe(404);
  });
});

describe("the moderation queue", () => {
  it("is for admins only", async () => {
    expect((await call(server, "GET", "/api/admin/moderation/queue")).status).toBe(401);
    expect((await call(server, "GET", "/api/admin/moderation/queue", { cookie: alice.cookie })).status).toBe(
      403,
    );
    expect(
      (await call(server, "GET", "/api/admin/moderation/removed", { cookie: alice.cookie })).status,
    ).toBe(403);
    expect((await remove("posts", admin.id, "x", alice.cookie)).status).toBe(403);
    expect((await restore("posts", admin.id, alice.cookie)).status).toBe(403);
    expect(
      (await call(server, "POST", `/api/admin/moderation/items/${admin.id}/dismiss`, { cookie: bob.cookie }))
        .status,
    ).toBe(403);
    expect((await queue("?cursor=nonsense")).body.error.message).toBe(MODERATION_M.cursorInvalid);
    const impossible = Buffer.from(JSON.stringify([2, "2026-13-45 99:99:99+00", admin.id])).toString(
      "base64url",
    );
    expect((await queue(`?cursor=${impossible}`)).body.error.message).toBe(MODERATION_M.cursorInvalid);
  });

  it("lists flagged posts and comments by their number of open flags, with reasons but not who flagged", async () => {
    const once = await createPostAs(server, author.cookie, { content: "flagged once" });
    const twice = await createPostAs(server, author.cookie, { content: "flagged twice" });
    const comment = await commentAs(server, author.cookie, once.id, { content: "a flagged comment" });
    await flag("posts", once.id, bob.cookie, { reason: "off_topic" });
    await flag("posts", twice.id, alice.cookie, { reason: "harassment", details: "mean words" });
    await flag("posts", twice.id, bob.cookie, { reason: "harassment" });
    await flag("comments", comment.id, alice.cookie, { reason: "hate" });
    const page = await queue();
    expect(page.status).toBe(200);
    const mine = page.body.items.filter((i) => i.author.id === author.id);
    expect(mine[0]).toMatchObject({
      type: "post",
      id: twice.id,
      content: "flagged twice",
      openFlags: 2,
      reasons: [{ reason: "harassment", count: 2 }],
      details: ["mean words"],
    });
    expect(JSON.stringify(page.body)).not.toContain(alice.id);
    const counts = page.body.items.map((i) => i.openFlags);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(mine.some((i) => i.type === "comment" && i.id === comment.id && i.postId === once.id)).toBe(true);

    // Dismissing takes an item off the queue, audited.
    const item = mine[0];
    if (!item) throw new Error("no item");
    const dismissed = await call(server, "POST", `/api/admin/moderation/items/${item.itemId}/dismiss`, {
      cookie: admin.cookie,
    });
    expect(dismissed.status).toBe(200);
    expect((await queue()).body.items.some((i) => i.itemId === item.itemId)).toBe(false);
    expect((await audit("moderation.dismiss"))[0]).toMatchObject({ targetId: twice.id, targetType: "post" });
  });

  it("pages with a cursor, every item once", async () => {
    const ids: string[] = [];
    // Posts and flags written directly (the fair-use limits allow 5 of each a minute), with ties in the count.
    for (let i = 0; i < 22; i++) {
      const [post] = await queryRows<{ id: string }>(
        server.deps.db,
        sql`insert into posts (user_id, content) values (${author.id}, ${`page ${i}`}) returning id`,
      );
      if (!post) throw new Error("no post");
      await server.deps.db.execute(
        sql`insert into moderation_items (post_id, open_flags, last_flagged_at)
            values (${post.id}, ${1 + (i % 3)}, now() - make_interval(secs => ${i % 2}))`,
      );
      ids.push(post.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof queue>> = await queue(cursor ? `?cursor=${cursor}` : "");
      expect(page.body.error).toBeUndefined();
      seen.push(...page.body.items.map((i) => i.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids) expect(seen).toContain(id);
  });
});

describe("removing and restoring", () => {
  it("hides a removed post everywhere, tells its author why, and restores it", async () => {
    const community = await seedCommunity(server);
    await seedMember(server, community.id, author.id);
    const post = await createPostAs(server, author.cookie, { content: "to be removed" });
    const inCommunity = await createPostAs(server, author.cookie, {
      content: "community one",
      communityId: community.id,
    });
    await flag("posts", post.id, alice.cookie, { reason: "spam" });

    expect((await remove("posts", post.id, "")).body.error.message).toBe(MODERATION_M.removeReasonRequired);
    expect((await remove("posts", "00000000-0000-4000-8000-000000000000", "x")).status).toBe(404);
    expect((await remove("posts", post.id, "Spam links")).status).toBe(200);
    expect((await remove("posts", post.id, "again")).status).toBe(409);
    expect((await remove("posts", inCommunity.id, "Off topic")).status).toBe(200);

    // Gone for everyone: the post page, the feed, the profile, the community's page count, flags, the queue.
    for (const cookie of [undefined, alice.cookie, author.cookie, admin.cookie]) {
      expect((await call(server, "GET", `/api/posts/${post.id}`, cookie ? { cookie } : {})).status).toBe(404);
      expect(await feedIds(cookie)).not.toContain(post.id);
    }
    const profile = await call<TFeedPage>(server, "GET", "/api/users/the_author/posts");
    expect(profile.body.items.map((p) => p.id)).not.toContain(post.id);
    const communityPage = await call<{ total: number }>(
      server,
      "GET",
      `/api/posts?communityId=${community.id}`,
      { cookie: author.cookie },
    );
    expect(communityPage.body.total).toBe(0);
    expect((await flag("posts", post.id, bob.cookie, { reason: "spam" })).status).toBe(404);
    expect((await queue()).body.items.some((i) => i.id === post.id)).toBe(false);

    // The author is told, with the reason, by "an admin" (no actor), and the link leads nowhere.
    const notes = await call<TNotificationsPage>(server, "GET", "/api/notifications", {
      cookie: author.cookie,
    });
    const note = notes.body.items.find((n) => n.kind === "content_removed" && n.note === "Spam links");
    expect(note).toMatchObject({ actor: null, link: null });

    // Listed under Removed, audited; restored, it is back everywhere.
    const list = await removed();
    expect(list.body.items.find((i) => i.id === post.id)).toMatchObject({
      type: "post",
      reason: "Spam links",
      removedBy: "mod_admin",
      restorable: true,
    });
    expect((await audit("moderation.remove")).some((a) => a.targetId === post.id)).toBe(true);
    expect((await restore("posts", post.id)).status).toBe(200);
    expect((await restore("posts", post.id)).body.error.message).toBe(MODERATION_M.notRemoved);
    expect((await call(server, "GET", `/api/posts/${post.id}`)).status).toBe(200);
    expect(await feedIds()).toContain(post.id);
    expect((await audit("moderation.restore"))[0]).toMatchObject({ targetId: post.id });
  });

  it("refuses to restore after 30 days", async () => {
    const post = await createPostAs(server, author.cookie, { content: "long gone" });
    await remove("posts", post.id, "Scam");
    await server.deps.db.execute(
      sql`update posts set removed_at = now() - interval '31 days' where id = ${post.id}`,
    );
    expect((await removed()).body.items.find((i) => i.id === post.id)?.restorable).toBe(false);
    const res = await restore("posts", post.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MODERATION_M.restoreExpired);
    expect((await call(server, "GET", `/api/posts/${post.id}`)).status).toBe(404);
  });

  it("removes a comment thread from the list and the count, and restores both", async () => {
    const post = await createPostAs(server, author.cookie, { content: "thread host" });
    const thread = await commentAs(server, bob.cookie, post.id, { content: "bad thread" });
    await commentAs(server, alice.cookie, post.id, { content: "a reply", parentId: thread.id });
    await commentAs(server, alice.cookie, post.id, { content: "fine comment" });
    expect((await commentCounts(server, post.id)).commentsCount).toBe(3);

    expect((await remove("comments", thread.id, "Harassment")).status).toBe(200);
    const list = await listComments(server, undefined, post.id);
    expect((list.body as TCommentsPage).items.map((t) => t.content)).toEqual(["fine comment"]);
    expect((await commentCounts(server, post.id)).commentsCount).toBe(1);
    expect((await call(server, "GET", `/api/posts/${post.id}`)).body).toMatchObject({ commentsCount: 1 });
    expect((await flag("comments", thread.id, alice.cookie, { reason: "spam" })).status).toBe(404);
    const notes = await call<TNotificationsPage>(server, "GET", "/api/notifications", { cookie: bob.cookie });
    expect(notes.body.items.some((n) => n.kind === "content_removed" && n.note === "Harassment")).toBe(true);

    expect((await restore("comments", thread.id)).status).toBe(200);
    expect((await commentCounts(server, post.id)).commentsCount).toBe(3);
    expect((await listComments(server, undefined, post.id)).body.items).toHaveLength(2);
  });
});

describe("communities", () => {
  it("an admin edits any community (audited), suspends it (read-only) and lifts it", async () => {
    const community = await seedCommunity(server);
    await seedMember(server, community.id, author.id);
    const edit = await call<TCommunityDetail & TErr>(server, "PATCH", `/api/communities/${community.id}`, {
      cookie: admin.cookie,
      json: { description: "Edited by the admins" },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.description).toBe("Edited by the admins");
    expect((await audit("community.update"))[0]).toMatchObject({ targetId: community.id });
    const memberEdit = await call<TErr>(server, "PATCH", `/api/communities/${community.id}`, {
      cookie: alice.cookie,
      json: { description: "Edited by a member" },
    });
    expect(memberEdit.status).toBe(403);

    const path = `/api/admin/communities/${community.slug}/suspension`;
    expect((await call(server, "POST", path, { json: { suspended: true, reason: "x" } })).status).toBe(401);
    expect(
      (await call(server, "POST", path, { cookie: alice.cookie, json: { suspended: true, reason: "x" } }))
        .status,
    ).toBe(403);
    const noReason = await call<TErr>(server, "POST", path, {
      cookie: admin.cookie,
      json: { suspended: true },
    });
    expect(noReason.status).toBe(400);
    const post = await createPostAs(server, author.cookie, { content: "before", communityId: community.id });
    const suspended = await call<TCommunityDetail>(server, "POST", path, {
      cookie: admin.cookie,
      json: { suspended: true, reason: "Scam promotion" },
    });
    expect(suspended.body.suspended).toBe(true);
    expect((await audit("community.suspend"))[0]).toMatchObject({ targetId: community.id });
    expect(
      (
        await call<TErr>(server, "POST", path, {
          cookie: admin.cookie,
          json: { suspended: true, reason: "x" },
        })
      ).status,
    ).toBe(409);

    // Read-only: what is there stays readable; no new posts, comments or members.
    expect((await call(server, "GET", `/api/posts/${post.id}`, { cookie: author.cookie })).status).toBe(200);
    const newPost = await call<TErr>(server, "POST", "/api/posts", {
      cookie: author.cookie,
      form: (() => {
        const f = new FormData();
        f.set("content", "after");
        f.set("communityId", community.id);
        return f;
      })(),
    });
    expect(newPost.status).toBe(403);
    expect(newPost.body.error.message).toBe(MODERATION_M.communitySuspended);
    const f = new FormData();
    f.set("content", "a comment");
    const newComment = await call<TErr>(server, "POST", `/api/posts/${post.id}/comments`, {
      cookie: author.cookie,
      form: f,
    });
    expect(newComment.body.error.message).toBe(MODERATION_M.communitySuspended);
    const join = await call<TErr>(server, "POST", `/api/communities/${community.id}/join`, {
      cookie: bob.cookie,
      json: { acceptRules: true },
    });
    expect(join.body.error.message).toBe(MODERATION_M.communitySuspended);

    const lifted = await call<TCommunityDetail>(server, "POST", path, {
      cookie: admin.cookie,
      json: { suspended: false, reason: "Cleaned up" },
    });
    expect(lifted.body.suspended).toBe(false);
    expect((await audit("community.unsuspend"))[0]).toMatchObject({ targetId: community.id });
    const rejoin = await call(server, "POST", `/api/communities/${community.id}/join`, {
      cookie: bob.cookie,
      json: { acceptRules: true },
    });
    expect(rejoin.body).toMatchObject({ membership: { status: "active" } });
  });
});
