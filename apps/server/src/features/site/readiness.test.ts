import { describe, expect, it } from "vitest";
import { startTestServer } from "../../testing/test-server.ts";

const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe("GET /api/health/ready", () => {
  it("answers 200 when the database answers, uncached", async () => {
    const server = await startTestServer();
    try {
      const res = await server.fetch("/api/health/ready");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ status: "ready", database });
    } finally {
      await server.close();
    }
  });

  it("answers 503 while the server drains on shutdown, and still serves requests until it closes", async () => {
    const server = await startTestServer({ SHUTDOWN_DRAIN_SECONDS: "1" });
    const closing = server.close();
    try {
      const ready = await server.fetch("/api/health/ready");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "draining", database });
      // Liveness and the API still answer: the balancer moves traffic away before anything is refused.
      expect((await server.fetch("/api/health")).status).toBe(200);
      expect((await server.fetch("/api/site")).status).toBe(200);
    } finally {
      await closing;
    }
    await expect(fetch(`${server.url}/api/health/ready`)).rejects.toThrow();
  });

  it("answers 503 when the database does not answer", async () => {
    const server = await startTestServer();
    try {
      // The event bus holds a pooled connection that the pool would wait for: closed first, as server.close() does.
      await server.realtime.close();
      await server.deps.jobs?.stop();
      await server.deps.database.close();
      const res = await server.fetch("/api/health/ready");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "database unreachable", database });
      // Liveness asks the database nothing: the process is alive, and restarting it would not help.
      const live = await server.fetch("/api/health");
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: "ok", database });
    } finally {
      await server.close();
    }
  });
});
