import { M } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { checkHealth } from "./service.ts";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("site", () => {
  it("reports health and which database it runs on", async () => {
    const res = await server.fetch("/api/health");
    expect(res.status).toBe(200);
    const expected = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
    expect(await res.json()).toEqual({ status: "ok", database: expected });
  });

  it("asks the database once for checks that arrive together or soon after, and again once the answer is old", async () => {
    const execute = vi.spyOn(server.deps.db, "execute");
    try {
      // maxAgeMs 0: the answer any earlier test left is too old, so the burst asks once.
      const burst = await Promise.all(Array.from({ length: 10 }, () => checkHealth(server.deps, 0)));
      expect(burst.every((h) => h.status === "ok")).toBe(true);
      expect(execute).toHaveBeenCalledTimes(1);
      // Within HEALTH_PING_MAX_AGE_MS of that answer: no new ping.
      await checkHealth(server.deps);
      expect(execute).toHaveBeenCalledTimes(1);
      await checkHealth(server.deps, 0);
      expect(execute).toHaveBeenCalledTimes(2);
    } finally {
      execute.mockRestore();
    }
  });

  it("answers health with the same status, body and headers before Hono as through the whole app", async () => {
    // Without cookies the check is answered in the Node listener; with one it goes through Hono's middleware chain.
    const early = await fetch(`${server.url}/api/health`, { headers: { "x-request-id": "lb-check-1" } });
    const full = await fetch(`${server.url}/api/health`, {
      headers: { "x-request-id": "lb-check-1", cookie: "theme=dark" },
    });
    expect(early.status).toBe(200);
    expect(full.status).toBe(200);
    expect(await early.text()).toBe(await full.text());
    const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== "date");
    expect(headersOf(early)).toEqual(headersOf(full));
    expect(early.headers.get("x-request-id")).toBe("lb-check-1");
    expect(early.headers.get("content-type")).toBe("application/json");
    expect(early.headers.get("x-frame-options")).toBe("DENY");
    expect(early.headers.get("cache-control")).toBeNull();

    // An id that is not plain is replaced by a fresh one, on both paths.
    const unsafe = { "x-request-id": "<script>" };
    const fresh = await fetch(`${server.url}/api/health?probe=1`, { headers: unsafe });
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const freshFull = await fetch(`${server.url}/api/health`, { headers: { ...unsafe, cookie: "a=b" } });
    expect(freshFull.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves the site name seeded by the migrations", async () => {
    const res = await server.fetch("/api/site");
    expect(await res.json()).toEqual({ siteName: "Plugs & Rugs", logoUrl: null });
  });

  it("answers an unknown API path with the error envelope", async () => {
    const res = await server.fetch("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
  });

  it("sends the API's security headers and a request id", async () => {
    const res = await server.fetch("/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    // The headers only a document uses are left off JSON.
    expect(res.headers.get("referrer-policy")).toBeNull();
    expect(res.headers.get("x-dns-prefetch-control")).toBeNull();
  });

  it("gives the API reference page a document's headers: its scripts are allowed, from this origin only", async () => {
    const res = await server.fetch("/api/docs");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("gives the other API routes the same security headers as health", async () => {
    const health = await server.fetch("/api/health");
    const site = await server.fetch("/api/site");
    const security = (res: Response) =>
      [...res.headers].filter(
        ([name]) => !["date", "x-request-id", "content-length", "cache-control"].includes(name),
      );
    expect(security(site)).toEqual(security(health));
  });

  it("publishes an OpenAPI 3.1 document naming its routes, and a reference page", async () => {
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/health", "/site"]));
    const page = await server.fetch("/api/docs");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("swagger-ui");
  });
});

describe("site, with the database down", () => {
  it("answers health with a 500 and the error envelope, and keeps the security headers", async () => {
    const down = await startTestServer();
    try {
      // The event bus holds a pooled connection that the pool would wait for: closed first, as server.close() does.
      await down.realtime.close();
      await down.deps.database.close();
      const res = await fetch(`${down.url}/api/health`);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: { code: "INTERNAL", message: M.generic.unexpected },
      });
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await down.close();
    }
  });
});
