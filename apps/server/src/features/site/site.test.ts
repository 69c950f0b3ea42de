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

  it("asks the database once for checks that arrive together, and again for the next one", async () => {
    const execute = vi.spyOn(server.deps.db, "execute");
    try {
      const burst = await Promise.all(Array.from({ length: 10 }, () => checkHealth(server.deps)));
      expect(burst.every((h) => h.status === "ok")).toBe(true);
      expect(execute).toHaveBeenCalledTimes(1);
      await checkHealth(server.deps);
      expect(execute).toHaveBeenCalledTimes(2);
    } finally {
      execute.mockRestore();
    }
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

  it("sends security headers and a request id", async () => {
    const res = await server.fetch("/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
    expect(res.headers.get("strict-transport-security")).toBeNull();
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
