import fs from "node:fs";
import path from "node:path";
import { M } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, postMedia, postMentions, posts, profiles } from "../../db/schema/index.ts";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, pngBytes, postForm, seedCommunity, seedMember } from "./testing.ts";

type TUser = Awaited<ReturnType<typeof createUser>>;
type TPost = {
  id: string;
  content: string;
  communityId: string | null;
  community: { id: string; name: string; slug: string } | null;
  author: { id: string; username: string; avatarUrl: string | null; isVerified: boolean };
  media: {
    id: string;
    url: string;
    type: string;
    width: number | null;
    height: number | null;
    alt: string | null;
  }[];
  mentions: { username: string; type: string; position: number }[];
  likesCount: number;
  likedByMe: boolean;
  editedAt: string | null;
};

let server: TTestServer;
let author: TUser;
let bob: TUser;
let carol: TUser;

const gif = {
  id: "xT9IgG50Fb7Mi0prBC",
  url: "https://media3.giphy.com/media/xT9IgG50Fb7Mi0prBC/giphy.gif",
  preview: "https://media3.giphy.com/media/xT9IgG50Fb7Mi0prBC/200.gif",
  title: "gm",
  width: 480,
  height: 270,
  username: "giphy",
};

beforeAll(async () => {
  server = await startTestServer();
  author = await createUser(server, { username: "poster" });
  bob = await createUser(server, { username: "Bob" });
  carol = await createUser(server, { username: "carol" });
});
afterAll(() => server?.close());

async function create(cookie: string | undefined, fields: Parameters<typeof postForm>[0]) {
  return call<TPost & { error: { code: string; message: string } }>(server, "POST", "/api/posts", {
    cookie,
    form: postForm(fields),
  });
}

async function postCount(): Promise<number> {
  const [row] = await server.deps.db.select({ n: sql<number>`count(*)::int` }).from(posts);
  return row?.n ?? 0;
}

/** Every stored post file (local storage driver), as paths under post_media/. */
function storedFiles(): string[] {
  const root = path.join(server.dataDir, "uploads", "post_media");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("creating a post: the rules", () => {
  it("asks visitors to log in", async () => {
    const res = await create(undefined, { content: "gm" });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: "UNAUTHORIZED", message: M.posts.loginToCreate });
  });

  it("needs text or media", async () => {
    for (const content of ["", "   \n\t "]) {
      const res = await create(author.cookie, { content });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(M.posts.contentOrMedia);
    }
  });

  it("refuses more than 4 attachments, files and GIFs together, before storing anything", async () => {
    const png = await pngBytes();
    const before = await postCount();
    const res = await create(author.cookie, {
      content: "five",
      media: [1, 2, 3].map((n) => ({ bytes: png, name: `${n}.png`, type: "image/png" })),
      gifs: [gif, gif],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(M.posts.tooManyMedia);
    expect(await postCount()).toBe(before);
  });

  it("caps the text at 5000 characters", async () => {
    const res = await create(author.cookie, { content: "a".repeat(5001) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(M.posts.contentTooLong);
    expect((await create(author.cookie, { content: "a".repeat(5000) })).status).toBe(201);
  });

  it("accepts GIFs only from GIPHY's media hosts, as well-formed JSON", async () => {
    for (const gifs of [
      [{ ...gif, url: "https://evil.example/giphy.gif" }],
      "[{not json",
      [{ ...gif, width: "x" }],
    ]) {
      const res = await create(author.cookie, { content: "gif", gifs });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(M.posts.gifInvalid);
    }
  });

  it("refuses an unknown community, and one the author has not joined or is banned from", async () => {
    const missing = await create(author.cookie, {
      content: "x",
      communityId: "6f1c2a3e-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(M.posts.communityNotFound);

    const community = await seedCommunity(server);
    const notJoined = await create(author.cookie, { content: "x", communityId: community.id });
    expect(notJoined.status).toBe(403);
    expect(notJoined.body.error).toEqual({ code: "FORBIDDEN", message: M.posts.joinToCreate });

    await seedMember(server, community.id, author.id, "banned");
    const banned = await create(author.cookie, { content: "x", communityId: community.id });
    expect(banned.status).toBe(403);
    expect(banned.body.error.message).toBe(M.posts.joinToCreate);
  });

  it("refuses a banned account", async () => {
    const user = await createUser(server);
    await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, user.id));
    const before = await postCount();
    const res = await create(user.cookie, { content: "still here?" });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: "UNAUTHORIZED", message: M.auth.banned });
    expect(await postCount()).toBe(before);
  });
});

describe("creating a post: what is written", () => {
  it("creates a text post and answers with the post as the feed shows it", async () => {
    const res = await create(author.cookie, { content: "gm frens" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: "gm frens",
      visibility: "public",
      communityId: null,
      community: null,
      author: { id: author.id, username: "poster", avatarUrl: null, isVerified: false },
      media: [],
      likesCount: 0,
      commentsCount: 0,
      viewsCount: 0,
      likedByMe: false,
      editedAt: null,
      mentions: [],
    });
    const createdAt = (res.body as unknown as { createdAt: string }).createdAt;
    expect(Date.parse(createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // ISO 8601 in UTC with milliseconds, as the feed and the post's page write it too (written by SQL there).
    expect(createdAt).toBe(new Date(createdAt).toISOString());
    const [inFeed, page] = await Promise.all([
      call<{ items: { id: string; createdAt: string; updatedAt: string }[] }>(server, "GET", "/api/feed"),
      call<{ createdAt: string; updatedAt: string }>(server, "GET", `/api/posts/${res.body.id}`),
    ]);
    const fromFeed = inFeed.body.items.find((p) => p.id === res.body.id);
    expect(fromFeed?.createdAt).toBe(createdAt);
    expect(page.body.createdAt).toBe(createdAt);
    expect(page.body.updatedAt).toBe(new Date(page.body.updatedAt).toISOString());
  });

  it("posts into a community its author is an active member of", async () => {
    const community = await seedCommunity(server, "Solana Degens");
    await seedMember(server, community.id, author.id);
    const res = await create(author.cookie, { content: "wagmi", communityId: community.id });
    expect(res.status).toBe(201);
    expect(res.body.communityId).toBe(community.id);
    expect(res.body.community).toEqual({ id: community.id, name: "Solana Degens", slug: "solana-degens" });
  });

  it("stores images by their bytes with their size, and GIFs as external media", async () => {
    const png = await pngBytes(12, 7);
    const res = await create(author.cookie, {
      content: "",
      media: [{ bytes: png, name: "chart.png", type: "image/png" }],
      gifs: [gif],
    });
    expect(res.status).toBe(201);
    expect(res.body.media).toEqual([
      {
        id: expect.any(String),
        url: expect.stringContaining(`post_media/${res.body.id}/`),
        type: "image/png",
        width: 12,
        height: 7,
        alt: null,
      },
      {
        id: expect.any(String),
        url: gif.url,
        type: "image/gif-external",
        width: 480,
        height: 270,
        alt: null,
      },
    ]);
    const rows = await server.deps.db
      .select({ storagePath: postMedia.storagePath, position: postMedia.position })
      .from(postMedia)
      .where(eq(postMedia.postId, res.body.id))
      .orderBy(postMedia.position);
    expect(rows[0]?.storagePath).toMatch(new RegExp(`^post_media/${res.body.id}/`));
    expect(rows[1]?.storagePath).toMatch(/^external:\d+$/);
    expect(storedFiles()).toContain(rows[0]?.storagePath.replace("post_media/", ""));
    const served = await server.fetch(res.body.media[0]?.url ?? "");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("keeps each attachment's alt text, in the attachments' order, and shows it wherever the post is read", async () => {
    const png = await pngBytes(10, 10);
    const res = await create(author.cookie, {
      content: "Three charts",
      media: [
        { bytes: png, name: "a.png", type: "image/png" },
        { bytes: png, name: "b.png", type: "image/png" },
      ],
      gifs: [gif],
      mediaAlt: ["  A candle chart falling off a cliff  ", "", "A dog shrugging"],
    });
    expect(res.status).toBe(201);
    const alts = ["A candle chart falling off a cliff", null, "A dog shrugging"];
    expect(res.body.media.map((m) => m.alt)).toEqual(alts);
    const read = await call<TPost>(server, "GET", `/api/posts/${res.body.id}`);
    expect(read.body.media.map((m) => m.alt)).toEqual(alts);
    const rows = await server.deps.db
      .select({ altText: postMedia.altText })
      .from(postMedia)
      .where(eq(postMedia.postId, res.body.id))
      .orderBy(postMedia.position);
    expect(rows.map((r) => r.altText)).toEqual(alts);
  });

  it("refuses alt text that is too long, not a JSON list, or for more attachments than sent, storing nothing", async () => {
    const png = await pngBytes(10, 10);
    const before = await postCount();
    const cases: [unknown, string][] = [
      [["x".repeat(1001)], "Alt text can be at most 1000 characters"],
      ["not json", "Alt text must be a JSON list of texts, one per attachment"],
      [["one", "two"], "Alt text was sent for more attachments than the post has"],
    ];
    for (const [mediaAlt, message] of cases) {
      const res = await create(author.cookie, {
        content: "x",
        media: [{ bytes: png, name: "a.png", type: "image/png" }],
        mediaAlt,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await postCount()).toBe(before);
  });

  it("stores a video", async () => {
    // The start of an MP4 file: an ftyp box naming the mp42 brand.
    const mp4 = new Uint8Array(64);
    mp4.set([
      0,
      0,
      0,
      0x18,
      ...new TextEncoder().encode("ftypmp42"),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode("mp42isom"),
    ]);
    const res = await create(author.cookie, {
      content: "clip",
      media: [{ bytes: mp4, name: "clip.mp4", type: "video/mp4" }],
    });
    expect(res.status).toBe(201);
    expect(res.body.media).toEqual([
      {
        id: expect.any(String),
        url: expect.stringMatching(/\.mp4$/),
        type: "video/mp4",
        width: null,
        height: null,
        alt: null,
      },
    ]);
  });

  it("refuses a file whose bytes are not what its name says, leaving nothing behind", async () => {
    const before = await postCount();
    const filesBefore = storedFiles();
    const png = await pngBytes();
    const res = await create(author.cookie, {
      content: "totally a picture",
      media: [
        { bytes: png, name: "real.png", type: "image/png" },
        {
          bytes: new TextEncoder().encode("#!/bin/sh\necho not an image\n"),
          name: "photo.png",
          type: "image/png",
        },
      ],
    });
    expect(res.status).toBe(415);
    // The refused file is named by its place, so the composer can mark it.
    expect(res.body.error).toEqual({
      code: "UNSUPPORTED_TYPE",
      message: M.files.unsupported,
      fields: { "media.1": M.files.unsupported },
    });
    expect(await postCount()).toBe(before);
    // The first file had been stored already: it is removed again.
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("refuses an image over 5 MB", async () => {
    const png = await pngBytes();
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(png);
    const res = await create(author.cookie, {
      content: "big",
      media: [{ bytes: big, name: "big.png", type: "image/png" }],
    });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(M.files.tooLarge("image", 5));
  });
});

describe("mentions", () => {
  it("stores each resolved mention with its position and notifies each mentioned user once", async () => {
    const content = "@bob look, @CAROL and @nobody... also @bob and me @poster";
    const res = await create(author.cookie, { content });
    expect(res.status).toBe(201);
    expect(res.body.mentions).toEqual([
      { username: "Bob", type: "user", position: 0 },
      { username: "carol", type: "user", position: 11 },
      { username: "Bob", type: "user", position: 38 },
      { username: "poster", type: "user", position: 50 },
    ]);
    const stored = await server.deps.db
      .select({ userId: postMentions.mentionedUserId, position: postMentions.position })
      .from(postMentions)
      .where(eq(postMentions.postId, res.body.id))
      .orderBy(postMentions.position);
    expect(stored).toEqual([
      { userId: bob.id, position: 0 },
      { userId: carol.id, position: 11 },
      { userId: bob.id, position: 38 },
      { userId: author.id, position: 50 },
    ]);
    const notified = await server.deps.db
      .select({
        userId: notifications.userId,
        actorId: notifications.actorId,
        type: notifications.kind,
      })
      .from(notifications)
      .where(eq(notifications.postId, res.body.id));
    expect(notified).toHaveLength(2);
    expect(notified).toEqual(
      expect.arrayContaining([
        { userId: bob.id, actorId: author.id, type: "mention_post" },
        { userId: carol.id, actorId: author.id, type: "mention_post" },
      ]),
    );
  });

  it("in a community post, notifies only mentioned users who can open it", async () => {
    const community = await seedCommunity(server);
    await seedMember(server, community.id, author.id);
    await seedMember(server, community.id, bob.id);
    const res = await create(author.cookie, { content: "@Bob @carol inside", communityId: community.id });
    expect(res.status).toBe(201);
    expect(res.body.mentions.map((m) => m.username)).toEqual(["Bob", "carol"]);
    const notified = await server.deps.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.postId, res.body.id));
    expect(notified).toEqual([{ userId: bob.id }]);
  });
});
