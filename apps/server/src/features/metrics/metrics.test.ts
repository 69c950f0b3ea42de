import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream } from "../../testing/event-stream.ts";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { createPostAs } from "../posts/testing.ts";

const TOKEN = "metrics-token-0123456789";

/** The value of one sample line (`name{labels} value`) in a Prometheus text answer, or null when absent. */
function sample(text: string, line: string): number | null {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : null;
}

async function scrape(server: TTestServer): Promise<string> {
  const res = await server.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("GET /metrics without METRICS_TOKEN", () => {
  it("is not there", async () => {
    const server = await startTestServer();
    try {
      expect((await server.fetch("/metrics")).status).toBe(404);
      expect((await server.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );
    } finally {
      await server.close();
    }
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.close());

  it("answers 401 without the bearer token or with another one", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", TOKEN, `Basic ${TOKEN}`]) {
      const res = await server.fetch("/metrics", authorization ? { headers: { authorization } } : {});
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({
        error: { code: "UNAUTHORIZED", message: "A valid metrics token is required" },
      });
    }
  });

  it("counts and times requests by method, route pattern and status, never by raw path", async () => {
    const id = randomUUID();
    for (let i = 0; i < 3; i++) expect((await server.fetch(`/api/posts/${id}`)).status).toBe(404);
    expect((await server.fetch("/api/health")).status).toBe(200);
    // Refused by the origin guard before its route runs: still labelled with the route it was headed for.
    const refused = await server.fetch(`/api/posts/${id}/like`, {
      method: "PUT",
      headers: { origin: "https://elsewhere.example" },
    });
    expect(refused.status).toBe(403);
    // No such API path: the API's catch-all.
    expect((await server.fetch(`/api/no-such-thing/${id}`)).status).toBe(404);

    const res = await server.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/posts/:id",status="404"}')).toBe(3);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="PUT",route="/api/posts/:id/like",status="403"}')).toBe(
      1,
    );
    expect(sample(text, 'http_requests_total{method="GET",route="/api/*",status="404"}')).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/posts/:id",status="404"}'),
    ).toBe(3);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health",status="200"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(id);
  });

  it("counts this instance's open event streams and times the events routed to them", async () => {
    const member = await createUser(server);
    const author = await createUser(server);
    const before = sample(await scrape(server), "plugs_event_streams_open");
    const stream = await openEventStream(server, member.cookie);
    await stream.next("ready");
    expect(sample(await scrape(server), "plugs_event_streams_open")).toBe((before ?? 0) + 1);
    await createPostAs(server, author.cookie, { content: "a new post for the stream" });
    await stream.next("post");
    const text = await scrape(server);
    expect(sample(text, 'plugs_event_delivery_seconds_count{type="post"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'plugs_event_delivery_seconds_bucket{le="5",type="post"}')).toBeGreaterThanOrEqual(1);
    stream.close();
  });

  it("reports jobs by queue and state, and the process's default metrics", async () => {
    const text = await scrape(server);
    for (const state of ["created", "retry", "active", "failed"]) {
      expect(sample(text, `plugs_jobs{queue="clean-up",state="${state}"}`)).not.toBeNull();
    }
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("reports the PostgreSQL pool (PostgreSQL only)", async () => {
    const text = await scrape(server);
    expect(sample(text, "plugs_db_pool_max")).toBe(10);
    expect(sample(text, "plugs_db_pool_connections")).toBeGreaterThan(0);
    expect(sample(text, "plugs_db_pool_waiting")).toBe(0);
  });

  it.skipIf(process.env.TEST_DATABASE_URL)("has no pool metrics on the embedded database", async () => {
    expect(await scrape(server)).not.toContain("plugs_db_pool");
  });
});
