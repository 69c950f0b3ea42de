import { M, type TComment } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, makeAdmin } from "../../testing/factories.ts";
import { samplePdf } from "../../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs, seedCommunity, seedMember } from "../posts/testing.ts";
import { commentAs, commentCounts, listComments, MISSING_ID, postComment } from "./testing.ts";

type TUser = Awaited<ReturnType<typeof createUser>>;

let server: TTestServer;
let creator: TUser;
let member: TUser;
let outsider: TUser;
let banned: TUser;
/** Wrote the post as a member, then was banned: still reaches their own post, but may not take part. */
let bannedAuthor: TUser;
let postId: string;
let community: { id: string };
let thread: TComment;

beforeAll(async () => {
  server = await startTestServer();
  [creator, member, outsider, banned, bannedAuthor] = await Promise.all([
    createUser(server),
    createUser(server),
    createUser(server),
    createUser(server),
    createUser(server),
  ]);
  community = await seedCommunity(server);
  for (const u of [creator, member, banned, bannedAuthor]) await seedMember(server, community.id, u.id);
  const post = await createPostAs(server, bannedAuthor.cookie, {
    content: "in the club",
    communityId: community.id,
  });
  postId = post.id;
  thread = await commentAs(server, creator.cookie, postId, { content: "welcome" });
  await seedMember(server, community.id, banned.id, "banned");
  await seedMember(server, community.id, bannedAuthor.id, "banned");
});
afterAll(() => server?.close());

type TCase = { who: string; cookie: () => string | undefined; status: number; message?: string };

function matrix(action: {
  loginMessage: string;
  memberMessage: string;
  notFoundMessage: string;
  okStatus: number;
}): TCase[] {
  return [
    { who: "a visitor", cookie: () => undefined, status: 401, message: action.loginMessage },
    { who: "an active member", cookie: () => member.cookie, status: action.okStatus },
    { who: "a non-member", cookie: () => outsider.cookie, status: 404, message: action.notFoundMessage },
    { who: "a banned member", cookie: () => banned.cookie, status: 404, message: action.notFoundMessage },
    {
      who: "the banned author of the post",
      cookie: () => bannedAuthor.cookie,
      status: 403,
      message: action.memberMessage,
    },
  ];
}

function expectOutcome(res: { status: number; body: unknown }, c: TCase) {
  expect({ who: c.who, status: res.status }).toEqual({ who: c.who, status: c.status });
  if (c.message) expect(res.body).toMatchObject({ error: { message: c.message } });
}

describe("membership matrix on a community post", () => {
  it.each(
    matrix({
      loginMessage: M.comments.loginToComment,
      memberMessage: M.comments.memberToComment,
      notFoundMessage: M.posts.notFound,
      okStatus: 201,
    }),
  )("comment: $who gets $status", async (c) => {
    const before = await commentCounts(server, postId);
    const res = await postComment(server, c.cookie(), postId, { content: `from ${c.who}` });
    expectOutcome(res, c);
    const after = await commentCounts(server, postId);
    expect(after.rows).toBe((before.rows ?? 0) + (c.status === 201 ? 1 : 0));
    expect(after.commentsCount).toBe(after.rows);
  });

  it.each(
    matrix({
      loginMessage: M.comments.loginToComment,
      memberMessage: M.comments.memberToReply,
      notFoundMessage: M.posts.notFound,
      okStatus: 201,
    }),
  )("reply: $who gets $status", async (c) => {
    const res = await postComment(server, c.cookie(), postId, {
      content: `reply from ${c.who}`,
      parentId: thread.id,
    });
    expectOutcome(res, c);
    if (res.status === 201) expect((res.body as TComment).parentId).toBe(thread.id);
  });

  it.each(
    matrix({
      loginMessage: M.comments.loginToLike,
      memberMessage: M.comments.memberToLike,
      notFoundMessage: M.comments.notFound,
      okStatus: 200,
    }),
  )("like: $who gets $status", async (c) => {
    const res = await call(server, "PUT", `/api/comments/${thread.id}/like`, { cookie: c.cookie() });
    expectOutcome(res, c);
    if (res.status === 200) expect(res.body).toEqual({ liked: true, likesCount: 1 });
  });

  it.each(
    matrix({
      loginMessage: M.reactions.signIn,
      memberMessage: M.comments.memberToReact,
      notFoundMessage: M.comments.notFound,
      okStatus: 200,
    }),
  )("react: $who gets $status", async (c) => {
    const res = await call(server, "POST", `/api/comments/${thread.id}/reactions`, {
      cookie: c.cookie(),
      json: { emoji: "🚀" },
    });
    expectOutcome(res, c);
    if (res.status === 200)
      expect(res.body).toEqual({ reactions: [{ emoji: "🚀", count: 1 }], userReactions: ["🚀"] });
  });

  it("shows the comments to members only", async () => {
    expect((await listComments(server, member.cookie, postId)).status).toBe(200);
    for (const cookie of [undefined, outsider.cookie, banned.cookie]) {
      const res = await listComments(server, cookie, postId);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { message: M.posts.notFound } });
    }
  });
});

describe("deleting comments", () => {
  it("lets the author delete a reply and an admin delete anyone's thread; comments_count stays exact", async () => {
    const post = await createPostAs(server, creator.cookie, { content: "open to all" });
    const top = await commentAs(server, member.cookie, post.id, { content: "top" });
    const replies: TComment[] = [];
    for (const u of [outsider, member, creator]) {
      replies.push(
        await commentAs(server, u.cookie, post.id, { content: `reply by ${u.username}`, parentId: top.id }),
      );
    }
    const other = await commentAs(server, outsider.cookie, post.id, { content: "another thread" });
    expect(await commentCounts(server, post.id)).toEqual({ commentsCount: 5, rows: 5 });

    // Visitors are asked to log in; strangers are refused; nothing changes.
    const visitor = await call(server, "DELETE", `/api/comments/${top.id}`);
    expect(visitor).toEqual({
      status: 401,
      body: { error: { code: "UNAUTHORIZED", message: M.comments.loginToDelete } },
    });
    // The post's author is not the comment's author either.
    for (const u of [outsider, creator]) {
      const res = await call(server, "DELETE", `/api/comments/${top.id}`, { cookie: u.cookie });
      expect(res).toEqual({
        status: 403,
        body: { error: { code: "FORBIDDEN", message: M.comments.ownDelete } },
      });
    }
    const missing = await call(server, "DELETE", `/api/comments/${MISSING_ID}`, { cookie: member.cookie });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { message: M.comments.notFound } });
    expect((await call(server, "DELETE", "/api/comments/nope", { cookie: member.cookie })).status).toBe(404);
    expect(await commentCounts(server, post.id)).toEqual({ commentsCount: 5, rows: 5 });

    // The author of a reply deletes it.
    const own = await call(server, "DELETE", `/api/comments/${replies[0]?.id}`, { cookie: outsider.cookie });
    expect(own.status).toBe(204);
    expect(await commentCounts(server, post.id)).toEqual({ commentsCount: 4, rows: 4 });
    // Deleting it again finds nothing and changes nothing.
    const again = await call(server, "DELETE", `/api/comments/${replies[0]?.id}`, {
      cookie: outsider.cookie,
    });
    expect(again.status).toBe(404);

    // An admin deletes someone else's thread: its two remaining replies go with it.
    const admin = await createUser(server);
    await makeAdmin(server, admin.id);
    const byAdmin = await call(server, "DELETE", `/api/comments/${top.id}`, { cookie: admin.cookie });
    expect(byAdmin.status).toBe(204);
    expect(await commentCounts(server, post.id)).toEqual({ commentsCount: 1, rows: 1 });
    const listed = await listComments(server, member.cookie, post.id);
    expect(listed.body.items.map((t) => t.id)).toEqual([other.id]);
  });

  it("lets an admin delete a comment on a community post they cannot see, and a banned author delete their own", async () => {
    const admin = await createUser(server);
    await makeAdmin(server, admin.id);
    const reply = await commentAs(server, member.cookie, postId, { content: "bye", parentId: thread.id });
    const before = await commentCounts(server, postId);
    expect((await call(server, "DELETE", `/api/comments/${reply.id}`, { cookie: admin.cookie })).status).toBe(
      204,
    );
    expect(await commentCounts(server, postId)).toEqual({
      commentsCount: (before.commentsCount ?? 0) - 1,
      rows: (before.rows ?? 0) - 1,
    });
    // A member who commented and was then banned may still delete what they wrote.
    const leaver = await createUser(server);
    const communityId = community.id;
    await seedMember(server, communityId, leaver.id);
    const theirs = await commentAs(server, leaver.cookie, postId, { content: "mine" });
    await seedMember(server, communityId, leaver.id, "banned");
    expect(
      (await call(server, "DELETE", `/api/comments/${theirs.id}`, { cookie: leaver.cookie })).status,
    ).toBe(204);
    // A non-member cannot even learn the comment exists.
    const hidden = await call(server, "DELETE", `/api/comments/${thread.id}`, { cookie: outsider.cookie });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ error: { message: M.comments.notFound } });
  });

  it("keeps comments_count exact under concurrent comments and deletes", async () => {
    const post = await createPostAs(server, creator.cookie, { content: "stress" });
    const top = await commentAs(server, member.cookie, post.id, { content: "root" });
    const mine: TComment[] = [];
    for (let i = 0; i < 6; i++) {
      mine.push(
        await commentAs(server, outsider.cookie, post.id, {
          content: `r${i}`,
          parentId: top.id,
          attachments: [{ bytes: samplePdf(), name: `r${i}.pdf`, type: "application/pdf" }],
        }),
      );
    }
    const results = await Promise.all([
      // The thread goes while replies are being added to it and some of its replies are being deleted.
      call(server, "DELETE", `/api/comments/${top.id}`, { cookie: member.cookie }),
      ...mine
        .slice(0, 3)
        .map((r) => call(server, "DELETE", `/api/comments/${r.id}`, { cookie: outsider.cookie })),
      ...Array.from({ length: 5 }, (_, i) =>
        postComment(server, creator.cookie, post.id, { content: `late ${i}`, parentId: top.id }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        postComment(server, creator.cookie, post.id, { content: `new ${i}` }),
      ),
    ]);
    // Each request either did its work or found its comment gone; none failed.
    expect(results.map((r) => r.status).filter((s) => ![201, 204, 404].includes(s))).toEqual([]);
    const counts = await commentCounts(server, post.id);
    expect(counts.commentsCount).toBe(counts.rows);
    expect(counts.rows).toBe(5);
  });
});
