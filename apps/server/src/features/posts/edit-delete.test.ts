import fs from "node:fs";
import path from "node:path";
import { M } from "@plugs/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications, postViews } from "../../db/schema/index.ts";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs, pngBytes } from "./testing.ts";

type TUser = Awaited<ReturnType<typeof createUser>>;
type TPost = {
  id: string;
  content: string;
  editedAt: string | null;
  viewsCount: number;
  mentions: { username: string; position: number }[];
  media: { url: string }[];
};
type TEdits = { items: { id: string; content: string; editedAt: string }[] };

let server: TTestServer;
let author: TUser;
let other: TUser;
let bob: TUser;
let carol: TUser;

beforeAll(async () => {
  server = await startTestServer();
  author = await createUser(server, { username: "writer" });
  other = await createUser(server, { username: "someone_else" });
  bob = await createUser(server, { username: "bob" });
  carol = await createUser(server, { username: "carol" });
});
afterAll(() => server?.close());

async function notifiedFor(postId: string): Promise<string[]> {
  const rows = await server.deps.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.postId, postId), eq(notifications.kind, "mention_post")));
  return rows.map((r) => r.userId).sort();
}

describe("editing a post", () => {
  it("is for its author only", async () => {
    const post = await createPostAs(server, author.cookie, { content: "first" });
    const visitor = await call(server, "PATCH", `/api/posts/${post.id}`, { json: { content: "x" } });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ error: { code: "UNAUTHORIZED", message: M.posts.loginToUpdate } });
    const stranger = await call(server, "PATCH", `/api/posts/${post.id}`, {
      cookie: other.cookie,
      json: { content: "x" },
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ error: { code: "FORBIDDEN", message: M.posts.ownUpdate } });
    const missing = await call(server, "PATCH", "/api/posts/5e0b9f4e-1111-4222-8333-944455556666", {
      cookie: author.cookie,
      json: { content: "x" },
    });
    expect(missing.status).toBe(404);
  });

  it("keeps every earlier version, newest first, for anyone who can see the post", async () => {
    const post = await createPostAs(server, author.cookie, { content: "version one" });
    const edit1 = await call<TPost>(server, "PATCH", `/api/posts/${post.id}`, {
      cookie: author.cookie,
      json: { content: "version two" },
    });
    expect(edit1.status).toBe(200);
    expect(edit1.body.content).toBe("version two");
    expect(Date.parse(edit1.body.editedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    await call(server, "PATCH", `/api/posts/${post.id}`, {
      cookie: author.cookie,
      json: { content: "version three" },
    });
    // Saving the same text is not a new version.
    await call(server, "PATCH", `/api/posts/${post.id}`, {
      cookie: author.cookie,
      json: { content: "version three" },
    });

    const history = await call<TEdits>(server, "GET", `/api/posts/${post.id}/edits`);
    expect(history.status).toBe(200);
    expect(history.body.items.map((e) => e.content)).toEqual(["version two", "version one"]);
    const [newer, older] = history.body.items;
    expect(Date.parse(newer?.editedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(older?.editedAt ?? ""));
    const page = await call<TPost>(server, "GET", `/api/posts/${post.id}`);
    expect(page.body.content).toBe("version three");
    expect(page.body.editedAt).not.toBeNull();
  });

  it("applies the post rules to the new text", async () => {
    const post = await createPostAs(server, author.cookie, { content: "text only" });
    const blank = await call(server, "PATCH", `/api/posts/${post.id}`, {
      cookie: author.cookie,
      json: { content: "  " },
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: { message: M.posts.contentOrMedia } });
    const long = await call(server, "PATCH", `/api/posts/${post.id}`, {
      cookie: author.cookie,
      json: { content: "z".repeat(5001) },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: { message: M.posts.contentTooLong } });

    const withGif = await createPostAs(server, author.cookie, {
      content: "caption",
      gifs: [
        {
          id: "g",
          url: "https://media.giphy.com/media/g/giphy.gif",
          title: "",
          width: 10,
          height: 10,
          username: "",
        },
      ],
    });
    const cleared = await call<TPost>(server, "PATCH", `/api/posts/${withGif.id}`, {
      cookie: author.cookie,
      json: { content: "" },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.content).toBe("");
  });

  it("re-reads mentions and notifies only the newly mentioned", async () => {
    const post = await createPostAs(server, author.cookie, { content: "hey @bob" });
    expect(await notifiedFor(post.id)).toEqual([bob.id]);
    const edited = await call<TPost>(server, "PATCH", `/api/posts/${post.id}`, {
      cookie: author.cookie,
      json: { content: "hey @carol and @bob" },
    });
    expect(edited.body.mentions).toEqual([
      { username: "carol", type: "user", position: 4 },
      { username: "bob", type: "user", position: 15 },
    ]);
    expect(await notifiedFor(post.id)).toEqual([bob.id, carol.id].sort());
    const rows = await server.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.userId, bob.id));
    expect(rows[0]?.n).toBe(1);
  });
});

describe("deleting a post", () => {
  it("is for its author only", async () => {
    const post = await createPostAs(server, author.cookie, { content: "mine" });
    const visitor = await call(server, "DELETE", `/api/posts/${post.id}`);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ error: { code: "UNAUTHORIZED", message: M.posts.loginToDelete } });
    const stranger = await call(server, "DELETE", `/api/posts/${post.id}`, { cookie: other.cookie });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ error: { code: "FORBIDDEN", message: M.posts.ownDelete } });
    expect((await call(server, "GET", `/api/posts/${post.id}`)).status).toBe(200);
  });

  it("removes the post, its files and its notifications", async () => {
    const png = await pngBytes();
    const post = await call<TPost>(server, "POST", "/api/posts", {
      cookie: author.cookie,
      form: (() => {
        const form = new FormData();
        form.set("content", "bye @bob");
        form.append("media", new File([png], "pic.png", { type: "image/png" }));
        return form;
      })(),
    });
    expect(post.status).toBe(201);
    const folder = path.join(server.dataDir, "uploads", "post_media", post.body.id);
    expect(fs.readdirSync(folder)).toHaveLength(1);
    expect(await notifiedFor(post.body.id)).toEqual([bob.id]);

    const res = await server.fetch(`/api/posts/${post.body.id}`, {
      method: "DELETE",
      headers: { cookie: author.cookie },
    });
    expect(res.status).toBe(204);
    const gone = await call(server, "GET", `/api/posts/${post.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: { code: "NOT_FOUND", message: M.posts.notFound } });
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
    expect((await server.fetch(post.body.media[0]?.url ?? "/media/none")).status).toBe(404);
    expect(await notifiedFor(post.body.id)).toEqual([]);
  });
});

describe("views", () => {
  it("count once per viewer per day", async () => {
    const post = await createPostAs(server, author.cookie, { content: "look at me" });
    const open = async (headers: { cookie?: string; ua: string }) => {
      const res = await call<TPost>(server, "GET", `/api/posts/${post.id}`, {
        cookie: headers.cookie,
        headers: { "user-agent": headers.ua },
      });
      expect(res.status).toBe(200);
      return res.body.viewsCount;
    };
    expect(await open({ ua: "browser A" })).toBe(1);
    expect(await open({ ua: "browser A" })).toBe(1);
    expect(await open({ ua: "browser B" })).toBe(2);
    expect(await open({ cookie: other.cookie, ua: "browser A" })).toBe(3);
    expect(await open({ cookie: other.cookie, ua: "browser C" })).toBe(3);
    // The next UTC day, the same viewer counts again.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 3600 * 1000 });
    try {
      expect(await open({ cookie: other.cookie, ua: "browser A" })).toBe(4);
      expect(await open({ cookie: other.cookie, ua: "browser A" })).toBe(4);
    } finally {
      vi.useRealTimers();
    }
    const rows = await server.deps.db.select().from(postViews).where(eq(postViews.postId, post.id));
    expect(rows).toHaveLength(4);
    // Visitors are stored as a keyed hash, never as an address.
    expect(rows.map((r) => r.viewerKey).filter((k) => k.startsWith("v:"))).toHaveLength(2);
    expect(rows.some((r) => r.viewerKey.includes("127.0.0.1"))).toBe(false);
  });
});
