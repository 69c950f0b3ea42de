import { M, type TReport } from "@plugs/domain";
import { FileText, Image, Link2 } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatDate } from "../../lib/format.ts";
import { openAuthPrompt } from "../auth/auth-prompt.ts";
import { useSession } from "../auth/session.ts";
import { useMyReports } from "./queries.ts";
import { CategoryPill } from "./report-evidence.tsx";
import { StatusPill } from "./status-pill.tsx";

function MyReport({ report }: { report: TReport }) {
  const links = report.evidence.filter((e) => e.kind === "link").length;
  const shots = report.evidence.length - links;
  return (
    <li className="rounded-xl border border-border bg-background p-4">
      <div className="flex items-center gap-2">
        <Avatar src={report.kol.avatarUrl} name={report.kol.name || report.kol.handle} className="size-8" />
        <Link
          to={`/kol/${report.kol.handle}`}
          className="min-w-0 flex-1 truncate rounded font-semibold hover:underline"
        >
          @{report.kol.handle}
        </Link>
        <StatusPill status={report.status} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <CategoryPill category={report.category} />
        <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
        <span className="inline-flex items-center gap-1">
          <Link2 className="size-3" aria-hidden /> {links}
        </span>
        <span className="inline-flex items-center gap-1">
          <Image className="size-3" aria-hidden /> {shots}
        </span>
      </div>
      <p className="mt-2 line-clamp-2 text-sm text-muted">{report.description}</p>
      {report.status === "rejected" && report.reviewReason ? (
        <p className="mt-2 rounded-lg bg-rug-soft px-3 py-2 text-xs text-rug">
          <span className="font-semibold">Reason:</span> {report.reviewReason}
        </p>
      ) : null}
    </li>
  );
}

/** 'My reports': the signed-in user's reports with their status, and the reason of a rejection. */
export function MyReports() {
  const { session, isPending } = useSession();
  const reports = useMyReports(Boolean(session));
  return (
    <section aria-labelledby="my-reports" className="rounded-2xl border border-border bg-surface p-5">
      <h2 id="my-reports" className="flex items-center gap-2 text-lg font-semibold">
        <FileText className="size-5 text-accent" aria-hidden /> My reports
      </h2>
      <div className="mt-4">
        {isPending ? (
          <Spinner label="Loading your reports" className="text-accent" />
        ) : !session ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted">Sign in to file reports and follow their review.</p>
            <Button
              size="sm"
              onClick={() => openAuthPrompt({ view: "signin", reason: M.reports.signInToReport })}
            >
              Sign In
            </Button>
          </div>
        ) : reports.isPending ? (
          <Spinner label="Loading your reports" className="text-accent" />
        ) : reports.isError ? (
          <LoadError
            look="inset"
            title="Failed to load your reports"
            onRetry={() => void reports.refetch()}
            busy={reports.isFetching}
          />
        ) : reports.data.items.length === 0 ? (
          <p className="text-sm text-muted">
            You have not reported anyone yet. Your reports and their review show here.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {reports.data.items.map((report) => (
              <MyReport key={report.id} report={report} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
