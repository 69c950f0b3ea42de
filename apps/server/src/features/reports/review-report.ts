import {
  M,
  REPORT_QUEUE_COUNT_CAP,
  type TAdminReportsQuery,
  type TReport,
  type TReportPage,
  type TReviewReportRequest,
} from "@plugs/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import { requireAdmin, requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { reports } from "../../db/schema/index.ts";
import { textRowCount } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { cappedCount, decodeKeysetCursor, keysetPage, timeKey, timeKeyset } from "../../lib/keyset-page.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { moveTally } from "../kols/tally.ts";
import { isUuid } from "../posts/visibility.ts";
import { hydrateReports, selectReports } from "./report-dto.ts";

/**
 * PATCH /api/admin/reports/:id (admins only): approve, or reject with a reason. A report may be reviewed again
 * (an approval taken back); the KOL's approved_reports and score move in the same transaction, by the change only.
 * The report row is locked first, so two moderators reviewing at once cannot count it twice.
 */
export async function reviewReport(
  deps: TDeps,
  viewer: TViewer | null,
  reportId: string,
  input: TReviewReportRequest,
): Promise<TReport> {
  const admin = requireAdmin(viewer);
  if (!isUuid(reportId)) throw new AppError("NOT_FOUND", M.reports.notFound);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: reports.status, kolId: reports.kolId })
      .from(reports)
      .where(eq(reports.id, reportId))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", M.reports.notFound);
    await tx
      .update(reports)
      .set({
        status: input.status,
        reviewReason: input.reason ?? null,
        reviewedBy: admin.id,
        reviewedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(reports.id, reportId));
    const was = current.status === "approved" ? 1 : 0;
    const now = input.status === "approved" ? 1 : 0;
    if (was !== now) await moveTally(tx, current.kolId, { approvedReports: now - was });
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "report.review",
      targetType: "report",
      targetId: reportId,
      summary: `${input.status === "approved" ? "Approved" : "Rejected"} a KOL report${input.reason ? `: ${input.reason}` : ""}`,
      detail: { status: { before: current.status, after: input.status }, reason: input.reason ?? null },
    });
  });
  const [report] = await hydrateReports(
    deps.db,
    await selectReports(deps.db).where(eq(reports.id, reportId)),
  );
  if (!report) throw new AppError("NOT_FOUND", M.reports.notFound);
  return report;
}

/**
 * GET /api/admin/reports?status=&cursor= (admins only): the review queue, oldest first, "Page X of Y" by keyset
 * (reports_status_oldest_idx from the cursor, so a deep page costs what the first does, and a report reviewed off
 * the queue moves no one onto a page already read). The count stops past REPORT_QUEUE_COUNT_CAP.
 */
export async function listReportsForReview(
  deps: TDeps,
  viewer: TViewer | null,
  query: TAdminReportsQuery,
): Promise<TReportPage> {
  requireAdmin(viewer);
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor, "time", M.reports.queueCursorInvalid) : null;
  const { from, orderBy } = timeKeyset(cursor, reports.createdAt, reports.id, "asc");
  const [{ total, totalCapped }, rows] = await Promise.all([
    cappedCount(
      deps.db,
      deps.db.select({ one: sql`1` }).from(reports).where(eq(reports.status, query.status)),
      REPORT_QUEUE_COUNT_CAP,
    ),
    selectReports(deps.db, { sortKey: timeKey(sql`${reports.createdAt}`) })
      .where(and(eq(reports.status, query.status), from))
      .orderBy(...orderBy)
      .limit(textRowCount(query.pageSize + 1)),
  ]);
  const page = keysetPage(rows, query.pageSize, cursor, total, (r) => ({ k: r.sortKey, i: r.id }));
  // Nothing left on the cursor's side of the queue (reports reviewed since the page was read): page 1 as it is now.
  if (!page) return listReportsForReview(deps, viewer, { ...query, cursor: undefined });
  return { ...page, items: await hydrateReports(deps.db, page.items), total, totalCapped };
}

/** GET /api/reports/me: the viewer's own reports, newest first, with their status and any reason. */
export async function listMyReports(deps: TDeps, viewer: TViewer | null): Promise<{ items: TReport[] }> {
  const me = requireViewer(viewer, M.reports.loginToView);
  const rows = await selectReports(deps.db)
    .where(eq(reports.reporterId, me.id))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(100);
  return { items: await hydrateReports(deps.db, rows) };
}
