import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASS_THROUGH } from "../features/auth/routes.ts";
import { createUser, type TTestUser } from "../testing/factories.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";

/*
 * Nothing is read before it is allowed: every operation the OpenAPI document says needs a session (or the MFA step's
 * cookie) is sent as a visitor, and every admin operation as a plain member, with a path, query and body that are all
 * wrong. The answer must be 401 or 403, never the schema's complaints (400), a 404 or a 5xx. A new route is covered
 * by being declared; better-auth's routes passed through as they are, which the document does not list, likewise.
 */

type TOperation = {
  operationId: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
};
type TOpenApi = { paths: Record<string, Record<string, TOperation>> };
type TCase = { name: string; method: string; path: string; contentTypes: string[]; admin: boolean };

const HTTP_METHODS = ["get", "put", "post", "delete", "patch"];

let server: TTestServer;
let member: TTestUser;
let cases: TCase[];

beforeAll(async () => {
  server = await startTestServer();
  member = await createUser(server);
  const doc = (await (await server.fetch("/api/openapi.json")).json()) as TOpenApi;
  cases = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      // Needs a cookie: every alternative of its requirement names one (the session, or the MFA step's).
      .filter(([, op]) => op.security?.length && op.security.every((r) => Object.keys(r).length > 0))
      .map(([method, op]) => ({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        contentTypes: Object.keys(op.requestBody?.content ?? {}),
        admin: op.security?.every((r) => r.session?.includes("admin")) ?? false,
      })),
  );
});
afterAll(() => server?.close());

/** The operation with every path parameter, the query and the body wrong in the ways a schema would refuse. */
function badRequests(op: TCase): { label: string; url: string; init: RequestInit }[] {
  const url = `/api${op.path.replace(/\{[^}]+\}/g, "not%20a%20valid%20id")}?page=-1&limit=x&cursor=${"z".repeat(300)}`;
  const sends = [
    { label: "no body", init: {} },
    { label: "empty JSON", init: { body: "{}", headers: { "content-type": "application/json" } } },
    { label: "broken JSON", init: { body: '{"', headers: { "content-type": "application/json" } } },
    ...op.contentTypes
      .filter((type) => type !== "application/json")
      .map((type) => ({ label: `broken ${type}`, init: { body: "--x", headers: { "content-type": type } } })),
  ];
  return sends
    .filter((s) => s.label === "no body" || op.method !== "GET")
    .map((s) => ({ label: s.label, url, init: { ...s.init, method: op.method } }));
}

async function answer(url: string, init: RequestInit, cookie?: string) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  const res = await server.fetch(url, { ...init, headers });
  const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  return { status: res.status, code: body?.error?.code, message: body?.error?.message };
}

describe("operations that need a session or the admin role", () => {
  it("are found in the OpenAPI document, admin routes among them", () => {
    expect(cases.length).toBeGreaterThan(40);
    const admin = cases.filter((op) => op.admin).map((op) => op.name);
    expect(admin).toEqual(
      expect.arrayContaining([
        "POST /admin/airdrops",
        "PATCH /admin/points-activities/{name}",
        "POST /admin/kols",
      ]),
    );
    // Every /admin path is documented (and so guarded) as admin-only, not merely as signed-in.
    expect(cases.filter((op) => op.path.startsWith("/admin/") && !op.admin).map((op) => op.name)).toEqual([]);
  });

  it("refuse a visitor with 401 before reading anything", async () => {
    const wrong: string[] = [];
    for (const op of cases) {
      for (const { label, url, init } of badRequests(op)) {
        const got = await answer(url, init);
        if (got.status !== 401 || got.code !== "UNAUTHORIZED" || !got.message) {
          wrong.push(`${op.name}, ${label}: ${got.status} ${got.code} ${got.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("include better-auth's MFA step, and every operation that only a member may call", () => {
    const names = cases.map((op) => op.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "POST /auth/two-factor/verify-totp",
        "POST /auth/change-password",
        "GET /events",
      ]),
    );
  });

  it("refuse a member with 403 on admin routes before reading anything", async () => {
    const wrong: string[] = [];
    for (const op of cases.filter((o) => o.admin)) {
      for (const { label, url, init } of badRequests(op)) {
        const got = await answer(url, init, member.cookie);
        if (got.status !== 403 || got.code !== "FORBIDDEN" || got.message !== "Admin access required") {
          wrong.push(`${op.name}, ${label}: ${got.status} ${got.code} ${got.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("better-auth's own routes that need a session", () => {
  it("refuse a visitor with 401 before better-auth reads the body", async () => {
    const routes = PASS_THROUGH.filter((r) => r.signedIn);
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const wrong: string[] = [];
    for (const route of routes) {
      // Each is a literal path: /^\/two-factor\/get-totp-uri$/ is /api/auth/two-factor/get-totp-uri.
      const url = `/api/auth${route.path.source.replace(/^\^|\$$/g, "").replaceAll("\\/", "/")}`;
      for (const body of ["{}", '{"password": 5}', '{"']) {
        const headers = { "content-type": "application/json" };
        const got = await answer(url, { method: route.method, headers, body });
        if (got.status !== 401 || got.code !== "UNAUTHORIZED")
          wrong.push(`${url} ${body}: ${got.status} ${got.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
