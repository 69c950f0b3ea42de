import { randomBytes } from "node:crypto";
import { M, type TNotification } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream } from "../../testing/event-stream.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs, seedCommunity, seedMember } from "../posts/testing.ts";

let server: TTestServer;
let author: TTestUser;
let reader: TTestUser;
let outsider: TTestUser;

beforeAll(async () => {
  server = await startTestServer({}, { realtimeHeartbeatMs: 200 });
  author = await createUser(server, { username: "rt_author" });
  reader = await createUser(server, { username: "rt_reader" });
  outsider = await createUser(server, { username: "rt_outsider" });
});
afterAll(() => server?.close());

describe("GET /api/events", () => {
  it("asks visitors to sign in", async () => {
    const res = await call<{ error: { message: string } }>(server, "GET", "/api/events");
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(M.auth.signInRequired);
  });

  it("is described in the OpenAPI document as an event stream", async () => {
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        { get?: { description?: string; responses: Record<string, { content?: object }> } }
      >;
    };
    const events = doc.paths["/events"]?.get;
    expect(Object.keys(events?.responses ?? {})).toEqual(["200", "401", "429"]);
    expect(Object.keys(events?.responses["200"]?.content ?? {})).toEqual(["text/event-stream"]);
    for (const name of ["`ready`", "`notification`", "`post`", "`site`", "`closed`", "heartbeat"]) {
      expect(events?.description).toContain(name);
    }
  });

  it("delivers a mention as a notification event, with heartbeats between", async () => {
    const stream = await openEventStream(server, reader.cookie);
    try {
      expect(stream.status).toBe(200);
      await stream.next("ready");
      const post = await createPostAs(server, author.cookie, { content: "hello @rt_reader" });
      const event = await stream.next("notification");
      const n = JSON.parse(event.data) as TNotification;
      expect(n).toMatchObject({ kind: "mention_post", postId: post.id, actor: { username: "rt_author" } });
      await new Promise((r) => setTimeout(r, 500));
      expect(stream.comments).toContain("heartbeat");
    } finally {
      stream.close();
    }
  });

  it("signals a new post only to users who may see it, never to its author", async () => {
    const community = await seedCommunity(server);
    await seedMember(server, community.id, author.id);
    await seedMember(server, community.id, reader.id);
    const [r, o, a] = await Promise.all([
      openEventStream(server, reader.cookie),
      openEventStream(server, outsider.cookie),
      openEventStream(server, author.cookie),
    ]);
    try {
      await Promise.all([r.next("ready"), o.next("ready"), a.next("ready")]);
      const inside = await createPostAs(server, author.cookie, {
        content: "inside",
        communityId: community.id,
      });
      const open = await createPostAs(server, author.cookie, { content: "open" });
      const postsOf = async (s: typeof r, count: number) => {
        await s.next("post");
        await new Promise((res) => setTimeout(res, 300));
        const ids = s.events.filter((e) => e.event === "post").map((e) => JSON.parse(e.data).postId);
        expect(ids).toHaveLength(count);
        return ids;
      };
      expect(await postsOf(r, 2)).toEqual(expect.arrayContaining([inside.id, open.id]));
      expect(await postsOf(o, 1)).toEqual([open.id]);
      expect(a.events.filter((e) => e.event === "post")).toEqual([]);
    } finally {
      for (const s of [r, o, a]) s.close();
    }
  });

  it("ends open streams on shutdown, so close() does not hang", async () => {
    const other = await startTestServer();
    const user = await createUser(other);
    const stream = await openEventStream(other, user.cookie);
    await stream.next("ready");
    const started = Date.now();
    const closing = other.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5000);
    await closing;
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "two instances on one PostgreSQL (PostgreSQL only: LISTEN/NOTIFY)",
  () => {
    it("an admin's change of the site settings on A reaches a member's tab on B, which reads it from B", async () => {
      const env = { AUTH_SECRET: randomBytes(32).toString("hex") };
      const a = await startTestServer(env);
      const b = await startTestServer(env, { databaseUrl: a.deps.config.databaseUrl ?? "" });
      try {
        const admin = await createUser(a);
        await makeAdmin(a, admin.id);
        const member = await createUser(a);
        const stream = await openEventStream(b, member.cookie);
        await stream.next("ready");
        const saved = await call(a, "PATCH", "/api/admin/site", {
          cookie: admin.cookie,
          json: { announcement: "Read this on every instance" },
        });
        expect(saved.status).toBe(200);
        await stream.next("site", { timeoutMs: 1000 });
        const onB = await call<{ announcement: string | null }>(b, "GET", "/api/site");
        expect(onB.body.announcement).toBe("Read this on every instance");
        stream.close();
      } finally {
        await b.close();
        await a.close();
      }
    });
  },
);
