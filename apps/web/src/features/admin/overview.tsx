import { Flag, Inbox, type LucideIcon, MessageSquare, Newspaper, Users, UsersRound } from "lucide-react";
import { Suspense } from "react";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { lazyNamed } from "../../lib/lazy-named.ts";
import { useOverview } from "./queries.ts";

// The chart library is fetched with the overview only, so no other page pays for it.
const OverviewCharts = lazyNamed(() => import("./overview-charts.tsx"), "OverviewCharts");

function Stat({
  icon: Icon,
  label,
  value,
  to,
}: {
  icon: LucideIcon;
  label: string;
  value: number;
  to?: string;
}) {
  const body = (
    <>
      <Icon className="size-4 text-accent" aria-hidden />
      <span className="mt-2 block text-2xl font-bold tabular-nums">{value.toLocaleString("en-US")}</span>
      <span className="text-sm text-muted">{label}</span>
    </>
  );
  const box = "block rounded-2xl border border-border bg-surface p-4";
  return to ? (
    <Link
      to={to}
      className={`${box} transition-colors hover:border-border-strong focus-visible:outline-2 focus-visible:outline-accent`}
    >
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

/** /admin/overview: the site in numbers, and sign-ups, posts and points paid per day over the last 30 days. */
export function AdminOverview() {
  const query = useOverview();
  return (
    <section aria-labelledby="admin-overview-heading" className="flex flex-col gap-4">
      <h2 id="admin-overview-heading" className="text-xl font-semibold">
        Overview
      </h2>
      {query.isPending ? (
        <Spinner label="Loading the overview" className="text-accent" />
      ) : query.isError ? (
        <LoadError
          look="inset"
          title={query.error.message}
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : (
        <>
          <ul aria-label="The site in numbers" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <li>
              <Stat icon={Users} label="Members" value={query.data.counts.members} to="/admin/members" />
            </li>
            <li>
              <Stat icon={Newspaper} label="Posts" value={query.data.counts.posts} />
            </li>
            <li>
              <Stat icon={MessageSquare} label="Comments" value={query.data.counts.comments} />
            </li>
            <li>
              <Stat icon={UsersRound} label="Communities" value={query.data.counts.communities} />
            </li>
            <li>
              <Stat
                icon={Flag}
                label="Open reports"
                value={query.data.counts.openReports}
                to="/admin/reports"
              />
            </li>
            <li>
              <Stat
                icon={Inbox}
                label="Open messages"
                value={query.data.counts.openMessages}
                to="/admin/messages"
              />
            </li>
          </ul>
          <Suspense fallback={<Spinner label="Loading the charts" className="text-accent" />}>
            <OverviewCharts days={query.data.days} />
          </Suspense>
        </>
      )}
    </section>
  );
}
