import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MEMBER_ACTIONS, type TMemberAction, tooOftenMessage } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberActionCounts, posts } from "../../db/schema/index.ts";
import { createScratchDatabase } from "../../db/scratch-database.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { commentCounts, postComment } from "../comments/testing.ts";
import { call, createPostAs, postForm } from "../posts/testing.ts";

/** A minute burst's wait: under a minute in seconds, a full minute as "1 minute". */
const TOO_OFTEN = /^You're doing that too often\. Try again in (\d+ seconds?|1 minute)\.$/;
const MISSING = "7d4e8c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6";

/** Every kind at one per minute (and plenty per day): a route's second request in a minute is refused. */
const ONE_PER_MINUTE = MEMBER_ACTIONS.map((kind) => `${kind}=1/1000`).join(",");

type TError = { error: { code: string; message: string } };

async function postsBy(server: TTestServer, userId: string) {
  return (await server.deps.db.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId))).length;
}

describe("the minute burst", () => {
  let server: TTestServer;
  let member: TTestUser;
  let postId: string;

  beforeAll(async () => {
    server = await startTestServer({ MEMBER_LIMITS: "comment=3/100" });
    member = await createUser(server);
    postId = (await createPostAs(server, member.cookie, { content: "Limits" })).id;
  });
  afterAll(() => server?.close());

  it("refuses the comment past the burst with 429, the wait in words and Retry-After, and writes nothing", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await postComment(server, member.cookie, postId, { content: `c${i}` })).status).toBe(201);
    }
    const res = await server.fetch(`/api/posts/${postId}/comments`, {
      method: "POST",
      headers: { cookie: member.cookie },
      body: (() => {
        const form = new FormData();
        form.set("content", "one too many");
        return form;
      })(),
    });
    expect(res.status).toBe(429);
    const body = (await res.json()) as TError;
    expect(body.error.code).toBe("RATE_LIMITED");
    expect(body.error.message).toMatch(TOO_OFTEN);
    const wait = Number(res.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(body.error.message).toBe(tooOftenMessage(wait));
    expect(await commentCounts(server, postId)).toEqual({ commentsCount: 3, rows: 3 });
  });

  it("holds each member to their own count, and other kinds of action to theirs", async () => {
    const other = await createUser(server);
    expect((await postComment(server, other.cookie, postId, { content: "mine" })).status).toBe(201);
    expect((await call(server, "PUT", `/api/posts/${postId}/like`, { cookie: member.cookie })).status).toBe(
      200,
    );
  });

  it("holds admins to the same limits when they write as members", async () => {
    const admin = await createUser(server);
    await makeAdmin(server, admin.id);
    for (let i = 0; i < 3; i++) {
      expect((await postComment(server, admin.cookie, postId, { content: `a${i}` })).status).toBe(201);
    }
    const res = await postComment(server, admin.cookie, postId, { content: "again" });
    expect(res.status).toBe(429);
  });

  it("leaves a visitor to the route's own 401", async () => {
    const res = await postComment(server, undefined, postId, { content: "hi" });
    expect(res.status).toBe(401);
  });
});

describe("the day total", () => {
  const secret = "member-limits-secret-member-limits-secret";
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | null = null;
  let first: TTestServer | null = null;
  let second: TTestServer | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-limits-"));
    if (process.env.TEST_DATABASE_URL) {
      database = await createScratchDatabase(process.env.TEST_DATABASE_URL, "plugs_test");
    }
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The same database each time: PGlite on disk in one folder, or one PostgreSQL database. */
  const start = () =>
    startTestServer(
      { MEMBER_LIMITS: "post=100/2", AUTH_SECRET: secret },
      database ? { databaseUrl: database.url } : { dataDir },
    );

  it("holds across a restart: the third post of the day is refused, in hours", async () => {
    first = await start();
    const member = await createUser(first);
    await createPostAs(first, member.cookie, { content: "one" });
    await createPostAs(first, member.cookie, { content: "two" });
    await first.close();
    first = null;

    second = await start();
    const res = await call<TError>(second, "POST", "/api/posts", {
      cookie: member.cookie,
      form: postForm({ content: "three" }),
    });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe("You're doing that too often. Try again in 24 hours.");
    expect(await postsBy(second, member.id)).toBe(2);
  });
});

describe("every write a member makes is counted", () => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startTestServer({ MEMBER_LIMITS: ONE_PER_MINUTE });
  });
  afterAll(() => server?.close());

  // Targets need not exist: the limit is counted before the route reads or judges anything, so a first request
  // may be a 400 or 404 and still counts; the second within the minute is refused.
  const form = () => {
    const f = new FormData();
    f.set("content", "x");
    return f;
  };
  const ROUTES: {
    method: string;
    path: string;
    kind: TMemberAction;
    json?: unknown;
    form?: () => FormData;
  }[] = [
    { method: "POST", path: "/posts", kind: "post", form },
    { method: "PATCH", path: `/posts/${MISSING}`, kind: "edit", json: { content: "x" } },
    { method: "DELETE", path: `/posts/${MISSING}`, kind: "edit" },
    { method: "PUT", path: `/posts/${MISSING}/like`, kind: "reaction" },
    { method: "DELETE", path: `/posts/${MISSING}/like`, kind: "reaction" },
    { method: "POST", path: `/posts/${MISSING}/comments`, kind: "comment", form },
    { method: "DELETE", path: `/comments/${MISSING}`, kind: "edit" },
    { method: "PUT", path: `/comments/${MISSING}/like`, kind: "reaction" },
    { method: "DELETE", path: `/comments/${MISSING}/like`, kind: "reaction" },
    { method: "POST", path: `/comments/${MISSING}/reactions`, kind: "reaction", json: { emoji: "🔥" } },
    { method: "DELETE", path: `/comments/${MISSING}/reactions/fire`, kind: "reaction" },
    { method: "POST", path: "/communities", kind: "community", form },
    { method: "PATCH", path: `/communities/${MISSING}`, kind: "edit", json: { name: "x" } },
    { method: "POST", path: `/communities/${MISSING}/join`, kind: "follow", json: {} },
    { method: "POST", path: `/communities/${MISSING}/leave`, kind: "follow" },
    { method: "POST", path: `/communities/${MISSING}/members`, kind: "moderate", json: { userId: MISSING } },
    { method: "PATCH", path: `/communities/${MISSING}/members/${MISSING}`, kind: "moderate", json: {} },
    { method: "PUT", path: `/communities/${MISSING}/branding/avatar`, kind: "upload", form },
    { method: "PUT", path: "/users/nobody_here/follow", kind: "follow" },
    { method: "DELETE", path: "/users/nobody_here/follow", kind: "follow" },
    { method: "POST", path: "/kols/nobody/votes", kind: "reaction", json: { type: "plug" } },
    { method: "DELETE", path: "/kols/nobody/votes", kind: "reaction" },
    { method: "POST", path: "/notifications/read", kind: "edit", json: { all: true } },
    { method: "POST", path: "/reports", kind: "report", form },
    { method: "POST", path: `/posts/${MISSING}/flags`, kind: "report", json: { reason: "spam" } },
    { method: "POST", path: `/comments/${MISSING}/flags`, kind: "report", json: { reason: "spam" } },
    { method: "PATCH", path: "/me/profile", kind: "edit", json: { username: "x" } },
    { method: "POST", path: "/me/avatar", kind: "upload", form },
    { method: "POST", path: "/me/banner", kind: "upload", form },
    { method: "DELETE", path: "/me/banner", kind: "edit" },
    { method: "POST", path: "/me/deletion", kind: "account", json: { password: "x" } },
    { method: "DELETE", path: `/me/passkeys/${MISSING}`, kind: "account" },
    { method: "POST", path: "/me/password", kind: "account", json: { newPassword: "x" } },
    { method: "POST", path: "/me/sign-ins", kind: "account", json: { provider: "oidc" } },
    { method: "DELETE", path: "/me/sign-ins/oidc", kind: "account" },
    { method: "POST", path: `/learn/lessons/${MISSING}/complete`, kind: "learn" },
    { method: "POST", path: `/learn/lessons/${MISSING}/quiz/attempts`, kind: "learn" },
    { method: "POST", path: "/learn/courses/no-such-course/exam/attempts", kind: "learn" },
    { method: "POST", path: `/learn/attempts/${MISSING}/submit`, kind: "learn", json: { answers: [] } },
    { method: "POST", path: "/rewards/no-such-giveaway/entries", kind: "rewards" },
    { method: "POST", path: "/rewards/no-such-giveaway/claim", kind: "rewards", json: { contact: "x" } },
    {
      method: "POST",
      path: "/sweep/wallets/challenge",
      kind: "sweep",
      json: { address: "11111111111111111111111111111111" },
    },
    { method: "POST", path: "/sweep/wallets", kind: "sweep", json: {} },
    { method: "DELETE", path: "/sweep/wallets/11111111111111111111111111111111", kind: "sweep" },
    { method: "POST", path: "/sweep/claims", kind: "sweep", json: {} },
  ];

  it.each(ROUTES)("$method $path counts as $kind", async (route) => {
    const member = await createUser(server);
    const send = () =>
      call<TError>(server, route.method, `/api${route.path}`, {
        cookie: member.cookie,
        ...(route.json !== undefined ? { json: route.json } : {}),
        ...(route.form ? { form: route.form() } : {}),
      });
    const firstTry = await send();
    expect(firstTry.status).not.toBe(429);
    const counted = await server.deps.db
      .select({ action: memberActionCounts.action, count: memberActionCounts.count })
      .from(memberActionCounts)
      .where(eq(memberActionCounts.userId, member.id));
    expect(counted).toEqual([{ action: route.kind, count: 1 }]);
    const secondTry = await send();
    expect(secondTry.status).toBe(429);
    expect(secondTry.body.error.message).toMatch(TOO_OFTEN);
  });

  it("the table holds every member write in the API: new write routes must take a limit or a reason here", async () => {
    // Not member writes: sign-in, sign-up and password routes have their own limits; admin routes are moderation
    // (admins are few, known, and work in bulk); signing out other sessions must always work; a new verification
    // e-mail has its own stricter limit (one a minute, five a day, counted in verification_mail_sends).
    const exempt = (method: string, p: string) =>
      p.startsWith("/auth/") ||
      p.startsWith("/admin/") ||
      (method === "POST" && p === "/me/sessions/revoke-others") ||
      (method === "POST" && p === "/me/verification-email");
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => method !== "get" && op.security?.length === 1 && op.security[0]?.session)
        .map(([method]) => `${method.toUpperCase()} ${p}`),
    );
    const covered = ROUTES.map((r) => `${r.method} ${r.path}`);
    const missing = writes.filter((w) => {
      const [method = "", p = ""] = w.split(" ");
      if (exempt(method, p)) return false;
      const pattern = new RegExp(`^${method} ${p.replace(/\{[^}]+\}/g, "[^/]+")}$`);
      return !covered.some((c) => pattern.test(c));
    });
    expect(missing).toEqual([]);
  });
});
