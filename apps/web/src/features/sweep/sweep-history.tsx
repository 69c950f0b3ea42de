import { explorerTxLink, formatSol } from "@plugs/domain";
import { ExternalLink } from "lucide-react";
import { LoadError } from "../../components/load-error.tsx";
import { formatDate } from "../../lib/format.ts";
import { useSweepHistory } from "./queries.ts";
import { accountsText, shortKey } from "./sweep-format.ts";
import { card } from "./wallet-panel.tsx";

/** The member's sweeps, newest first: when, which wallet, accounts closed, SOL back, points, and the transaction. */
export function SweepHistory({ explorerTxUrl }: { explorerTxUrl: string }) {
  const query = useSweepHistory(true);
  return (
    <section aria-labelledby="sweep-history" className={card}>
      <h2 id="sweep-history" className="text-lg font-bold">
        Sweep history
      </h2>
      {query.isPending ? (
        <div className="mt-4 space-y-3">
          {["a", "b"].map((k) => (
            <div key={k} className="h-14 animate-pulse rounded-xl bg-surface-2" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError
          look="inset"
          className="mt-4"
          title="Could not load your sweeps"
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : query.data.items.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          No sweeps yet. Closed accounts and the points they earned show here.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {query.data.items.map((item) => (
            <li key={item.signature} className="flex flex-wrap items-center gap-x-6 gap-y-1 py-3">
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium">{accountsText(item.accountsClosed)} closed</p>
                <p className="text-xs text-muted">
                  <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time> · wallet{" "}
                  <span className="font-mono" title={item.wallet}>
                    {shortKey(item.wallet)}
                  </span>
                </p>
              </div>
              <p className="text-sm font-semibold text-plug">+{formatSol(item.lamportsReclaimed)} SOL</p>
              <p className="text-sm font-semibold text-accent">+{item.points.toLocaleString()} points</p>
              <a
                href={explorerTxLink(explorerTxUrl, item.signature)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`View transaction ${item.signature} in the explorer`}
                className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
              >
                {shortKey(item.signature)} <ExternalLink className="size-3.5" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
