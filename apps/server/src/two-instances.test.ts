import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson } from "./features/auth/testing.ts";
import { createPostAs, pngBytes } from "./features/posts/testing.ts";
import { markEmailVerified, signUpUser } from "./testing/factories.ts";
import { startTestServer, type TTestServer } from "./testing/test-server.ts";

/*
 * The production topology of docs/deploy.md in one test: two instances behind a load balancer, one PostgreSQL and one
 * S3 bucket (s3rver, a local server speaking S3's protocol, signatures checked), no AUTH_SECRET set (the instances
 * share the one kept in the database). What a member does through one instance holds on the other. Mentions across
 * instances and site-setting events are in realtime.test.ts, jobs once across instances in jobs/job-runner.test.ts,
 * migrations once in db/migrate-once.test.ts.
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

  beforeAll(async () => {
    const { port } = await s3.run();
    const env = {
      S3_BUCKET: "media-bucket",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      // s3rver's own account: requests signed with another key are refused.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
    a = await startTestServer(env);
    b = await startTestServer(env, { databaseUrl: a.deps.config.databaseUrl ?? "" });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3.close();
    fs.rmSync(bucketDir, { recursive: true, force: true });
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
});
