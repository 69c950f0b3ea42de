import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "./db/query-rows.ts";
import { createScratchDatabase, type TScratchDatabase } from "./db/scratch-database.ts";
import { postJson } from "./features/auth/testing.ts";
import { call, createPostAs, pngBytes } from "./features/posts/testing.ts";
import { DRAW_JOB } from "./features/rewards/draw-giveaway.ts";
import { openEventStream } from "./testing/event-stream.ts";
import { createUser, makeAdmin, markEmailVerified, signUpUser } from "./testing/factories.ts";
import { startTestServer, type TTestServer } from "./testing/test-server.ts";

/*
 * The production topology of docs/deploy.md in one test: two instances behind a load balancer, started at the same
 * moment on one empty PostgreSQL database, and one S3 bucket (s3rver, a local server speaking S3's protocol,
 * signatures checked), with no AUTH_SECRET set (the instances share the one kept in the database). What a member
 * does through one instance holds on the other, and what is scheduled runs on one of them, once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL and one S3 bucket", () => {
  const bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-s3-"));
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: bucketDir,
    configureBuckets: [{ name: "media-bucket", configs: [] }],
  });
  let a: TTestServer;
  let b: TTestServer;
  let empty: TScratchDatabase;
  // Every job run on either instance, by queue name.
  const jobRuns: string[] = [];

  beforeAll(async () => {
    empty = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? "", "plugs_test");
    const { port } = await s3.run();
    const env = {
      S3_BUCKET: "media-bucket",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      // s3rver's own account: requests signed with another key are refused.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
    const options = { databaseUrl: empty.url, onJobRun: (name: string) => jobRuns.push(name) };
    [a, b] = await Promise.all([startTestServer(env, options), startTestServer(env, options)]);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await empty?.drop();
    await s3.close();
    fs.rmSync(bucketDir, { recursive: true, force: true });
  });

  it("started both at once on an empty database, which got every migration once, and both are ready", async () => {
    const journal = JSON.parse(
      fs.readFileSync(new URL("../drizzle/meta/_journal.json", import.meta.url), "utf8"),
    ) as { entries: unknown[] };
    const [applied] = await queryRows<{ n: number; distinct: number }>(
      a.deps.db,
      sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
    for (const instance of [a, b]) expect((await instance.fetch("/api/health/ready")).status).toBe(200);
  });

  it("signs a member up on A and knows them on B, with no secret configured", async () => {
    const member = await signUpUser(a);
    const res = await b.fetch("/api/me", { headers: { cookie: member.cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { id: member.id } });
  });

  it("serves from B an image posted through A, from the bucket, not from A's disk", async () => {
    const member = await signUpUser(a);
    await markEmailVerified(a, member.id);
    const png = await pngBytes(12, 7);
    const post = (await createPostAs(a, member.cookie, {
      content: "chart attached",
      media: [{ bytes: png, name: "chart.png", type: "image/png" }],
    })) as { id: string; media: { url: string }[] };
    const url = post.media[0]?.url ?? "";
    expect(url).toContain(`post_media/${post.id}/`);
    // In the bucket's folder (s3rver keeps objects as files), nowhere under A's data folder.
    const inBucket = fs.readdirSync(bucketDir, { recursive: true }).map(String);
    expect(inBucket.some((name) => name.includes(`post_media/${post.id}/`))).toBe(true);
    const onDisk = fs.readdirSync(a.dataDir, { recursive: true }).map(String);
    expect(onDisk.some((name) => name.includes(post.id))).toBe(false);
    const served = await b.fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).length).toBeGreaterThan(0);
  });

  it("delivers a mention made through A to the member's event stream on B within a second", async () => {
    const writer = await createUser(a);
    const target = await createUser(a);
    // The target signed in on A; its cookie opens the event stream on B.
    const stream = await openEventStream(b, target.cookie);
    try {
      expect(stream.status).toBe(200);
      await stream.next("ready");
      const started = Date.now();
      const post = await createPostAs(a, writer.cookie, { content: `across @${target.username}` });
      const event = await stream.next("notification", { timeoutMs: 1000 });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(JSON.parse(event.data)).toMatchObject({ kind: "mention_post", postId: post.id });
    } finally {
      stream.close();
    }
  });

  it("holds the per-e-mail sign-in lockout across both: five failures spread over A and B lock it on each", async () => {
    const member = await signUpUser(a);
    for (let i = 1; i <= 5; i++) {
      const res = await postJson(i % 2 ? a : b, "/api/auth/sign-in/email", {
        email: member.email,
        password: `Wrong-${i}-Password`,
      });
      expect(res.status).toBe(401);
    }
    for (const instance of [a, b]) {
      const res = await postJson(instance, "/api/auth/sign-in/email", {
        email: member.email,
        password: member.password,
      });
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({
        error: { message: "Too many login attempts. Please try again in 5 minute(s)." },
      });
    }
  });

  it("runs a giveaway's scheduled draw once, on one of the two instances", async () => {
    const admin = await createUser(a);
    await makeAdmin(a, admin.id);
    const created = await call<{ id: string; slug: string }>(a, "POST", "/api/admin/rewards", {
      cookie: admin.cookie,
      json: {
        title: `Scheduled draw ${Date.now()}`,
        prize: "1 SOL",
        winnersCount: 1,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 2_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const { id, slug } = created.body;
    expect(
      (await call(b, "POST", `/api/admin/rewards/${slug}/publish`, { cookie: admin.cookie })).status,
    ).toBe(200);
    const entrant = await createUser(b);
    expect((await call(b, "POST", `/api/rewards/${slug}/entries`, { cookie: entrant.cookie })).status).toBe(
      201,
    );
    const runsBefore = jobRuns.filter((name) => name === DRAW_JOB).length;
    // Nobody presses Draw now: the job sent at publishing draws it after the end, on whichever instance takes it.
    // The queue's own record: one job for this giveaway, taken once and completed, never retried. (Waited for on
    // the record itself: the draw commits inside the job, a moment before pg-boss marks the job completed.)
    await expect
      .poll(
        () =>
          queryRows<{ state: string; retry_count: number }>(
            a.deps.db,
            sql`select state::text, retry_count from pgboss.job where name = ${DRAW_JOB} and data->>'giveawayId' = ${id}`,
          ),
        { timeout: 15_000, interval: 200 },
      )
      .toEqual([{ state: "completed", retry_count: 0 }]);
    expect(jobRuns.filter((name) => name === DRAW_JOB).length - runsBefore).toBe(1);
    const drawn = await call<{ status: string; proof: { winnerIds: string[] } }>(
      b,
      "GET",
      `/api/rewards/${slug}`,
    );
    expect(drawn.body).toMatchObject({ status: "drawn", proof: { winnerIds: [entrant.id] } });
  });

  it("draws a giveaway once while both instances' jobs and a dozen 'Draw now' calls on each race for it", async () => {
    const admin = await createUser(a);
    await makeAdmin(a, admin.id);
    const created = await call<{ slug: string }>(a, "POST", "/api/admin/rewards", {
      cookie: admin.cookie,
      json: {
        title: `Two-instance giveaway ${Date.now()}`,
        prize: "1 SOL",
        winnersCount: 2,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const slug = created.body.slug;
    expect(
      (await call(b, "POST", `/api/admin/rewards/${slug}/publish`, { cookie: admin.cookie })).status,
    ).toBe(200);
    const members = await Promise.all(Array.from({ length: 6 }, () => createUser(a)));
    for (const [i, m] of members.entries()) {
      const res = await call(i % 2 ? a : b, "POST", `/api/rewards/${slug}/entries`, { cookie: m.cookie });
      expect(res.status).toBe(201);
    }
    while ((await call<{ phase: string }>(a, "GET", `/api/rewards/${slug}`)).body.phase !== "ended") {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const draws = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call(i % 2 ? a : b, "POST", `/api/admin/rewards/${slug}/draw`, { cookie: admin.cookie }),
      ),
    );
    // One call drew it, or a job did first; every other call found it drawn.
    expect(draws.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(draws.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const [row] = await queryRows<{ winners: number; draws: number }>(
      a.deps.db,
      sql`select (select count(*)::int from giveaway_winners w join giveaways g on g.id = w.giveaway_id
                  where g.slug = ${slug}) as winners,
                 (select count(*)::int from admin_audit_log where action = 'rewards.draw'
                  and target_id = (select id::text from giveaways where slug = ${slug})) as draws`,
    );
    expect(row?.winners).toBe(2);
    expect(row?.draws).toBeLessThanOrEqual(1);
    const drawn = await call<{ status: string; proof: { winnerIds: string[] } }>(
      b,
      "GET",
      `/api/rewards/${slug}`,
    );
    expect(drawn.body.status).toBe("drawn");
    expect(drawn.body.proof.winnerIds).toHaveLength(2);
  });
});
