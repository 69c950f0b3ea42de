import { LEADERBOARD_WINDOWS, M, type TLeaderboardEntry, type TLeaderboardWindow } from "@plugs/domain";
import { Trophy } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { MemberName } from "../../components/member-name.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { keysetPager, Pager } from "../../components/pager.tsx";
import { RankBadge } from "../../components/rank-badge.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { isStalePage } from "../../lib/api.ts";
import { formatPlace } from "../../lib/format.ts";
import { useSession } from "../auth/session.ts";
import { useLeaderboard } from "../points/queries.ts";
import { usePageTitle } from "../site/queries.ts";

const TAB_LABELS: Record<TLeaderboardWindow, string> = {
  week: "This week",
  month: "This month",
  all: "All time",
};

const EMPTY: Record<TLeaderboardWindow, string> = {
  week: "No points earned yet this week",
  month: "No points earned yet this month",
  all: "No points earned yet",
};

const SKELETONS = ["s1", "s2", "s3", "s4", "s5", "s6"];

function isWindow(value: string | null): value is TLeaderboardWindow {
  return (LEADERBOARD_WINDOWS as readonly string[]).includes(value ?? "");
}

function Row({ entry }: { entry: TLeaderboardEntry }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <RankBadge rank={entry.rank} />
      <Avatar src={entry.avatarUrl} name={entry.displayName ?? entry.username} />
      <Link
        to={`/user/${encodeURIComponent(entry.username)}`}
        className="min-w-0 flex-1 font-medium hover:underline focus-visible:underline"
      >
        <MemberName username={entry.username} displayName={entry.displayName} />
      </Link>
      <span className="text-sm font-semibold tabular-nums">
        {entry.points.toLocaleString("en-US")} <span className="font-normal text-muted">pts</span>
      </span>
    </li>
  );
}

/** /leaderboard: members ranked by the points they earned this week, this month or all time. */
export default function LeaderboardPage() {
  usePageTitle("Leaderboard");
  const [params, setParams] = useSearchParams();
  const windowParam = params.get("period");
  const period: TLeaderboardWindow = isWindow(windowParam) ? windowParam : "week";
  // A page other than the first is its cursor in the URL (pages are read by keyset on the server).
  const cursor = params.get("cursor");
  const query = useLeaderboard(period, cursor);
  // Staff earn points but are not ranked (the server leaves admins off every board).
  const isStaff = useSession().session?.isAdmin === true;
  const data = query.data;

  const setWindow = (next: string) => setParams(next === "week" ? {} : { period: next });
  const goToPage = (next: string | null) => {
    const nextParams = new URLSearchParams(params);
    if (next) nextParams.set("cursor", next);
    else nextParams.delete("cursor");
    setParams(nextParams);
    globalThis.scrollTo({ top: 0 });
  };

  return (
    <div className={PAGE_WIDTH.reading}>
      <PageHeader
        eyebrow="Leaderboard"
        title="Top members by points"
        lead="Points come from reports, votes, reactions and referrals."
      />
      <Tabs value={period} onValueChange={setWindow} className="mt-6">
        <TabsList aria-label="Period">
          {LEADERBOARD_WINDOWS.map((w) => (
            <TabsTrigger key={w} value={w}>
              {TAB_LABELS[w]}
            </TabsTrigger>
          ))}
        </TabsList>

        {/* The selected period's panel (the tabs' aria-controls name it). */}
        <TabsContent value={period} className="mt-0">
          {data?.me ? (
            <section
              aria-label="Your rank"
              className="mt-6 flex items-center gap-4 rounded-2xl border border-accent/40 bg-accent-soft p-4"
            >
              <Trophy className="size-6 shrink-0 text-accent" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="text-sm text-muted">Your rank</p>
                <p className="text-lg font-bold">
                  {data.me.rank
                    ? formatPlace(data.me.rank, data.me.rankCapped)
                    : isStaff
                      ? "Staff are not ranked"
                      : "Not ranked yet"}
                </p>
              </div>
              <p className="text-right">
                <span className="block text-lg font-bold tabular-nums">
                  {data.me.points.toLocaleString("en-US")}
                </span>
                <span className="text-xs text-muted">points</span>
              </p>
            </section>
          ) : null}

          <section aria-label={`${TAB_LABELS[period]} ranking`} aria-busy={query.isFetching} className="mt-6">
            {query.isPending ? (
              <ul aria-hidden className="divide-y divide-border rounded-2xl border border-border bg-surface">
                {SKELETONS.map((key) => (
                  <li key={key} className="flex animate-pulse items-center gap-3 px-4 py-3">
                    <span className="size-9 rounded-full bg-surface-2" />
                    <span className="size-9 rounded-full bg-surface-2" />
                    <span className="h-4 flex-1 rounded bg-surface-2" />
                    <span className="h-4 w-16 rounded bg-surface-2" />
                  </li>
                ))}
              </ul>
            ) : query.isError && cursor && isStalePage(query.error) ? (
              // A page link that no longer reads (edited, or from an older version): say so, and offer page 1.
              <LoadError title={query.error.message} onRetry={() => goToPage(null)} retryLabel="First page" />
            ) : query.isError ? (
              <LoadError
                title={M.points.leaderboardLoadFailed}
                onRetry={() => void query.refetch()}
                busy={query.isFetching}
              />
            ) : data && data.items.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
                <Trophy className="size-8 text-muted" aria-hidden />
                <p className="font-semibold">{EMPTY[period]}</p>
              </div>
            ) : data ? (
              <>
                <ol className="divide-y divide-border rounded-2xl border border-border bg-surface">
                  {data.items.map((entry) => (
                    <Row key={entry.username} entry={entry} />
                  ))}
                </ol>
                <div className="mt-6">
                  <Pager {...keysetPager(data, goToPage, "Leaderboard pages")} />
                </div>
              </>
            ) : null}
          </section>
        </TabsContent>
      </Tabs>
    </div>
  );
}
