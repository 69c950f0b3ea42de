import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { postComment } from "../comments/testing.ts";
import { call, createPostAs } from "../posts/testing.ts";

/*
 * What a request costs the database (startTestServer's onQuery), kept as committed SQL snapshots in `__sql__/`, so
 * a change to a request's statements shows in review as SQL (`npx vitest run -u` rewrites them). The session lookup
 * runs on every signed-in request (bans, sign-out and role changes take effect on the next one): one statement reads
 * the session, its account, the profile, the bans and the admin role. The rest is the route's own, and does not
 * grow with the rows it reads.
 */
let server: TTestServer;
let statements: string[] = [];
let counting = false;
let member: TTestUser;
let author: TTestUser;

beforeAll(async () => {
  server = await startTestServer({}, { onQuery: (query) => counting && statements.push(query) });
  member = await createUser(server);
  author = await createUser(server);
});
afterAll(() => server?.close());

/** The statements the app sent while `run` ran. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  counting = true;
  try {
    await run();
  } finally {
    counting = false;
  }
  return statements;
}

/**
 * The statements as one SQL file: whitespace collapsed, one per paragraph; begin and commit (PostgreSQL's driver
 * reports them, PGlite's does not) left out.
 */
function asSql(sent: string[]): string {
  return `${sent
    .filter((q) => q !== "begin" && q !== "commit")
    .map((q) => `${q.replace(/\s+/g, " ").trim()};`)
    .join("\n\n")}\n`;
}

const snapshot = (name: string) => `__sql__/${name}.sql`;

describe("statements per request", () => {
  it("a visitor's feed page is one statement, a member's the session's and then the page", async () => {
    await createPostAs(server, author.cookie, { content: "hello feed" });
    const visitor = await statementsOf(async () => {
      expect((await call(server, "GET", "/api/feed")).status).toBe(200);
    });
    await expect(asSql(visitor)).toMatchFileSnapshot(snapshot("feed-visitor"));
    const signedIn = await statementsOf(async () => {
      const res = await call<{ items: { content: string }[] }>(server, "GET", "/api/feed?tab=all", {
        cookie: member.cookie,
      });
      expect(res.status).toBe(200);
      expect(res.body.items.map((p) => p.content)).toContain("hello feed");
    });
    await expect(asSql(signedIn)).toMatchFileSnapshot(snapshot("feed-member"));
  });

  it("a post's page is one statement, its view counted in it; a like or an unlike one after the session's", async () => {
    const post = await createPostAs(server, author.cookie, { content: "open me" });
    for (const expected of [1, 1]) {
      // The first opening writes the view; the second, the same day, only reads.
      const sent = await statementsOf(async () => {
        const res = await call<{ viewsCount: number }>(server, "GET", `/api/posts/${post.id}`);
        expect(res.status).toBe(200);
        expect(res.body.viewsCount).toBe(expected);
      });
      await expect(asSql(sent)).toMatchFileSnapshot(snapshot("post-page"));
    }
    for (const [method, liked] of [
      ["PUT", true],
      ["DELETE", false],
    ] as const) {
      const sent = await statementsOf(async () => {
        const res = await call(server, method, `/api/posts/${post.id}/like`, { cookie: member.cookie });
        expect(res.body).toEqual({ liked, likesCount: liked ? 1 : 0 });
      });
      // The session, then the post's check, the like row and the count together.
      await expect(asSql(sent)).toMatchFileSnapshot(snapshot(liked ? "like" : "unlike"));
    }
  });

  it("a page of comments is one statement, the post's check in it; an empty page asks whether the post was reachable", async () => {
    const post = await createPostAs(server, author.cookie, { content: "a thread" });
    const first = await postComment(server, author.cookie, post.id, { content: "top" });
    await postComment(server, member.cookie, post.id, { content: "reply", parentId: first.body.id });
    const sent = await statementsOf(async () => {
      const res = await call<{ items: { content: string; replies: { content: string }[] }[] }>(
        server,
        "GET",
        `/api/posts/${post.id}/comments`,
      );
      expect(res.body.items.map((t) => [t.content, t.replies.map((r) => r.content)])).toEqual([
        ["top", ["reply"]],
      ]);
    });
    await expect(asSql(sent)).toMatchFileSnapshot(snapshot("comments-page"));
    const quiet = await createPostAs(server, author.cookie, { content: "no comments yet" });
    const empty = await statementsOf(async () => {
      const res = await call<{ items: unknown[] }>(server, "GET", `/api/posts/${quiet.id}/comments`);
      expect(res.body.items).toEqual([]);
    });
    await expect(asSql(empty)).toMatchFileSnapshot(snapshot("comments-page-empty"));
  });

  it("a member's notifications are the session's statements, then the page with the unread count in it", async () => {
    const post = await createPostAs(server, member.cookie, { content: "tell me when someone answers" });
    await postComment(server, author.cookie, post.id, { content: "an answer" });
    const sent = await statementsOf(async () => {
      const res = await call<{ items: { kind: string }[]; unreadCount: number }>(
        server,
        "GET",
        "/api/notifications",
        {
          cookie: member.cookie,
        },
      );
      expect(res.body.items.map((n) => n.kind)).toEqual(["comment"]);
      expect(res.body.unreadCount).toBe(1);
    });
    await expect(asSql(sent)).toMatchFileSnapshot(snapshot("notifications"));
  });

  it("a comment is created in a fixed list of statements, the post's row locked last, its events sent after", async () => {
    const post = await createPostAs(server, author.cookie, { content: "comment on me" });
    const sent = await statementsOf(async () => {
      const res = await postComment(server, member.cookie, post.id, { content: "first!" });
      expect(res.status).toBe(201);
    });
    // The session and the post's visibility; in the transaction, sent together, the comment, the notification
    // (inserted where its reader may see the post, with its actor), last of the writes the post's count, whose row
    // lock is held until commit, and the comment read back as the answer; after the commit the notification's event
    // (a NOTIFY inside would make comments commit one at a time).
    await expect(asSql(sent)).toMatchFileSnapshot(snapshot("create-comment"));
    // node-postgres's driver reports begin and commit (PGlite's does not): the NOTIFY follows the commit.
    if (sent.includes("commit")) {
      expect(sent.indexOf("commit")).toBe(sent.findIndex((q) => q.startsWith("select pg_notify")) - 1);
    }
  });
});
