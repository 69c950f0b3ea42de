import { M } from "@plugs/domain";
import { Coins } from "lucide-react";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { SettingsCard } from "../dashboard/settings-card.tsx";
import { usePointsHistory } from "./queries.ts";

const SKELETONS = ["s1", "s2", "s3", "s4"];

/** /dashboard/points: the balance and the ledger, newest first, more on demand. */
export function PointsSection() {
  const query = usePointsHistory();
  const pages = query.data?.pages ?? [];
  const balance = pages[0]?.balance ?? 0;
  const items = pages.flatMap((p) => p.items);

  return (
    <div className="flex flex-col gap-6">
      <SettingsCard title="Points" description="What you earned, and for what.">
        <div className="flex items-center gap-4 rounded-xl border border-border bg-background p-4">
          <span className="inline-flex size-11 items-center justify-center rounded-full bg-accent-soft">
            <Coins className="size-5 text-accent" aria-hidden />
          </span>
          <div>
            <p className="text-xs font-medium text-muted">Balance</p>
            <p className="text-2xl font-bold tabular-nums" data-testid="points-balance">
              {query.isPending ? "…" : balance.toLocaleString("en-US")}
            </p>
          </div>
        </div>
      </SettingsCard>
      <SettingsCard title="History">
        {query.isPending ? (
          <ul aria-hidden className="divide-y divide-border">
            {SKELETONS.map((key) => (
              <li key={key} className="flex animate-pulse items-center gap-3 py-3">
                <span className="h-4 flex-1 rounded bg-surface-2" />
                <span className="h-4 w-12 rounded bg-surface-2" />
              </li>
            ))}
          </ul>
        ) : query.isError && items.length === 0 ? (
          <LoadError
            look="inset"
            title={M.points.historyLoadFailed}
            onRetry={() => void query.refetch()}
            busy={query.isFetching}
          />
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{M.points.historyEmpty}</p>
        ) : (
          <>
            <ol aria-label="Points history" className="divide-y divide-border">
              {items.map((item) => (
                <li key={item.id} className="flex items-start gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{item.activityLabel}</p>
                    {item.description !== item.activityLabel ? (
                      <p className="text-sm break-words text-muted">{item.description}</p>
                    ) : null}
                    <p className="mt-0.5 text-xs text-muted">
                      <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                    </p>
                  </div>
                  <span
                    className={cn(
                      "shrink-0 font-semibold tabular-nums",
                      item.points >= 0 ? "text-plug" : "text-rug",
                    )}
                  >
                    {item.points >= 0 ? "+" : ""}
                    {item.points.toLocaleString("en-US")}
                  </span>
                </li>
              ))}
            </ol>
            {query.isFetchNextPageError ? (
              <p role="alert" className="mt-3 text-sm text-rug">
                {M.points.historyLoadFailed}
              </p>
            ) : null}
            {query.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="secondary"
                  disabled={query.isFetchingNextPage}
                  onClick={() => query.fetchNextPage()}
                >
                  {query.isFetchingNextPage ? <Spinner /> : null} Load more
                </Button>
              </div>
            ) : null}
          </>
        )}
      </SettingsCard>
    </div>
  );
}
