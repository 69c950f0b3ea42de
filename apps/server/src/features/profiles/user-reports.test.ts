import { M, type TUserReports } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { addKol, fileReport } from "../kols/testing.ts";
import { call } from "../posts/testing.ts";
import { userReportsQuery } from "./user-reports.ts";

let server: TTestServer;
let reporter: TTestUser;
let admin: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  [reporter, admin] = await Promise.all([createUser(server), createUser(server)]);
  await makeAdmin(server, admin.id);
});
afterAll(() => server?.close());

const list = (username: string, query = "") =>
  call<TUserReports>(server, "GET", `/api/users/${username}/reports${query}`);

async function review(id: string, decision: "approve" | "reject") {
  const res = await call(server, "PATCH", `/api/admin/reports/${id}`, {
    cookie: admin.cookie,
    json:
      decision === "approve" ? { status: "approved" } : { status: "rejected", reason: "Not enough evidence" },
  });
  expect(res.status).toBe(200);
}

describe("GET /api/users/:username/reports", () => {
  it("lists only the member's approved reports, newest first, with their KOLs, in keyset pages", async () => {
    const kols = await Promise.all(
      ["Rug Lord", "Pump Pal", "Quiet One", "Still Pending"].map((name) =>
        addKol(server, admin.cookie, { name }),
      ),
    );
    const filed = [];
    for (const [i, kol] of kols.entries()) {
      filed.push(
        await fileReport(server, reporter.cookie, {
          kolHandle: kol.handle,
          description: `Report number ${i + 1}: sold the top to everyone who followed the call.`,
        }),
      );
    }
    const [first, second, third, fourth] = filed;
    if (!first || !second || !third || !fourth) throw new Error("no reports");
    await review(first.id, "approve");
    await review(second.id, "reject");
    await review(third.id, "approve");
    // The fourth stays pending: neither it nor the rejected one is anyone else's business.

    const page = await list(reporter.username, "?limit=1");
    expect(page.status).toBe(200);
    expect(page.body.items).toEqual([
      {
        id: third.id,
        category: "rug_pull",
        description: "Report number 3: sold the top to everyone who followed the call.",
        kol: { handle: kols[2]?.handle, name: "Quiet One", avatarUrl: null },
        createdAt: expect.any(String),
      },
    ]);
    const next = await list(reporter.username, `?limit=1&cursor=${page.body.nextCursor}`);
    expect(next.body.items.map((r) => r.id)).toEqual([first.id]);
    expect(next.body.nextCursor).toBeNull();
  });

  it("is empty for a member with no approved report, 404 for an unknown one, 400 for a bad cursor", async () => {
    expect((await list(admin.username)).body).toEqual({ items: [], nextCursor: null });
    const missing = await list("no_such_member");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { message: M.follows.userNotFound } });
    const bad = await list(reporter.username, "?cursor=nonsense");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { message: M.posts.invalidCursor } });
  });

  it("reads reports_reporter_approved_idx, not the whole reports table", async () => {
    const db = server.deps.db;
    const kol = await addKol(server, admin.cookie, { name: "Bulk" });
    await db.execute(sql`insert into profiles (id, username)
      select gen_random_uuid(), 'ur_' || g || '_' || md5(g::text) from generate_series(1, 300) g`);
    await db.execute(sql`insert into reports (reporter_id, kol_id, kol_handle, category, description, status, is_first_report, created_at)
      select p.id, ${kol.id}, ${kol.handle}, 'other', 'bulk', case when g % 3 = 0 then 'approved' else 'pending' end, false,
        now() - g * interval '1 minute'
      from (select id from profiles where username like 'ur\\_%') p, generate_series(1, 20) g`);
    await db.execute(sql`analyze`);
    const rows = await queryRows<{ "QUERY PLAN": string }>(
      db,
      sql`explain ${userReportsQuery(reporter.id, 21, { t: new Date().toISOString(), i: reporter.id })}`,
    );
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("reports_reporter_approved_idx");
    expect(plan).not.toMatch(/Seq Scan on reports/);
  });
});
