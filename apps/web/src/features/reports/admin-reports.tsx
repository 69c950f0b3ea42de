import { KOL_LIMITS, M, REPORT_STATUSES, type TReport, type TReportStatus } from "@plugs/domain";
import { Check, Star, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { AdminQuery } from "../../components/admin-list.tsx";
import { keysetPager, Pager } from "../../components/pager.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { formatDate } from "../../lib/format.ts";
import { useReportsForReview, useReviewReport } from "./queries.ts";
import { CategoryPill, ReportEvidence } from "./report-evidence.tsx";
import { StatusPill } from "./status-pill.tsx";

const TAB_LABELS: Record<TReportStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

function ReviewCard({ report }: { report: TReport }) {
  const review = useReviewReport();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const decide = (status: "approved" | "rejected") => {
    if (status === "rejected" && !reason.trim()) {
      setError(M.reports.reasonRequired);
      return;
    }
    review.mutate(
      { id: report.id, status, reason: status === "rejected" ? reason.trim() : undefined },
      { onError: (err) => setError(err.message) },
    );
  };

  return (
    <article
      className="rounded-2xl border border-border bg-surface p-5"
      aria-label={`Report on @${report.kol.handle}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <Avatar src={report.kol.avatarUrl} name={report.kol.name || report.kol.handle} className="size-8" />
        <Link to={`/kol/${report.kol.handle}`} className="rounded font-semibold hover:underline">
          @{report.kol.handle}
        </Link>
        <CategoryPill category={report.category} />
        <StatusPill status={report.status} />
        {report.isFirstReport ? (
          <span
            className="inline-flex items-center gap-1 text-xs text-muted"
            title="The reporter's first report of this KOL"
          >
            <Star className="size-3" aria-hidden /> First report by this user
          </span>
        ) : null}
      </header>
      <p className="mt-2 text-xs text-muted">
        By <span className="font-medium text-foreground">{report.reporter.username}</span> ·{" "}
        <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
        {report.reviewedAt ? ` · reviewed ${formatDate(report.reviewedAt)}` : ""}
      </p>
      <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line">{report.description}</p>
      <div className="mt-4">
        <ReportEvidence report={report} />
      </div>
      {report.reviewReason ? (
        <p className="mt-3 text-xs text-muted">
          <span className="font-semibold">Reason:</span> {report.reviewReason}
        </p>
      ) : null}

      <div className="mt-4 flex flex-col gap-3 border-t border-border pt-4">
        {rejecting ? (
          <Field label="Reason for rejecting (the reporter sees it)" error={error ?? undefined}>
            {(props) => (
              <Textarea
                {...props}
                value={reason}
                maxLength={KOL_LIMITS.reasonMax}
                rows={2}
                className="min-h-16"
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
        ) : error ? (
          <p role="alert" className="text-xs font-medium text-rug">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {report.status !== "approved" && !rejecting ? (
            <Button
              size="sm"
              onClick={() => decide("approved")}
              busy={review.isPending}
              busyLabel="Saving..."
            >
              <Check aria-hidden /> Approve
            </Button>
          ) : null}
          {report.status !== "rejected" ? (
            rejecting ? (
              <>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => decide("rejected")}
                  busy={review.isPending}
                  busyLabel="Saving..."
                >
                  <X aria-hidden /> Reject report
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setRejecting(false)}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => setRejecting(true)}>
                <X aria-hidden /> Reject...
              </Button>
            )
          ) : null}
        </div>
      </div>
    </article>
  );
}

/**
 * The moderators' review queue: pending reports oldest first (and the approved and rejected ones), each with its
 * evidence, to approve or reject with a reason. For the admin dashboard; the server refuses non-admins (403).
 */
export function AdminReports() {
  const [status, setStatus] = useState<TReportStatus>("pending");
  // Pages are keyset reads: a page is the cursor it was reached by (none for the first).
  const [cursor, setCursor] = useState<string | null>(null);
  const query = useReportsForReview(status, cursor);
  return (
    <section aria-labelledby="admin-reports-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-reports-heading" className="text-xl font-semibold">
          KOL reports
        </h2>
        <Tabs
          value={status}
          onValueChange={(value) => {
            setStatus(value as TReportStatus);
            setCursor(null);
          }}
        >
          <TabsList aria-label="Report status">
            {REPORT_STATUSES.map((s) => (
              <TabsTrigger key={s} value={s}>
                {TAB_LABELS[s]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      </div>
      <AdminQuery
        query={query}
        loading="Loading reports"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p className="rounded-2xl border border-dashed border-border bg-surface p-6 text-center text-sm text-muted">
            {status === "pending" ? "No reports are waiting for review." : `No ${status} reports.`}
          </p>
        }
        onStale={cursor ? () => setCursor(null) : undefined}
      >
        {(data) => (
          <>
            <p className="text-sm text-muted">
              {data.total}
              {data.totalCapped ? "+" : ""} {TAB_LABELS[status].toLowerCase()}{" "}
              {data.total === 1 ? "report" : "reports"}
            </p>
            <ul className="flex flex-col gap-4">
              {data.items.map((report) => (
                <li key={report.id}>
                  <ReviewCard report={report} />
                </li>
              ))}
            </ul>
            <Pager {...keysetPager(data, setCursor, "Report pages")} />
          </>
        )}
      </AdminQuery>
    </section>
  );
}
