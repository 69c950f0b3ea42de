import {
  M,
  REPORT_QUEUE_COUNT_CAP,
  type TKolDetail,
  type TKolPage,
  type TReport,
  type TReportPage,
} from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { reports } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { samplePng } from "../../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { addKol, fileReport, randomHandle, reportForm, VALID_REPORT } from "../kols/testing.ts";
import { call } from "../posts/testing.ts";

let server: TTestServer;
let admin: TTestUser;
let alice: TTestUser;
let bob: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  alice = await createUser(server);
  bob = await createUser(server);
});
afterAll(() => server?.close());

type TErr = { error: { code: string; message: string } };

const review = (id: string, json: unknown, cookie?: string) =>
  call<TReport & TErr>(server, "PATCH", `/api/admin/reports/${id}`, { cookie, json });

describe("filing a report", () => {
  it("asks visitors to sign in", async () => {
    const res = await call(server, "POST", "/api/reports", {
      form: reportForm({ ...VALID_REPORT, kolHandle: "someone" }),
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "UNAUTHORIZED", message: M.reports.loginToReport } });
    expect((await call(server, "GET", "/api/reports/me")).status).toBe(401);
  });

  it("refuses bad fields with the exact messages", async () => {
    const cases: [Parameters<typeof reportForm>[0], string][] = [
      [{ kolHandle: "bad-handle" }, M.kols.handleInvalid],
      [{ kolHandle: "sixteen_chars_xx" }, M.kols.handleInvalid],
      [{ kolHandle: "" }, M.kols.handleRequired],
      [
        { kolHandle: "okhandle", description: "He said <b>buy</b> and vanished with it all." },
        "Input contains invalid characters",
      ],
      [{ kolHandle: "okhandle", description: "Short" }, M.reports.descriptionMin],
      [{ kolHandle: "okhandle", description: "x".repeat(2001) }, M.reports.descriptionMax],
      [{ kolHandle: "okhandle", category: "fud" }, M.reports.categoryInvalid],
      [{ kolHandle: "okhandle", evidenceUrls: ["javascript:alert(1)"] }, M.kols.invalidUrl],
      [{ kolHandle: "okhandle", contractAddress: "0xnope" }, M.reports.contractInvalid],
      [{ kolHandle: "okhandle", txHash: "12" }, M.reports.txInvalid],
    ];
    for (const [fields, message] of cases) {
      const res = await call<TErr>(server, "POST", "/api/reports", {
        cookie: alice.cookie,
        form: reportForm({ ...VALID_REPORT, ...fields }),
      });
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    // Nothing was created by the refused reports.
    expect((await call<TKolPage>(server, "GET", "/api/kols?search=okhandle")).body.total).toBe(0);
  });

  it("checks screenshots by their bytes: an HTML page named .png is refused, nothing is kept", async () => {
    const handle = randomHandle("shot");
    const res = await call<TErr>(server, "POST", "/api/reports", {
      cookie: alice.cookie,
      form: reportForm({
        ...VALID_REPORT,
        kolHandle: handle,
        evidence: [
          { bytes: await samplePng(), name: "real.png", type: "image/png" },
          {
            bytes: new TextEncoder().encode("<html><script>alert(1)</script></html>"),
            name: "x.png",
            type: "image/png",
          },
        ],
      }),
    });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe(M.files.unsupported);
    expect((await call(server, "GET", `/api/kols/${handle}`)).status).toBe(404);
    const tooMany = await call<TErr>(server, "POST", "/api/reports", {
      cookie: alice.cookie,
      form: reportForm({
        ...VALID_REPORT,
        kolHandle: handle,
        evidence: await Promise.all(
          [1, 2, 3, 4, 5].map(async (i) => ({
            bytes: await samplePng(),
            name: `${i}.png`,
            type: "image/png",
          })),
        ),
      }),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(M.reports.tooManyScreenshots);
  });

  it("creates the KOL of an unknown handle, stores evidence, and marks only the first report of a handle", async () => {
    const handle = randomHandle("new");
    const first = await fileReport(server, alice.cookie, {
      kolHandle: `@${handle}`,
      evidenceUrls: ["https://x.com/someone/status/1", "https://etherscan.io/tx/0xabc"],
      contractAddress: `0x${"a1".repeat(20)}`,
      txHash: `0x${"f".repeat(64)}`,
      evidence: [{ bytes: await samplePng(64, 48), name: "chart.png", type: "image/png" }],
    });
    expect(first).toMatchObject({
      status: "pending",
      isFirstReport: true,
      kol: { handle },
      reviewReason: null,
      contractAddress: `0x${"a1".repeat(20)}`,
    });
    expect(first.evidence.map((e) => e.kind)).toEqual(["link", "link", "screenshot"]);
    const shot = first.evidence[2];
    expect(shot?.url).toMatch(/^\/media\/reports\/.+\.png$/);
    expect(shot).toMatchObject({ width: 64, height: 48 });
    const image = await server.fetch(shot?.url ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    // The same reporter again (any case): not a first report. Another reporter: their first.
    const second = await fileReport(server, alice.cookie, { kolHandle: handle.toUpperCase() });
    expect(second.isFirstReport).toBe(false);
    expect((await fileReport(server, bob.cookie, { kolHandle: handle })).isFirstReport).toBe(true);
    // Two at once from a new reporter: exactly one is the first.
    const carol = await createUser(server);
    const raced = await Promise.all([
      fileReport(server, carol.cookie, { kolHandle: handle }),
      fileReport(server, carol.cookie, { kolHandle: handle }),
    ]);
    expect(raced.filter((r) => r.isFirstReport)).toHaveLength(1);

    const mine = await call<{ items: TReport[] }>(server, "GET", "/api/reports/me", { cookie: alice.cookie });
    expect(mine.body.items.map((r) => r.id)).toEqual([second.id, first.id]);
    // Pending reports count nowhere and show nowhere publicly.
    const kol = await call<TKolDetail>(server, "GET", `/api/kols/${handle}`);
    expect(kol.body.kol).toMatchObject({ approvedReports: 0, verdict: "unrated", name: handle });
    expect(kol.body.reports).toEqual([]);
  });
});

describe("filing a report as JSON", () => {
  it("takes a report without screenshots, with the same rules and messages as the form", async () => {
    const handle = randomHandle("json");
    const res = await call<TReport>(server, "POST", "/api/reports", {
      cookie: alice.cookie,
      json: { ...VALID_REPORT, kolHandle: handle, evidenceUrls: ["https://x.com/someone/status/2"] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "pending", isFirstReport: true, kol: { handle } });
    expect(res.body.evidence).toEqual([expect.objectContaining({ kind: "link" })]);
    const [row] = await server.deps.db.select().from(reports).where(eq(reports.id, res.body.id));
    expect(row?.description).toBe(VALID_REPORT.description);

    const bad = await call<TErr>(server, "POST", "/api/reports", {
      cookie: alice.cookie,
      json: { ...VALID_REPORT, kolHandle: "okhandle", description: "Short" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M.reports.descriptionMin);
  });

  it("answers another content type with 415 naming the ones it takes", async () => {
    const res = await call<TErr>(server, "POST", "/api/reports", {
      cookie: alice.cookie,
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toEqual({
      code: "UNSUPPORTED_TYPE",
      message: M.generic.unsupportedContentType("multipart/form-data or application/json"),
    });
  });
});

describe("reviewing reports", () => {
  it("lets only admins review: 401, 403, 404 and 400 with exact messages", async () => {
    const report = await fileReport(server, alice.cookie, { kolHandle: randomHandle() });
    expect((await review(report.id, { status: "approved" })).status).toBe(401);
    const forbidden = await review(report.id, { status: "approved" }, alice.cookie);
    expect(forbidden.status).toBe(403);
    expect((await call(server, "GET", "/api/admin/reports", { cookie: bob.cookie })).status).toBe(403);
    expect((await call(server, "GET", "/api/admin/reports")).status).toBe(401);
    expect(
      (await review("6f1c2d3e-4a5b-4c6d-8e7f-001122334455", { status: "approved" }, admin.cookie)).status,
    ).toBe(404);
    expect((await review("not-a-uuid", { status: "approved" }, admin.cookie)).status).toBe(404);
    const noReason = await review(report.id, { status: "rejected" }, admin.cookie);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe(M.reports.reasonRequired);
    const badStatus = await review(report.id, { status: "pending" }, admin.cookie);
    expect(badStatus.body.error.message).toBe(M.reports.statusInvalid);
    const badReason = await review(report.id, { status: "rejected", reason: "{nope}" }, admin.cookie);
    expect(badReason.body.error.message).toBe("Input contains invalid characters");
    const [row] = await server.deps.db
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.id, report.id));
    expect(row?.status).toBe("pending");
  });

  it("counts and shows approved reports only; a rejection keeps its reason for the reporter alone", async () => {
    const kol = await addKol(server, admin.cookie);
    const approved = await fileReport(server, alice.cookie, {
      kolHandle: kol.handle,
      evidenceUrls: ["https://solscan.io/tx/abc"],
    });
    const rejected = await fileReport(server, bob.cookie, {
      kolHandle: kol.handle,
      description: "I think he is a scammer but I have nothing to show for it yet.",
    });
    const queue = await call<TReportPage>(server, "GET", "/api/admin/reports?status=pending&pageSize=50", {
      cookie: admin.cookie,
    });
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((r) => r.id)).toEqual(expect.arrayContaining([approved.id, rejected.id]));

    const ok = await review(approved.id, { status: "approved" }, admin.cookie);
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("approved");
    const no = await review(
      rejected.id,
      { status: "rejected", reason: "No evidence attached" },
      admin.cookie,
    );
    expect(no.body).toMatchObject({ status: "rejected", reviewReason: "No evidence attached" });

    const detail = await call<TKolDetail>(server, "GET", `/api/kols/${kol.handle}`);
    expect(detail.body.kol).toMatchObject({ approvedReports: 1, score: 35, verdict: "rug" });
    expect(detail.body.breakdown).toEqual({ plugShare: 50, reportPenalty: 15, score: 35, verdict: "rug" });
    expect(detail.body.reports.map((r) => r.id)).toEqual([approved.id]);
    expect(detail.body.reports[0]?.evidence).toEqual([
      { kind: "link", url: "https://solscan.io/tx/abc", width: null, height: null },
    ]);
    expect(JSON.stringify(detail.body)).not.toContain("nothing to show");
    const rugs = await call<TKolPage>(server, "GET", `/api/kols?list=rugs&search=${kol.handle}`);
    expect(rugs.body.items.map((k) => k.handle)).toEqual([kol.handle]);

    const bobs = await call<{ items: TReport[] }>(server, "GET", "/api/reports/me", { cookie: bob.cookie });
    expect(bobs.body.items.find((r) => r.id === rejected.id)).toMatchObject({
      status: "rejected",
      reviewReason: "No evidence attached",
    });

    // Approving twice counts once; taking the approval back uncounts it.
    await review(approved.id, { status: "approved" }, admin.cookie);
    expect((await call<TKolDetail>(server, "GET", `/api/kols/${kol.handle}`)).body.kol.approvedReports).toBe(
      1,
    );
    await review(approved.id, { status: "rejected", reason: "Evidence was edited" }, admin.cookie);
    const after = await call<TKolDetail>(server, "GET", `/api/kols/${kol.handle}`);
    expect(after.body.kol).toMatchObject({ approvedReports: 0, score: null, verdict: "unrated" });
    expect(after.body.reports).toEqual([]);
  });
});

describe("the review queue's pages", () => {
  const queuePage = (query: string) =>
    call<TReportPage & TErr>(server, "GET", `/api/admin/reports${query}`, { cookie: admin.cookie });

  /** Every page from the first by nextCursor. */
  async function walk(status: string) {
    const pages: TReportPage[] = [];
    let cursor: string | null = null;
    do {
      const res = await queuePage(`?status=${status}${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.body.nextCursor;
    } while (cursor);
    return pages;
  }

  it("pages oldest first by cursor, forward and back; a report reviewed off the queue leaves no gap", async () => {
    const kol = await addKol(server, admin.cookie);
    // 45 pending reports a day old, three to a second: ties are broken by id.
    await server.deps.db.execute(sql`insert into reports
        (reporter_id, kol_id, kol_handle, category, description, status, is_first_report, created_at)
      select ${alice.id}, ${kol.id}, ${kol.handle}, 'other', 'Queue paging report number ' || g, 'pending', false,
        now() - interval '1 day' + (g / 3) * interval '1 second'
      from generate_series(1, 45) g`);
    const oldestFirst = await queryRows<{ id: string }>(
      server.deps.db,
      sql`select id from reports where status = 'pending' order by created_at, id`,
    );
    const pages = await walk("pending");
    expect(pages.flatMap((p) => p.items.map((r) => r.id))).toEqual(oldestFirst.map((r) => r.id));
    expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
    expect(pages[0]).toMatchObject({
      total: oldestFirst.length,
      totalCapped: false,
      pageCount: Math.ceil(oldestFirst.length / 20),
      previousCursor: null,
    });
    // Back from the last page, each page as it was read going forward.
    for (let at = pages.length - 1; at > 1; at--) {
      const back = await queuePage(`?status=pending&cursor=${pages[at]?.previousCursor}`);
      expect(back.body.items.map((r) => r.id)).toEqual(pages[at - 1]?.items.map((r) => r.id));
      expect(back.body.page).toBe(at);
    }
    expect(pages[1]?.previousCursor).toBeNull();

    // A moderator on page 1 approves its first report: page 2 is still the reports after page 1's last one.
    const first = pages[0];
    if (!first?.items[0] || !first.nextCursor) throw new Error("no first page");
    expect((await review(first.items[0].id, { status: "approved" }, admin.cookie)).status).toBe(200);
    const second = await queuePage(`?status=pending&cursor=${first.nextCursor}`);
    expect(second.body.items.map((r) => r.id)).toEqual(pages[1]?.items.map((r) => r.id));
    expect(second.body.total).toBe(oldestFirst.length - 1);

    // Every report past page 1 reviewed: page 2's link now finds nothing on its side, and answers page 1.
    for (const report of pages.slice(1).flatMap((p) => p.items)) {
      expect((await review(report.id, { status: "approved" }, admin.cookie)).status).toBe(200);
    }
    const emptied = await queuePage(`?status=pending&cursor=${first.nextCursor}`);
    expect(emptied.status).toBe(200);
    expect(emptied.body).toMatchObject({ page: 1, previousCursor: null, nextCursor: null });
    expect(emptied.body.items.map((r) => r.id)).toEqual(first.items.slice(1).map((r) => r.id));
  });

  it("refuses a cursor it did not make, and counts a status only up to the cap", async () => {
    for (const cursor of ["nope", Buffer.from('{"k":"x","i":"y","p":2,"d":"next"}').toString("base64url")]) {
      const res = await queuePage(`?status=pending&cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(M.reports.queueCursorInvalid);
    }
    const kol = await addKol(server, admin.cookie);
    await server.deps.db.execute(sql`insert into reports
        (reporter_id, kol_id, kol_handle, category, description, status, is_first_report, created_at)
      select ${bob.id}, ${kol.id}, ${kol.handle}, 'other', 'Rejected report number ' || g, 'rejected', false,
        now() - g * interval '1 second'
      from generate_series(1, ${REPORT_QUEUE_COUNT_CAP + 5}) g`);
    const res = await queuePage("?status=rejected");
    expect(res.body).toMatchObject({ total: REPORT_QUEUE_COUNT_CAP, totalCapped: true, page: 1 });
    expect(res.body.pageCount).toBe(REPORT_QUEUE_COUNT_CAP / 20);
    expect(res.body.nextCursor).not.toBeNull();
  });
});
