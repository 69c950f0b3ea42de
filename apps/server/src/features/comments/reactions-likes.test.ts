import {
  M,
  REACTION_EMOJIS,
  REACTION_PALETTE,
  type TComment,
  type TReactionEmoji,
  type TReactionState,
} from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCommentLikes, postCommentReactionCounts, postComments } from "../../db/schema/index.ts";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs, seedSignedInUsers } from "../posts/testing.ts";
import { commentAs, listComments, MISSING_ID, reactionRows } from "./testing.ts";

type TUser = Awaited<ReturnType<typeof createUser>>;
type TLike = { liked: boolean; likesCount: number };

let server: TTestServer;
let author: TUser;
let fan: TUser;
let postId: string;

beforeAll(async () => {
  server = await startTestServer();
  [author, fan] = await Promise.all([createUser(server), createUser(server)]);
  postId = (await createPostAs(server, author.cookie, { content: "react to comments" })).id;
});
afterAll(() => server?.close());

async function likeCounts(commentId: string) {
  const [comment] = await server.deps.db
    .select({ likesCount: postComments.likesCount })
    .from(postComments)
    .where(eq(postComments.id, commentId));
  const [rows] = await server.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(postCommentLikes)
    .where(eq(postCommentLikes.commentId, commentId));
  return { likesCount: comment?.likesCount, rows: rows?.n };
}

const react = (cookie: string | undefined, commentId: string, emoji: unknown) =>
  call<TReactionState>(server, "POST", `/api/comments/${commentId}/reactions`, {
    ...(cookie ? { cookie } : {}),
    json: { emoji },
  });
const unreact = (cookie: string | undefined, commentId: string, emoji: string) =>
  call<TReactionState>(
    server,
    "DELETE",
    `/api/comments/${commentId}/reactions/${encodeURIComponent(emoji)}`,
    {
      ...(cookie ? { cookie } : {}),
    },
  );

describe("comment likes", () => {
  it("asks visitors to log in and knows no comment it cannot find", async () => {
    const comment = await commentAs(server, author.cookie, postId, { content: "like me" });
    for (const method of ["PUT", "DELETE"]) {
      const res = await call(server, method, `/api/comments/${comment.id}/like`);
      expect(res).toEqual({
        status: 401,
        body: { error: { code: "UNAUTHORIZED", message: M.comments.loginToLike } },
      });
      for (const id of [MISSING_ID, "nope"]) {
        const missing = await call(server, method, `/api/comments/${id}/like`, { cookie: fan.cookie });
        expect(missing.status).toBe(404);
        expect(missing.body).toMatchObject({ error: { code: "NOT_FOUND", message: M.comments.notFound } });
      }
    }
  });

  it("toggles, ignores a second like, and shows likedByMe to the liker only", async () => {
    const comment = await commentAs(server, author.cookie, postId, { content: "toggle" });
    const url = `/api/comments/${comment.id}/like`;
    for (let i = 0; i < 2; i++) {
      expect((await call<TLike>(server, "PUT", url, { cookie: fan.cookie })).body).toEqual({
        liked: true,
        likesCount: 1,
      });
    }
    expect(await likeCounts(comment.id)).toEqual({ likesCount: 1, rows: 1 });
    const asFan = await listComments(server, fan.cookie, postId);
    expect(asFan.body.items.find((t) => t.id === comment.id)).toMatchObject({
      likesCount: 1,
      likedByMe: true,
    });
    const asAuthor = await listComments(server, author.cookie, postId);
    expect(asAuthor.body.items.find((t) => t.id === comment.id)).toMatchObject({
      likesCount: 1,
      likedByMe: false,
    });
    for (let i = 0; i < 2; i++) {
      expect((await call<TLike>(server, "DELETE", url, { cookie: fan.cookie })).body).toEqual({
        liked: false,
        likesCount: 0,
      });
    }
    expect(await likeCounts(comment.id)).toEqual({ likesCount: 0, rows: 0 });
  });

  it("counts 100 concurrent likes by 100 users exactly, duplicates included", async () => {
    const comment = await commentAs(server, author.cookie, postId, { content: "popular" });
    const crowd = await seedSignedInUsers(server, 100);
    const like = (cookie: string) =>
      call<TLike>(server, "PUT", `/api/comments/${comment.id}/like`, { cookie });
    const results = await Promise.all([
      ...crowd.map((u) => like(u.cookie)),
      ...crowd.slice(0, 10).map((u) => like(u.cookie)),
    ]);
    expect(results.every((r) => r.status === 200 && r.body.liked)).toBe(true);
    expect(await likeCounts(comment.id)).toEqual({ likesCount: 100, rows: 100 });
    await Promise.all(
      crowd
        .slice(0, 40)
        .map((u) => call(server, "DELETE", `/api/comments/${comment.id}/like`, { cookie: u.cookie })),
    );
    expect(await likeCounts(comment.id)).toEqual({ likesCount: 60, rows: 60 });
  });
});

describe("emoji reactions", () => {
  it("has the spec's palette of 15 distinct emoji", () => {
    expect(REACTION_PALETTE.map((r) => r.label)).toEqual([
      "Thumbs up",
      "Thumbs down",
      "Heart",
      "Laughing",
      "Surprised",
      "Fire",
      "Clapping",
      "Party",
      "Rocket",
      "100",
      "Brain",
      "Technologist",
      "Chart up",
      "Chart down",
      "Meditation",
    ]);
    expect(new Set(REACTION_EMOJIS).size).toBe(15);
  });

  it("asks visitors to sign in, refuses unknown emoji and unknown comments", async () => {
    const comment = await commentAs(server, author.cookie, postId, { content: "react" });
    expect(await react(undefined, comment.id, "🔥")).toEqual({
      status: 401,
      body: { error: { code: "UNAUTHORIZED", message: M.reactions.signIn } },
    });
    expect(await unreact(undefined, comment.id, "🔥")).toEqual({
      status: 401,
      body: { error: { code: "UNAUTHORIZED", message: M.reactions.signIn } },
    });
    for (const emoji of ["💩", "", 5, "<script>"]) {
      const res = await react(fan.cookie, comment.id, emoji);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: "VALIDATION", message: M.reactions.unknownEmoji } });
    }
    const missingBody = await call(server, "POST", `/api/comments/${comment.id}/reactions`, {
      cookie: fan.cookie,
      json: {},
    });
    expect(missingBody.status).toBe(400);
    const badDelete = await unreact(fan.cookie, comment.id, "💩");
    expect(badDelete.status).toBe(400);
    expect(badDelete.body).toMatchObject({ error: { message: M.reactions.unknownEmoji } });
    for (const id of [MISSING_ID, "nope"]) {
      expect((await react(fan.cookie, id, "🔥")).status).toBe(404);
      expect((await unreact(fan.cookie, id, "🔥")).status).toBe(404);
    }
    expect(await reactionRows(server, comment.id)).toEqual({});
  });

  it("allows each emoji once per user: a duplicate gets 409 with the message and title, and no second row", async () => {
    const comment = await commentAs(server, author.cookie, postId, { content: "once" });
    expect((await react(fan.cookie, comment.id, "❤️")).body).toEqual({
      reactions: [{ emoji: "❤️", count: 1 }],
      userReactions: ["❤️"],
    });
    const twice = await react(fan.cookie, comment.id, "❤️");
    expect(twice).toEqual({
      status: 409,
      body: {
        error: { code: "CONFLICT", message: M.reactions.alreadyUsed, title: M.reactions.alreadyUsedTitle },
      },
    });
    expect(await reactionRows(server, comment.id)).toEqual({ "❤️": 1 });

    // Other emoji are fine, and others' reactions add up; the list shows counts in palette order and which are mine.
    expect((await react(fan.cookie, comment.id, "🧑‍💻")).status).toBe(200);
    expect((await react(author.cookie, comment.id, "❤️")).status).toBe(200);
    expect((await react(author.cookie, comment.id, "👍")).status).toBe(200);
    const asFan = await listComments(server, fan.cookie, postId);
    const shown = asFan.body.items.find((t) => t.id === comment.id) as TComment;
    expect(shown.reactions).toEqual([
      { emoji: "👍", count: 1 },
      { emoji: "❤️", count: 2 },
      { emoji: "🧑‍💻", count: 1 },
    ]);
    expect(shown.userReactions).toEqual(["❤️", "🧑‍💻"]);
    const asVisitor = await listComments(server, undefined, postId);
    expect(asVisitor.body.items.find((t) => t.id === comment.id)?.userReactions).toEqual([]);

    // Taking one back removes only yours, and taking it back again changes nothing.
    const back = await unreact(fan.cookie, comment.id, "❤️");
    expect(back).toEqual({
      status: 200,
      body: {
        reactions: [
          { emoji: "👍", count: 1 },
          { emoji: "❤️", count: 1 },
          { emoji: "🧑‍💻", count: 1 },
        ],
        userReactions: ["🧑‍💻"],
      },
    });
    expect((await unreact(fan.cookie, comment.id, "❤️")).status).toBe(200);
    expect(await reactionRows(server, comment.id)).toEqual({ "👍": 1, "❤️": 1, "🧑‍💻": 1 });
    // And it can be used again after being taken back.
    expect((await react(fan.cookie, comment.id, "❤️")).status).toBe(200);
  });

  it("keeps counts equal to rows under 100 concurrent reactions by distinct users, duplicates refused", async () => {
    const comment = await commentAs(server, author.cookie, postId, { content: "hype" });
    const crowd = await seedSignedInUsers(server, 100);
    const results = await Promise.all([
      ...crowd.map((u, i) => react(u.cookie, comment.id, i % 2 === 0 ? "🚀" : "🔥")),
      // The first ten press the same emoji again at the same time.
      ...crowd.slice(0, 10).map((u, i) => react(u.cookie, comment.id, i % 2 === 0 ? "🚀" : "🔥")),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const rows = await reactionRows(server, comment.id);
    expect(rows).toEqual({ "🚀": 50, "🔥": 50 });
    const listed = await listComments(server, crowd[0]?.cookie, postId);
    const shown = listed.body.items.find((t) => t.id === comment.id);
    expect(shown?.reactions).toEqual([
      { emoji: "🔥", count: rows["🔥"] },
      { emoji: "🚀", count: rows["🚀"] },
    ]);
    expect(shown?.userReactions).toEqual(["🚀"]);
  });

  it("keeps the kept counts equal to the rows through take-backs, a member's removal and the comment's", async () => {
    const comment = await commentAs(server, author.cookie, postId, { content: "counted, not recounted" });
    const [first, second] = REACTION_EMOJIS.slice(0, 2) as [TReactionEmoji, TReactionEmoji];
    const crowd = await seedSignedInUsers(server, 20);
    await Promise.all(crowd.map((u) => react(u.cookie, comment.id, first)));
    // Half take theirs back while the other half add a second emoji, all at once.
    await Promise.all([
      ...crowd.slice(0, 10).map((u) => unreact(u.cookie, comment.id, first)),
      ...crowd.slice(10).map((u) => react(u.cookie, comment.id, second)),
    ]);
    // A member's removal takes their reactions with it (a cascade, not the API).
    await server.deps.db.execute(sql`delete from profiles where id = ${crowd[19]?.id}`);
    const kept = async () =>
      Object.fromEntries(
        (
          await server.deps.db
            .select({ emoji: postCommentReactionCounts.emoji, n: postCommentReactionCounts.n })
            .from(postCommentReactionCounts)
            .where(eq(postCommentReactionCounts.commentId, comment.id))
        ).map((r) => [r.emoji, r.n]),
      );
    const rows = await reactionRows(server, comment.id);
    expect(rows).toEqual({ [first]: 9, [second]: 9 });
    expect(await kept()).toEqual(rows);
    const shown = (await listComments(server, author.cookie, postId)).body.items.find(
      (t) => t.id === comment.id,
    );
    expect(Object.fromEntries((shown?.reactions ?? []).map((r) => [r.emoji, r.count]))).toEqual(rows);
    // Everyone takes theirs back: the emoji are no longer shown, though their rows stay at 0 until the comment goes.
    await Promise.all(
      crowd
        .slice(10, 19)
        .flatMap((u) => [unreact(u.cookie, comment.id, first), unreact(u.cookie, comment.id, second)]),
    );
    expect(await kept()).toEqual({ [first]: 0, [second]: 0 });
    const bare = (await listComments(server, author.cookie, postId)).body.items.find(
      (t) => t.id === comment.id,
    );
    expect(bare?.reactions).toEqual([]);
    await server.deps.db.delete(postComments).where(eq(postComments.id, comment.id));
    expect(await kept()).toEqual({});
  });
});
