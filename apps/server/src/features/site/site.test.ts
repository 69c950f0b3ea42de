import { DEFAULT_SITE, M } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";

type TSchema = { properties?: Record<string, TSchema>; anyOf?: TSchema[]; type?: string };
type TOperation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: TSchema }> }>;
};
type TOpenApi = {
  paths: Record<string, Record<string, TOperation>>;
  components: { securitySchemes?: Record<string, unknown> };
};
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

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

  it("keeps a caller's plain request id and replaces one that is not plain", async () => {
    const kept = await server.fetch("/api/health", { headers: { "x-request-id": "lb-check-1" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-check-1");
    const fresh = await server.fetch("/api/health", { headers: { "x-request-id": "<script>" } });
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves the settings the migrations seed, which are the shared defaults the web app shows until then", async () => {
    const res = await server.fetch("/api/site");
    expect(await res.json()).toEqual(DEFAULT_SITE);
    expect(DEFAULT_SITE.siteName).toBe("Plugs & Rugs");
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
    // Frames only from the players of lesson videos (no captcha here).
    expect(res.headers.get("content-security-policy")).toContain(
      "frame-src https://www.youtube-nocookie.com https://player.vimeo.com;",
    );
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

  it("names every operation and declares whether it reads the session cookie", async () => {
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as TOpenApi;
    const schemes = Object.keys(doc.components.securitySchemes ?? {});
    expect(schemes).toContain("session");
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, ...op })),
    );
    expect(operations.length).toBeGreaterThan(80);
    // Clients are generated from this document: a route without these fails here, not only in `npm run lint:api`.
    expect(operations.filter((op) => !op.operationId).map((op) => op.name)).toEqual([]);
    expect(operations.filter((op) => !Array.isArray(op.security)).map((op) => op.name)).toEqual([]);
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const named = operations.flatMap((op) =>
      (op.security ?? []).flatMap((requirement) => Object.keys(requirement)),
    );
    expect(named.filter((scheme) => !schemes.includes(scheme))).toEqual([]);
  });

  it("documents GET /api/session's me as nullable, as a visitor gets it", async () => {
    const res = await server.fetch("/api/session");
    expect(await res.json()).toEqual({ me: null });
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as TOpenApi;
    const schema = doc.paths["/session"]?.get?.responses["200"]?.content?.["application/json"]?.schema;
    expect(schema?.properties?.me?.anyOf).toContainEqual({ type: "null" });
  });
});

describe("site, with the database down", () => {
  it("answers a read with a 500 and the error envelope, and keeps the security headers", async () => {
    const down = await startTestServer();
    try {
      // The event bus holds a pooled connection that the pool would wait for: closed first, as server.close() does.
      await down.realtime.close();
      await down.deps.database.close();
      const res = await fetch(`${down.url}/api/site`);
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
