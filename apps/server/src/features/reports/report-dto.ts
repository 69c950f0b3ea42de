import type { TEvidence, TPublicReport, TReport } from "@plugs/domain";
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { kols, profiles, reportEvidence, reports } from "../../db/schema/index.ts";
import { textRowCount } from "../../db/sql-int.ts";
import { authorColumns, UNKNOWN_USER } from "../profiles/author-dto.ts";

/** A KOL page shows at most this many approved reports (newest first). */
const APPROVED_SHOWN = 50;

/** The columns of a report as its reporter and moderators see it. */
export const reportColumns = {
  id: reports.id,
  category: reports.category,
  description: reports.description,
  contractAddress: reports.contractAddress,
  txHash: reports.txHash,
  status: reports.status,
  reviewReason: reports.reviewReason,
  reviewedAt: reports.reviewedAt,
  isFirstReport: reports.isFirstReport,
  createdAt: reports.createdAt,
  kol: { handle: kols.handle, name: kols.name, avatarUrl: kols.avatarUrl },
  reporter: authorColumns,
};

type TReportRow = {
  id: string;
  category: TReport["category"];
  description: string;
  contractAddress: string | null;
  txHash: string | null;
  status: TReport["status"];
  reviewReason: string | null;
  reviewedAt: Date | null;
  isFirstReport: boolean;
  createdAt: Date;
  kol: { handle: string; name: string; avatarUrl: string | null };
  reporter: { username: string; avatarUrl: string | null } | null;
};

type TEvidenceRow = {
  reportId: string;
  kind: TEvidence["kind"];
  url: string;
  width: number | null;
  height: number | null;
};

/** Evidence of many reports in one query, grouped by report in the order given. */
async function evidenceOf(db: Pick<TDb, "select">, reportIds: string[]): Promise<Map<string, TEvidence[]>> {
  const out = new Map<string, TEvidence[]>();
  if (reportIds.length === 0) return out;
  const rows: TEvidenceRow[] = await db
    .select({
      reportId: reportEvidence.reportId,
      kind: reportEvidence.kind,
      url: reportEvidence.url,
      width: reportEvidence.width,
      height: reportEvidence.height,
    })
    .from(reportEvidence)
    .where(inArray(reportEvidence.reportId, reportIds))
    .orderBy(asc(reportEvidence.reportId), asc(reportEvidence.position));
  for (const row of rows) {
    const item = { kind: row.kind, url: row.url, width: row.width, height: row.height };
    const list = out.get(row.reportId);
    if (list) list.push(item);
    else out.set(row.reportId, [item]);
  }
  return out;
}

function toPublicReport(row: TReportRow, evidence: TEvidence[]): TPublicReport {
  return {
    id: row.id,
    category: row.category,
    description: row.description,
    evidence,
    contractAddress: row.contractAddress,
    txHash: row.txHash,
    reporter: {
      username: row.reporter?.username ?? UNKNOWN_USER,
      avatarUrl: row.reporter?.avatarUrl ?? null,
    },
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

function toReport(row: TReportRow, evidence: TEvidence[]): TReport {
  return {
    ...toPublicReport(row, evidence),
    kol: { handle: row.kol.handle, name: row.kol.name, avatarUrl: row.kol.avatarUrl },
    status: row.status,
    reviewReason: row.reviewReason,
    isFirstReport: row.isFirstReport,
  };
}

/** Reports (already selected with reportColumns) with their evidence: two queries for any number of reports. */
export async function hydrateReports(db: Pick<TDb, "select">, rows: TReportRow[]): Promise<TReport[]> {
  const evidence = await evidenceOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toReport(row, evidence.get(row.id) ?? []));
}

/** The base select of reports with their KOL and reporter, and any `extra` columns (a list's sort key). */
export function selectReports<TExtra extends Record<string, SQL.Aliased | SQL>>(
  db: Pick<TDb, "select">,
  extra?: TExtra,
) {
  return db
    .select({ ...reportColumns, ...(extra as TExtra) })
    .from(reports)
    .innerJoin(kols, eq(kols.id, reports.kolId))
    .leftJoin(profiles, eq(profiles.id, reports.reporterId));
}

/** A KOL's approved reports, newest first: the only reports anyone but their reporter and moderators sees. */
export async function listApprovedReports(db: Pick<TDb, "select">, kolId: string): Promise<TPublicReport[]> {
  const rows = await selectReports(db)
    .where(and(eq(reports.kolId, kolId), eq(reports.status, "approved")))
    .orderBy(desc(reports.createdAt))
    .limit(textRowCount(APPROVED_SHOWN));
  const evidence = await evidenceOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPublicReport(row, evidence.get(row.id) ?? []));
}
