import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TTestUser } from "../testing/factories.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";

/*
 * Nothing is read before it is allowed: every operation the OpenAPI document says needs a session is sent as a
 * visitor, and every admin operation as a plain member, with a path, query and body that are all wrong. The answer
 * must be 401 or 403, never the schema's complaints (400), a 404 or a 5xx. A new route is covered by being declared.
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
      // Needs a session: every alternative of its requirement names the session cookie.
      .filter(([, op]) => op.security?.length && op.security.every((r) => r.session !== undefined))
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
