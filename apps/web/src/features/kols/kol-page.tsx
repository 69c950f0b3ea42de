import { M, type TKolDetail, type TPublicReport } from "@plugs/domain";
import { ArrowLeft, AtSign, BadgeCheck, Flag, Globe, Send, ShieldCheck } from "lucide-react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatDate } from "../../lib/format.ts";
import { CategoryPill, ReportEvidence } from "../reports/report-evidence.tsx";
import { usePageTitle } from "../site/queries.ts";
import { KolMentions } from "./kol-mentions.tsx";
import { useKol } from "./queries.ts";
import { ScoreBreakdown } from "./score-breakdown.tsx";
import { ScoreBadge, TallyBar, VerdictPill } from "./verdict.tsx";
import { VoteButtons } from "./vote-buttons.tsx";

function ProfileLinks({ links }: { links: TKolDetail["kol"]["links"] }) {
  const items = [
    { url: links.x, label: "X", icon: AtSign },
    { url: links.telegram, label: "Telegram", icon: Send },
    { url: links.website, label: "Website", icon: Globe },
  ].filter((item): item is { url: string; label: string; icon: typeof Globe } => Boolean(item.url));
  if (items.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item.label}>
          <a
            href={item.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-border bg-background px-2.5 text-xs font-medium hover:border-border-strong"
          >
            <item.icon className="size-3.5" aria-hidden /> {item.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function ReportItem({ report }: { report: TPublicReport }) {
  return (
    <article className="rounded-2xl border border-border bg-surface p-5">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <CategoryPill category={report.category} />
        <span className="inline-flex items-center gap-1 text-xs font-medium text-plug">
          <ShieldCheck className="size-3.5" aria-hidden /> Approved by moderators
        </span>
        <span className="ml-auto text-xs text-muted">
          Reported by <span className="font-medium text-foreground">{report.reporter.username}</span> ·{" "}
          <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
        </span>
      </header>
      <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line">{report.description}</p>
      <div className="mt-4 border-t border-border pt-4">
        <h4 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">Evidence</h4>
        <ReportEvidence report={report} />
      </div>
    </article>
  );
}

function NotFound({ handle }: { handle: string }) {
  usePageTitle(M.kols.notFound);
  return (
    <section className={PAGE_WIDTH.message}>
      <h1 className="text-2xl font-bold tracking-tight">{M.kols.notFound}</h1>
      <p className="mt-3 text-muted">{M.kols.notFoundDetail}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild variant="secondary">
          <Link to="/kols">
            <ArrowLeft aria-hidden /> All KOLs
          </Link>
        </Button>
        {/^@?\w{1,15}$/.test(handle) ? (
          <Button asChild>
            <Link to={`/report?handle=${encodeURIComponent(handle.replace(/^@/, ""))}`}>
              <Flag aria-hidden /> Report @{handle.replace(/^@/, "")}
            </Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** /kol/:handle: who the KOL is, what the community says (score, votes, evidence) and what PlugFeed says. */
export default function KolPage() {
  const { handle = "" } = useParams();
  const query = useKol(handle);
  usePageTitle(query.data ? `${query.data.kol.name} (@${query.data.kol.handle})` : `@${handle}`);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound handle={handle} />;
    return (
      <div className={PAGE_WIDTH.reading}>
        <LoadError title={M.kols.loadFailed} onRetry={() => void query.refetch()} busy={query.isFetching} />
      </div>
    );
  }
  const detail = query.data;
  const { kol } = detail;
  return (
    <div className={PAGE_WIDTH.wide}>
      <Link
        to="/kols"
        className="inline-flex items-center gap-1 rounded text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> All KOLs
      </Link>

      <div className="mt-4 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
          <div className="flex items-start gap-4">
            <Avatar
              src={kol.avatarUrl}
              name={kol.name || kol.handle}
              className="size-16 text-lg sm:size-20"
            />
            <div className="min-w-0 flex-1">
              <h1 className="flex items-center gap-1.5 text-2xl font-bold tracking-tight break-words sm:text-3xl">
                {kol.name || kol.handle}
                {kol.isVerified ? (
                  <BadgeCheck className="size-5 shrink-0 text-accent" aria-label="Verified" />
                ) : null}
              </h1>
              <p className="text-muted">@{kol.handle}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <VerdictPill verdict={kol.verdict} />
                <span className="text-xs text-muted">Listed since {formatDate(kol.createdAt)}</span>
              </div>
            </div>
          </div>
          {kol.bio ? <p className="mt-4 text-sm leading-relaxed text-pretty break-words">{kol.bio}</p> : null}
          <ProfileLinks links={kol.links} />
        </section>

        <aside
          aria-label="Community verdict"
          className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 lg:row-span-2"
        >
          <div className="flex items-center gap-4">
            <ScoreBadge score={kol.score} verdict={kol.verdict} size="lg" />
            <div>
              <p className="text-sm text-muted">Community score</p>
              <p className="text-lg font-semibold">
                {kol.verdict === "unrated" ? "Not rated yet" : `Rated ${kol.verdict}`}
              </p>
              <p className="text-xs text-muted">
                {kol.plugVotes + kol.rugVotes} votes · {kol.approvedReports} approved{" "}
                {kol.approvedReports === 1 ? "report" : "reports"}
              </p>
            </div>
          </div>
          <TallyBar plugVotes={kol.plugVotes} rugVotes={kol.rugVotes} />
          <VoteButtons detail={detail} />
          <Button asChild variant="secondary">
            <Link to={`/report?handle=${encodeURIComponent(kol.handle)}`}>
              <Flag aria-hidden /> Report @{kol.handle}
            </Link>
          </Button>
        </aside>

        <div className="flex min-w-0 flex-col gap-8">
          <ScoreBreakdown detail={detail} />

          <section aria-labelledby="reports-heading">
            <h2 id="reports-heading" className="flex items-center gap-2 text-lg font-semibold">
              <Flag className="size-5 text-rug" aria-hidden /> Approved reports ({detail.reports.length})
            </h2>
            <div className="mt-3 flex flex-col gap-3">
              {detail.reports.length === 0 ? (
                <p className="rounded-2xl border border-dashed border-border bg-surface p-5 text-sm text-muted">
                  No approved reports. Every report is checked by a moderator before it shows here and counts
                  against the score.
                </p>
              ) : (
                detail.reports.map((report) => <ReportItem key={report.id} report={report} />)
              )}
            </div>
          </section>

          <KolMentions handle={kol.handle} />
        </div>
      </div>
    </div>
  );
}
