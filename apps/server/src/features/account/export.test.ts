import type { TMyDataExport } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, sessions } from "../../db/schema/index.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { commentAs } from "../comments/testing.ts";
import { fileReport, randomHandle } from "../kols/testing.ts";
import { call, createPostAs } from "../posts/testing.ts";

let server: TTestServer;
let alice: TTestUser;
let bob: TTestUser;
let alicePost: string;
let bobPost: string;
let aliceComment: string;
let bobComment: string;
let handle: string;

// One seed for the file: Alice and Bob post, comment and react on each other's things; Alice files a report.
beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser(server);
  bob = await createUser(server);
  alicePost = (await createPostAs(server, alice.cookie, { content: "Alice's own post" })).id;
  bobPost = (await createPostAs(server, bob.cookie, { content: "Bob's post" })).id;
  aliceComment = (await commentAs(server, alice.cookie, bobPost, { content: "Alice on Bob" })).id;
  bobComment = (await commentAs(server, bob.cookie, alicePost, { content: "Bob on Alice" })).id;
  expect((await call(server, "PUT", `/api/posts/${bobPost}/like`, { cookie: alice.cookie })).status).toBe(
    200,
  );
  expect(
    (await call(server, "PUT", `/api/comments/${bobComment}/like`, { cookie: alice.cookie })).status,
  ).toBe(200);
  const reacted = await call(server, "POST", `/api/comments/${bobComment}/reactions`, {
    cookie: alice.cookie,
    json: { emoji: "🔥" },
  });
  expect(reacted.status).toBeLessThan(300);
  handle = randomHandle("exp");
  await fileReport(server, alice.cookie, { kolHandle: handle });
});
afterAll(() => server?.close());

describe("GET /api/me/export", () => {
  it("needs a session", async () => {
    expect((await call(server, "GET", "/api/me/export")).status).toBe(401);
  });

  it("answers a JSON attachment of the member's own data and nobody else's", async () => {
    const res = await server.fetch("/api/me/export", { headers: { cookie: alice.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="plugs-and-rugs-${alice.username}-${day}.json"`,
    );
    const text = await res.text();
    const data = JSON.parse(text) as TMyDataExport;
    expect(data.format).toBe("plugs-and-rugs-export/1");
    expect(data.account).toMatchObject({ id: alice.id, email: alice.email, twoFactorEnabled: false });
    expect(data.profile).toMatchObject({ username: alice.username });
    expect(data.posts.map((p) => p.content)).toEqual(["Alice's own post"]);
    expect(data.comments).toEqual([expect.objectContaining({ id: aliceComment, content: "Alice on Bob" })]);
    expect(data.reactions.postLikes.map((l) => l.postId)).toEqual([bobPost]);
    expect(data.reactions.commentLikes.map((l) => l.commentId)).toEqual([bobComment]);
    expect(data.reactions.commentReactions).toEqual([
      expect.objectContaining({ commentId: bobComment, emoji: "🔥" }),
    ]);
    expect(data.points.balance).toBe(data.points.ledger.reduce((sum, l) => sum + Number(l.points), 0));
    expect(data.reports).toEqual([expect.objectContaining({ kolHandle: handle, status: "pending" })]);
    expect(data.truncated).toEqual([]);

    // No secrets (no such key, nor the stored hash and session tokens), and nothing of Bob's but the ids of what
    // Alice reacted to.
    expect(text).not.toMatch(/"[a-z]*(password|token|secret|backup)[a-z]*":/i);
    const [hash] = await server.deps.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, alice.id));
    const tokens = await server.deps.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, alice.id));
    for (const secret of [
      hash?.password,
      ...tokens.map((t) => t.token),
      bob.email,
      "Bob's post",
      "Bob on Alice",
    ]) {
      expect(secret).toBeTruthy();
      expect(text).not.toContain(secret);
    }
  });

  it("is a counted account action", async () => {
    const limited = await startTestServer({ MEMBER_LIMITS: "account=1/1000" });
    try {
      const carol = await createUser(limited);
      expect((await call(limited, "GET", "/api/me/export", { cookie: carol.cookie })).status).toBe(200);
      expect((await call(limited, "GET", "/api/me/export", { cookie: carol.cookie })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
