import type {
  TReport,
  TReportFormOutput,
  TReportPage,
  TReportStatus,
  TReviewReportRequest,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** The report calls: the viewer's own reports, sending one, and the admins' review. */

export function fetchMyReports(): Promise<{ items: TReport[] }> {
  return apiFetch<{ items: TReport[] }>("/api/reports/me");
}

/** POST /api/reports as multipart: the fields, each evidence link, each screenshot as `evidence`. */
export function submitReport(input: TReportFormOutput & { screenshots: File[] }): Promise<TReport> {
  const form = new FormData();
  form.set("kolHandle", input.kolHandle);
  form.set("category", input.category);
  form.set("description", input.description);
  for (const url of input.evidenceLinks) form.append("evidenceUrls", url);
  if (input.contractAddress) form.set("contractAddress", input.contractAddress);
  if (input.txHash) form.set("txHash", input.txHash);
  for (const file of input.screenshots) form.append("evidence", file);
  return apiFetch<TReport>("/api/reports", { method: "POST", body: form });
}

/** A page of the review queue: the first without a cursor, the others by a page's nextCursor or previousCursor. */
export function fetchReportsForReview(status: TReportStatus, cursor: string | null): Promise<TReportPage> {
  const from = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
  return apiFetch<TReportPage>(`/api/admin/reports?status=${status}${from}`);
}

export function reviewReport({ id, ...body }: TReviewReportRequest & { id: string }): Promise<TReport> {
  return apiFetch<TReport>(`/api/admin/reports/${id}`, { method: "PATCH", body: JSON.stringify(body) });
}
