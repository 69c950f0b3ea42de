import { M } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/query-rows.ts";
import { addKol, fileReport, randomHandle, reportForm, VALID_REPORT } from "../features/kols/testing.ts";
import { call, createPostAs, postForm, seedCommunity } from "../features/posts/testing.ts";
import { createUser, makeAdmin, type TTestUser } from "../testing/factories.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";

// PostgreSQL text cannot hold a NUL; PGlite refuses a lone UTF-16 surrogate. Either used to be a 500 (issue 23,
// defects 1 and 2); both are now a 400 naming the field, on both databases, and nothing is written.

let server: TTestServer;
let admin: TTestUser;
let alice: TTestUser;
let community: { id: string; slug: string };
let postId: string;
let reportId: string;

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

const NUL = "a\u0000b";
const LONE = "é\ud800";
const INVALID = M.kols.invalidCharacters;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  alice = await createUser(server);
  community = await seedCommunity(server);
  postId = (await createPostAs(server, alice.cookie, { content: "first words" })).id;
  const handle = randomHandle("txt");
  await addKol(server, admin.cookie, { handle });
  reportId = (await fileReport(server, alice.cookie, { kolHandle: handle })).id;
});
afterAll(() => server?.close());

function expectInvalid(res: { status: number; body: unknown }, field: string, label: string) {
  expect(res.status, label).toBe(400);
  const body = res.body as TErr;
  expect(body.error.message, label).toBe(INVALID);
  expect(body.error.fields?.[field], label).toBe(INVALID);
}

describe("text no database can store", () => {
  it("is refused in paths and query strings, for visitors, members and admins", async () => {
    const cases: [string, string | undefined, string][] = [
      [`/api/communities/a%00b`, undefined, "path"],
      [`/api/communities?search=${encodeURIComponent(NUL)}`, undefined, "search"],
      [`/api/communities/${community.id}/members?search=%00`, alice.cookie, "search"],
      [`/api/communities/${community.id}/user-search?q=%00`, alice.cookie, "q"],
      [`/api/mentions/suggest?q=x%00`, alice.cookie, "q"],
      [`/api/kols?search=%00`, undefined, "search"],
      [`/api/admin/members?search=%00`, admin.cookie, "search"],
    ];
    for (const [path, cookie, field] of cases) {
      expectInvalid(await call(server, "GET", path, { cookie }), field, path);
    }
  });

  it("is refused in JSON bodies, naming the field, and nothing changes", async () => {
    const cases: [string, string, unknown, string, string | undefined][] = [
      ["PATCH", `/api/posts/${postId}`, { content: LONE }, "content", alice.cookie],
      ["PATCH", `/api/posts/${postId}`, { content: NUL }, "content", alice.cookie],
      [
        "POST",
        "/api/admin/airdrops",
        { username: alice.username, points: 5, reason: NUL },
        "reason",
        admin.cookie,
      ],
      [
        "POST",
        "/api/admin/airdrops",
        { username: alice.username, points: 5, reason: LONE },
        "reason",
        admin.cookie,
      ],
      [
        "PATCH",
        `/api/admin/reports/${reportId}`,
        { status: "rejected", reason: NUL },
        "reason",
        admin.cookie,
      ],
      [
        "PATCH",
        `/api/admin/reports/${reportId}`,
        { status: "rejected", reason: LONE },
        "reason",
        admin.cookie,
      ],
      [
        "PATCH",
        "/api/admin/points-activities/post_created",
        { description: NUL },
        "description",
        admin.cookie,
      ],
      ["POST", "/api/admin/kols", { handle: randomHandle("k"), name: LONE }, "name", admin.cookie],
      ["PATCH", `/api/communities/${community.id}`, { rules: LONE }, "rules", admin.cookie],
      [
        "POST",
        "/api/auth/reset-password",
        { token: NUL, newPassword: "Str0ng!Passw0rd" },
        "token",
        undefined,
      ],
      [
        "POST",
        "/api/auth/sign-in/email",
        { email: `x${NUL}@example.com`, password: "x" },
        "email",
        undefined,
      ],
    ];
    for (const [method, path, json, field, cookie] of cases) {
      expectInvalid(await call(server, method, path, { cookie, json }), field, `${method} ${path} ${field}`);
    }
    const [post] = await queryRows<{ content: string }>(
      server.deps.db,
      sql`select content from posts where id = ${postId}`,
    );
    expect(post?.content).toBe("first words");
    const [ledger] = await queryRows<{ n: number }>(
      server.deps.db,
      sql`select count(*)::int as n from points_transactions where user_id = ${alice.id} and points = 5`,
    );
    expect(ledger?.n).toBe(0);
  });

  it("names the nested field of a JSON body", async () => {
    const res = await call(server, "POST", "/api/admin/airdrops", {
      cookie: admin.cookie,
      json: { usernames: [alice.username, `x${NUL}`], points: 5, reason: "thanks" },
    });
    expectInvalid(res, "usernames.1", "nested");
  });

  it("is refused in multipart fields by the shared schemas", async () => {
    const post = await call(server, "POST", "/api/posts", {
      cookie: alice.cookie,
      form: postForm({ content: `hello ${NUL}` }),
    });
    expectInvalid(post, "content", "post");
    const report = await call(server, "POST", "/api/reports", {
      cookie: alice.cookie,
      form: reportForm({
        ...VALID_REPORT,
        kolHandle: randomHandle("nul"),
        description: `${VALID_REPORT.description}${NUL}`,
      }),
    });
    expectInvalid(report, "description", "report");
  });

  it("lets whole emoji and other scripts through", async () => {
    const text = "gm 🚀 مرحبا 你好 👩🏽‍💻";
    const res = await call<{ content: string }>(server, "PATCH", `/api/posts/${postId}`, {
      cookie: alice.cookie,
      json: { content: text },
    });
    expect(res.status).toBe(200);
    expect(res.body.content).toBe(text);
    const kols = await call(server, "GET", `/api/kols?search=${encodeURIComponent("🚀")}`);
    expect(kols.status).toBe(200);
  });
});
