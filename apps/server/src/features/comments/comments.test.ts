import fs from "node:fs";
import path from "node:path";
import { COMMENT_LIMITS, EXTERNAL_GIF_TYPE, M, type TComment } from "@plugs/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commentMentions, notifications } from "../../db/schema/index.ts";
import { createUser } from "../../testing/factories.ts";
import { sampleDocx, sampleHtml, samplePdf, samplePng } from "../../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs } from "../posts/testing.ts";
import { commentAs, commentCounts, listComments, MISSING_ID, postComment } from "./testing.ts";

type TUser = Awaited<ReturnType<typeof createUser>>;

let server: TTestServer;
let author: TUser;
let alice: TUser;
let bob: TUser;

beforeAll(async () => {
  server = await startTestServer();
  [author, alice, bob] = await Promise.all([createUser(server), createUser(server), createUser(server)]);
});
afterAll(() => server?.close());

/** Every file stored under comment_attachments/, as paths relative to the uploads folder. */
function storedCommentFiles(): string[] {
  const root = path.join(server.dataDir, "uploads", "comment_attachments");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .flatMap((d) => (d.isFile() ? [d.name] : []));
}

describe("writing comments", () => {
  it("asks visitors to log in, and answers 404 for a post that does not exist", async () => {
    const post = await createPostAs(server, author.cookie, { content: "talk to me" });
    const visitor = await postComment(server, undefined, post.id, { content: "hi" });
    expect(visitor).toEqual({
      status: 401,
      body: { error: { code: "UNAUTHORIZED", message: M.comments.loginToComment } },
    });
    for (const id of [MISSING_ID, "not-a-uuid"]) {
      const res = await postComment(server, alice.cookie, id, { content: "hi" });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { code: "NOT_FOUND", message: M.posts.notFound } });
    }
    expect(await commentCounts(server, post.id)).toEqual({ commentsCount: 0, rows: 0 });
  });

  it("refuses blank text without a file, a blank reply, and text over the limit, with the exact messages", async () => {
    const post = await createPostAs(server, author.cookie, { content: "rules" });
    const blank = await postComment(server, alice.cookie, post.id, { content: "   \n " });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      error: {
        code: "VALIDATION",
        message: M.comments.contentOrMedia,
        fields: { content: M.comments.contentOrMedia },
      },
    });
    const long = await postComment(server, alice.cookie, post.id, {
      content: "x".repeat(COMMENT_LIMITS.maxContentLength + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: { message: M.comments.contentTooLong } });
    const exact = await postComment(server, alice.cookie, post.id, {
      content: "y".repeat(COMMENT_LIMITS.maxContentLength),
    });
    expect(exact.status).toBe(201);

    const top = await commentAs(server, alice.cookie, post.id, { content: "top" });
    const blankReply = await postComment(server, bob.cookie, post.id, { content: " ", parentId: top.id });
    expect(blankReply.status).toBe(400);
    expect(blankReply.body).toMatchObject({ error: { message: M.comments.replyEmpty } });
    const png = await samplePng();
    const fileOnlyReply = await postComment(server, bob.cookie, post.id, {
      parentId: top.id,
      attachments: [{ bytes: png, name: "a.png", type: "image/png" }],
    });
    expect(fileOnlyReply.status).toBe(400);
    expect(fileOnlyReply.body).toMatchObject({ error: { message: M.comments.replyEmpty } });

    const badParent = await postComment(server, bob.cookie, post.id, { content: "hm", parentId: "nope" });
    expect(badParent.status).toBe(400);
    expect(badParent.body).toMatchObject({ error: { message: M.comments.notFound } });
    const unknownParent = await postComment(server, bob.cookie, post.id, {
      content: "hm",
      parentId: MISSING_ID,
    });
    expect(unknownParent.status).toBe(404);
    expect(unknownParent.body).toMatchObject({ error: { code: "NOT_FOUND", message: M.comments.notFound } });

    // A comment of another post cannot be replied to from this one.
    const other = await createPostAs(server, author.cookie, { content: "elsewhere" });
    const foreign = await commentAs(server, alice.cookie, other.id, { content: "there" });
    const crossPost = await postComment(server, bob.cookie, post.id, { content: "hm", parentId: foreign.id });
    expect(crossPost.status).toBe(404);

    expect(await commentCounts(server, post.id)).toEqual({ commentsCount: 2, rows: 2 });
  });

  it("lists oldest first with one reply level: a reply to a reply joins its thread", async () => {
    const post = await createPostAs(server, author.cookie, { content: "threads" });
    const first = await commentAs(server, alice.cookie, post.id, { content: "first" });
    const second = await commentAs(server, bob.cookie, post.id, { content: "second" });
    const reply = await commentAs(server, bob.cookie, post.id, {
      content: "reply to first",
      parentId: first.id,
    });
    const deeper = await commentAs(server, alice.cookie, post.id, {
      content: "reply to reply",
      parentId: reply.id,
    });
    expect(reply.parentId).toBe(first.id);
    expect(deeper.parentId).toBe(first.id);

    const res = await listComments(server, undefined, post.id);
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.items.map((t) => [t.content, t.replies.map((r) => r.content)])).toEqual([
      ["first", ["reply to first", "reply to reply"]],
      ["second", []],
    ]);
    const shown = res.body.items[0] as TComment & { replies: TComment[] };
    expect(shown).toMatchObject({
      id: first.id,
      postId: post.id,
      parentId: null,
      author: { id: alice.id, username: alice.username, avatarUrl: null },
      likesCount: 0,
      likedByMe: false,
      reactions: [],
      userReactions: [],
      attachments: [],
    });
    expect(second.parentId).toBeNull();
    expect(await commentCounts(server, post.id)).toEqual({ commentsCount: 4, rows: 4 });
  });

  it("pages threads with a keyset cursor, every thread once, and refuses a bad cursor", async () => {
    const post = await createPostAs(server, author.cookie, { content: "busy" });
    const made: string[] = [];
    for (let i = 0; i < 7; i++)
      made.push((await commentAs(server, alice.cookie, post.id, { content: `c${i}` })).id);
    await commentAs(server, bob.cookie, post.id, { content: "r", parentId: made[2] as string });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await listComments(server, alice.cookie, post.id, query);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((t) => t.id));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(made);
    expect(pages).toBe(3);

    const bad = await listComments(server, alice.cookie, post.id, "?cursor=garbage");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "VALIDATION", message: M.posts.invalidCursor } });
    const badLimit = await listComments(server, alice.cookie, post.id, "?limit=0");
    expect(badLimit.status).toBe(400);
    const missing = await listComments(server, alice.cookie, MISSING_ID);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { message: M.posts.notFound } });
  });

  it("stores mentions and notifies the mentioned user once, never the writer", async () => {
    const post = await createPostAs(server, author.cookie, { content: "mention time" });
    const comment = await commentAs(server, alice.cookie, post.id, {
      content: `hey @${bob.username} and @${bob.username.toUpperCase()}, also @${alice.username} and @nobody_here`,
    });
    expect(comment.mentions.map((m) => m.username)).toEqual([bob.username, bob.username, alice.username]);
    expect(comment.mentions[0]).toEqual({ username: bob.username, type: "user", position: 4 });
    const stored = await server.deps.db
      .select({ userId: commentMentions.mentionedUserId })
      .from(commentMentions)
      .where(eq(commentMentions.commentId, comment.id));
    expect(stored).toHaveLength(3);
    const notes = await server.deps.db
      .select({ userId: notifications.userId, actorId: notifications.actorId })
      .from(notifications)
      .where(and(eq(notifications.kind, "mention_comment"), eq(notifications.commentId, comment.id)));
    expect(notes).toEqual([{ userId: bob.id, actorId: alice.id }]);
  });

  it("saves and counts an author's comment on their own post, which notifies nobody", async () => {
    const post = await createPostAs(server, author.cookie, { content: "my own thread" });
    const mine = await commentAs(server, author.cookie, post.id, { content: "adding context myself" });
    const reply = await commentAs(server, author.cookie, post.id, { content: "and more", parentId: mine.id });
    expect(await commentCounts(server, post.id)).toEqual({ commentsCount: 2, rows: 2 });
    const listed = await listComments(server, author.cookie, post.id);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((c) => [c.content, c.replies.map((r) => r.id)])).toEqual([
      ["adding context myself", [reply.id]],
    ]);
    const notes = await server.deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.postId, post.id));
    expect(notes).toEqual([]);
  });
});

describe("attachments", () => {
  it("accepts a file without text and serves a document as a download with its name and size", async () => {
    const post = await createPostAs(server, author.cookie, { content: "files" });
    const pdf = samplePdf();
    const docx = sampleDocx("quarterly numbers");
    const png = await samplePng(20, 10);
    const comment = await commentAs(server, alice.cookie, post.id, {
      attachments: [
        { bytes: pdf, name: "Quarterly Report.pdf", type: "application/pdf" },
        { bytes: docx, name: "notes.docx", type: "application/octet-stream" },
        { bytes: png, name: "chart.png", type: "image/png" },
      ],
    });
    expect(comment.content).toBe("");
    expect(comment.attachments.map((a) => [a.fileName, a.fileType])).toEqual([
      ["Quarterly Report.pdf", "application/pdf"],
      ["notes.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["chart.png", "image/png"],
    ]);
    const [pdfInfo, docxInfo, pngInfo] = comment.attachments;
    expect(pdfInfo?.fileSize).toBe(pdf.byteLength);
    expect(docxInfo?.fileSize).toBe(docx.byteLength);

    // The same attachments come back in the list.
    const listed = await listComments(server, bob.cookie, post.id);
    expect(listed.body.items[0]?.attachments).toEqual(comment.attachments);

    const download = await server.fetch(pdfInfo?.fileUrl as string);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="Quarterly-Report.pdf"');
    expect(download.headers.get("content-length")).toBe(String(pdf.byteLength));
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);

    const word = await server.fetch(docxInfo?.fileUrl as string);
    expect(word.headers.get("content-disposition")).toBe('attachment; filename="notes.docx"');
    // Images are shown inline, never as a download.
    const image = await server.fetch(pngInfo?.fileUrl as string);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-disposition")).toBeNull();
  });

  it("refuses an HTML file dressed up as a document and leaves nothing behind", async () => {
    const post = await createPostAs(server, author.cookie, { content: "sneaky" });
    const before = storedCommentFiles();
    const pdf = samplePdf();
    for (const name of ["report.pdf", "notes.txt", "page.html"]) {
      const res = await postComment(server, alice.cookie, post.id, {
        content: "open this",
        attachments: [
          { bytes: pdf, name: "real.pdf", type: "application/pdf" },
          { bytes: sampleHtml(), name, type: "application/pdf" },
        ],
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ error: { code: "UNSUPPORTED_TYPE", message: M.files.unsupported } });
    }
    expect(storedCommentFiles()).toEqual(before);
    expect(await commentCounts(server, post.id)).toEqual({ commentsCount: 0, rows: 0 });
  });

  it("refuses more than four files and a document over 10 MB", async () => {
    const post = await createPostAs(server, author.cookie, { content: "limits" });
    const pdf = samplePdf();
    const five = Array.from({ length: 5 }, (_, i) => ({
      bytes: pdf,
      name: `f${i}.pdf`,
      type: "application/pdf",
    }));
    const many = await postComment(server, alice.cookie, post.id, { attachments: five });
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ error: { message: M.comments.tooManyAttachments } });

    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pdf);
    const tooBig = await postComment(server, alice.cookie, post.id, {
      attachments: [{ bytes: big, name: "big.pdf", type: "application/pdf" }],
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ error: { message: M.files.tooLarge("document", 10) } });
  });

  it("takes GIPHY GIFs as on posts: shown with GIPHY's URL, counted among the four, nothing stored or removed", async () => {
    const post = await createPostAs(server, author.cookie, { content: "react with a gif" });
    const gif = {
      id: "xT9IgG50Fb7Mi0prBC",
      url: "https://media3.giphy.com/media/xT9IgG50Fb7Mi0prBC/giphy.gif",
      preview: "https://media3.giphy.com/media/xT9IgG50Fb7Mi0prBC/200.gif",
      title: "gm frens",
      width: 480,
      height: 270,
      username: "giphy",
    };
    const before = storedCommentFiles();
    const made = await commentAs(server, alice.cookie, post.id, { gifs: [gif] });
    expect(made.content).toBe("");
    expect(made.attachments).toEqual([
      {
        id: expect.any(String),
        fileName: "gm frens",
        fileUrl: gif.url,
        fileType: EXTERNAL_GIF_TYPE,
        fileSize: 0,
      },
    ]);
    const listed = await listComments(server, undefined, post.id);
    expect(listed.body.items.find((c) => c.id === made.id)?.attachments).toEqual(made.attachments);
    expect(storedCommentFiles()).toEqual(before);

    // A file and a GIF together, in the order sent: files first.
    const both = await commentAs(server, alice.cookie, post.id, {
      content: "chart and mood",
      attachments: [{ bytes: await samplePng(), name: "chart.png", type: "image/png" }],
      gifs: [gif],
    });
    expect(both.attachments.map((a) => a.fileType)).toEqual(["image/png", EXTERNAL_GIF_TYPE]);

    // Four files and a GIF are five attachments.
    const pdf = { bytes: samplePdf(), name: "a.pdf", type: "application/pdf" };
    const five = await postComment(server, alice.cookie, post.id, {
      attachments: [pdf, pdf, pdf, pdf],
      gifs: [gif],
    });
    expect(five.status).toBe(400);
    expect(five.body).toMatchObject({ error: { message: M.comments.tooManyAttachments } });

    // Only GIPHY's media hosts, as well-formed JSON.
    for (const gifs of [
      [{ ...gif, url: "https://evil.example/giphy.gif" }],
      "[{not json",
      [{ ...gif, width: "x" }],
    ]) {
      const bad = await postComment(server, alice.cookie, post.id, { content: "gif", gifs });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: { message: M.posts.gifInvalid } });
    }

    // Deleting it removes its row and asks storage to remove nothing of GIPHY's.
    const asked: string[] = [];
    const remove = server.deps.storage.delete.bind(server.deps.storage);
    server.deps.storage.delete = async (key) => {
      asked.push(key);
      return remove(key);
    };
    try {
      const gone = await call(server, "DELETE", `/api/comments/${made.id}`, { cookie: alice.cookie });
      expect(gone.status).toBe(204);
    } finally {
      server.deps.storage.delete = remove;
    }
    expect(asked).toEqual([]);
    const after = await listComments(server, undefined, post.id);
    expect(after.body.items.map((c) => c.id)).not.toContain(made.id);
  });

  it("removes the stored files when the comment cannot be saved", async () => {
    const post = await createPostAs(server, author.cookie, { content: "vanishing" });
    const before = storedCommentFiles();
    // The post disappears after the checks, while the file is being stored: the insert then fails.
    const original = server.deps.storage.put.bind(server.deps.storage);
    server.deps.storage.put = async (...args) => {
      const stored = await original(...args);
      await call(server, "DELETE", `/api/posts/${post.id}`, { cookie: author.cookie });
      return stored;
    };
    try {
      const res = await postComment(server, alice.cookie, post.id, {
        content: "too late",
        attachments: [{ bytes: samplePdf(), name: "late.pdf", type: "application/pdf" }],
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { message: M.posts.notFound } });
    } finally {
      server.deps.storage.put = original;
    }
    expect(storedCommentFiles()).toEqual(before);
  });
});

describe("API description", () => {
  it("documents every comment route in the OpenAPI document", async () => {
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const methods = (p: string) => Object.keys(doc.paths[p] ?? {}).sort();
    expect(methods("/posts/{id}/comments")).toEqual(["get", "post"]);
    expect(methods("/comments/{id}")).toEqual(["delete"]);
    expect(methods("/comments/{id}/like")).toEqual(["delete", "put"]);
    expect(methods("/comments/{id}/reactions")).toEqual(["post"]);
    expect(methods("/comments/{id}/reactions/{emoji}")).toEqual(["delete"]);
    expect(Object.keys(doc.paths["/comments/{id}/reactions"]?.post?.responses ?? {})).toContain("409");
  });
});
