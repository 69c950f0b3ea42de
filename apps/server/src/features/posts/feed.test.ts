import { M, POSTS_PAGE_COUNT_CAP } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs, seedFollow } from "./testing.ts";

type TUser = Awaited<ReturnType<typeof createUser>>;
type TFeedPost = {
  id: string;
  content: string;
  likesCount: number;
  commentsCount: number;
  createdAt: string;
};
type TFeed = { items: TFeedPost[]; nextCursor: string | null };

let server: TTestServer;
let alice: TUser;
let bob: TUser;
let reader: TUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser(server, { username: "alice" });
  bob = await createUser(server, { username: "bob" });
  reader = await createUser(server, { username: "reader" });
  // 24 posts: 18 through the API, and 6 sharing one timestamp and one score, so ties must be broken by id.
  for (let i = 0; i < 18; i++) {
    await createPostAs(server, i % 2 ? alice.cookie : bob.cookie, { content: `post ${i}` });
  }
  await server.deps.db.execute(sql`insert into posts (user_id, content, created_at, likes_count, comments_count)
    select ${alice.id}, 'tied ' || g, now() - interval '1 hour', 3, 1 from generate_series(1, 6) g`);
  // A spread of scores for the popular order, with ties on likes broken by comments, then by time.
  await server.deps.db.execute(sql`update posts set likes_count = (abs(hashtext(content)) % 4),
    comments_count = (abs(hashtext(content || 'c')) % 3) where content like 'post %'`);
});
afterAll(() => server?.close());

/** What the whole feed is, in the order the database defines for the sort. */
async function expectedOrder(sort: "newest" | "popular"): Promise<string[]> {
  const order =
    sort === "newest"
      ? sql`created_at desc, id desc`
      : sql`likes_count desc, comments_count desc, created_at desc, id desc`;
  const rows = await queryRows<{ id: string }>(
    server.deps.db,
    sql`select id from posts where community_id is null order by ${order}`,
  );
  return rows.map((r) => r.id);
}

async function feed(cookie: string | undefined, query: string) {
  return call<TFeed & { error: { message: string } }>(server, "GET", `/api/feed?${query}`, { cookie });
}

describe("keyset pages", () => {
  it.each(["newest", "popular"] as const)(
    "in %s order neither skip nor repeat posts while new posts arrive",
    async (sort) => {
      const expected = await expectedOrder(sort);
      expect(expected.length).toBeGreaterThanOrEqual(24);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `tab=all&sort=${sort}&limit=5${cursor ? `&cursor=${cursor}` : ""}`;
        const res = await feed(reader.cookie, query);
        expect(res.status).toBe(200);
        expect(res.body.items.length).toBeLessThanOrEqual(5);
        seen.push(...res.body.items.map((p) => p.id));
        cursor = res.body.nextCursor;
        // Someone posts between every two pages.
        await createPostAs(server, alice.cookie, { content: `arrived during paging (${sort} ${pages})` });
        pages++;
      } while (cursor && pages < 50);
      expect(cursor).toBeNull();
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => expected.includes(id))).toEqual(expected);
      if (sort === "newest") expect(seen).toEqual(expected);
    },
  );

  it("defaults to 10 posts, allows up to 50, and refuses other limits and foreign cursors", async () => {
    const first = await feed(undefined, "");
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect((await feed(undefined, "limit=50")).status).toBe(200);
    for (const bad of ["limit=51", "limit=0", "sort=oldest", "tab=communities"]) {
      expect((await feed(undefined, bad)).status).toBe(400);
    }
    const foreign = await feed(undefined, `sort=popular&cursor=${first.body.nextCursor}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe(M.posts.invalidCursor);
    expect((await feed(undefined, "cursor=bm90IGpzb24")).status).toBe(400);
  });
});

describe("the Following tab", () => {
  it("shows only the authors the viewer follows, and nothing to a visitor", async () => {
    const follower = await createUser(server);
    const ownPost = await createPostAs(server, follower.cookie, { content: "my own" });
    await seedFollow(server, follower.id, bob.id);
    const res = await feed(follower.cookie, "tab=following&limit=50");
    expect(res.status).toBe(200);
    const bobPosts = await queryRows<{ id: string }>(
      server.deps.db,
      sql`select id from posts where user_id = ${bob.id} order by created_at desc, id desc`,
    );
    expect(res.body.items.map((p) => p.id)).toEqual(bobPosts.map((p) => p.id));
    expect(res.body.items.map((p) => p.id)).not.toContain(ownPost.id);

    const nobody = await createUser(server);
    expect((await feed(nobody.cookie, "tab=following")).body).toEqual({ items: [], nextCursor: null });
    expect((await feed(undefined, "tab=following")).body).toEqual({ items: [], nextCursor: null });
  });

  it("pages by cursor in both orders", async () => {
    const follower = await createUser(server);
    await seedFollow(server, follower.id, alice.id);
    const alicePosts = await queryRows<{ id: string }>(
      server.deps.db,
      sql`select id from posts where user_id = ${alice.id}
        order by likes_count desc, comments_count desc, created_at desc, id desc`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await feed(
        follower.cookie,
        `tab=following&sort=popular&limit=7${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...res.body.items.map((p) => p.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(alicePosts.map((p) => p.id));
  });
});

describe("Community Posts pages", () => {
  type TPostsPage = TFeed & {
    total: number;
    totalCapped: boolean;
    page: number;
    pageCount: number;
    previousCursor: string | null;
  };
  const postsPage = (query: string) => call<TPostsPage>(server, "GET", `/api/posts${query}`);

  it("numbers keyset pages newest first with the total and page count, forward and back", async () => {
    const expected = await expectedOrder("newest");
    const pageCount = Math.ceil(expected.length / 10);
    const page1 = await postsPage("");
    expect(page1.body).toMatchObject({ total: expected.length, totalCapped: false, page: 1, pageCount });
    expect(page1.body.previousCursor).toBeNull();
    const page2 = await postsPage(`?cursor=${page1.body.nextCursor}`);
    expect(page2.status).toBe(200);
    expect(page2.body.items.map((p) => p.id)).toEqual(expected.slice(10, 20));
    expect(page2.body).toMatchObject({ total: expected.length, page: 2, pageCount });
    // Every page once, in order, until the last says there is no next one.
    const seen = [...page1.body.items, ...page2.body.items].map((p) => p.id);
    let last = page2.body;
    while (last.nextCursor) {
      last = (await postsPage(`?cursor=${last.nextCursor}`)).body;
      seen.push(...last.items.map((p) => p.id));
    }
    expect(seen).toEqual(expected);
    expect(last).toMatchObject({ page: pageCount, pageCount });
    // Back from the last page: the one before it, from its cursor.
    if (last.previousCursor) {
      const back = await postsPage(`?cursor=${last.previousCursor}`);
      expect(back.body.page).toBe(pageCount - 1);
      expect(back.body.items.map((p) => p.id)).toEqual(
        expected.slice((pageCount - 2) * 10, (pageCount - 1) * 10),
      );
    }

    const small1 = await postsPage("?pageSize=4");
    const small2 = await postsPage(`?pageSize=4&cursor=${small1.body.nextCursor}`);
    expect(small2.body.items.map((p) => p.id)).toEqual(expected.slice(4, 8));
    expect((await postsPage("?pageSize=51")).status).toBe(400);
    const bad = await postsPage("?cursor=abc");
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { error: { fields: Record<string, string> } }).error.fields.cursor).toBe(
      M.posts.invalidCursor,
    );
  });

  it("counts up to 1,000 posts, then says there are more", async () => {
    const author = await createUser(server);
    await server.deps.db.execute(sql`insert into posts (user_id, content, created_at)
      select ${author.id}, 'Bulk post ' || g, now() - g * interval '1 second'
      from generate_series(1, ${POSTS_PAGE_COUNT_CAP + 1}) g`);
    const page1 = await postsPage("");
    expect(page1.body).toMatchObject({
      total: POSTS_PAGE_COUNT_CAP,
      totalCapped: true,
      page: 1,
      pageCount: 100,
    });
    expect(page1.body.nextCursor).not.toBeNull();
  });
});
