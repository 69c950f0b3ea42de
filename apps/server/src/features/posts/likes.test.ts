import { M } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postLikes, posts } from "../../db/schema/index.ts";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs, seedSignedInUsers } from "./testing.ts";

type TUser = Awaited<ReturnType<typeof createUser>>;
type TLike = { liked: boolean; likesCount: number };

let server: TTestServer;
let author: TUser;
let fan: TUser;

beforeAll(async () => {
  server = await startTestServer();
  author = await createUser(server);
  fan = await createUser(server);
});
afterAll(() => server?.close());

async function counts(postId: string) {
  const [post] = await server.deps.db
    .select({ likesCount: posts.likesCount })
    .from(posts)
    .where(eq(posts.id, postId));
  const [rows] = await server.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(postLikes)
    .where(eq(postLikes.postId, postId));
  return { likesCount: post?.likesCount, rows: rows?.n };
}

describe("likes", () => {
  it("asks visitors to sign in, and knows no post it cannot find", async () => {
    const post = await createPostAs(server, author.cookie, { content: "like me" });
    for (const method of ["PUT", "DELETE"]) {
      const res = await call(server, method, `/api/posts/${post.id}/like`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: "UNAUTHORIZED", message: M.posts.signInToLike } });
    }
    const missing = await call(server, "PUT", "/api/posts/7d4e8c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6/like", {
      cookie: fan.cookie,
    });
    expect(missing.status).toBe(404);
    expect((await call(server, "PUT", "/api/posts/not-a-uuid/like", { cookie: fan.cookie })).status).toBe(
      404,
    );
  });

  it("toggles, ignores a second like, and shows likedByMe to the liker only", async () => {
    const post = await createPostAs(server, author.cookie, { content: "toggle" });
    const url = `/api/posts/${post.id}/like`;
    expect((await call<TLike>(server, "PUT", url, { cookie: fan.cookie })).body).toEqual({
      liked: true,
      likesCount: 1,
    });
    expect((await call<TLike>(server, "PUT", url, { cookie: fan.cookie })).body).toEqual({
      liked: true,
      likesCount: 1,
    });
    expect(await counts(post.id)).toEqual({ likesCount: 1, rows: 1 });

    const mine = await call<{ likedByMe: boolean; likesCount: number }>(
      server,
      "GET",
      `/api/posts/${post.id}`,
      {
        cookie: fan.cookie,
      },
    );
    expect(mine.body).toMatchObject({ likedByMe: true, likesCount: 1 });
    const theirs = await call<{ items: { id: string; likedByMe: boolean }[] }>(server, "GET", "/api/feed", {
      cookie: author.cookie,
    });
    expect(theirs.body.items.find((p) => p.id === post.id)?.likedByMe).toBe(false);

    expect((await call<TLike>(server, "DELETE", url, { cookie: fan.cookie })).body).toEqual({
      liked: false,
      likesCount: 0,
    });
    expect((await call<TLike>(server, "DELETE", url, { cookie: fan.cookie })).body).toEqual({
      liked: false,
      likesCount: 0,
    });
    expect(await counts(post.id)).toEqual({ likesCount: 0, rows: 0 });
  });

  it("counts 200 concurrent likes by 200 users exactly, duplicates included", async () => {
    const post = await createPostAs(server, author.cookie, { content: "go viral" });
    const crowd = await seedSignedInUsers(server, 200);
    const like = (cookie: string) => call<TLike>(server, "PUT", `/api/posts/${post.id}/like`, { cookie });
    // Everyone at once, and the first 20 press twice.
    const results = await Promise.all([
      ...crowd.map((u) => like(u.cookie)),
      ...crowd.slice(0, 20).map((u) => like(u.cookie)),
    ]);
    expect(results.every((r) => r.status === 200 && r.body.liked)).toBe(true);
    expect(await counts(post.id)).toEqual({ likesCount: 200, rows: 200 });
    expect(Math.max(...results.map((r) => r.body.likesCount))).toBe(200);

    // And 100 of them take it back, concurrently; 10 of them press twice.
    const unlike = (cookie: string) => call(server, "DELETE", `/api/posts/${post.id}/like`, { cookie });
    await Promise.all([
      ...crowd.slice(0, 100).map((u) => unlike(u.cookie)),
      ...crowd.slice(0, 10).map((u) => unlike(u.cookie)),
    ]);
    expect(await counts(post.id)).toEqual({ likesCount: 100, rows: 100 });
  });
});
