import { explorerTxLink, formatSol } from "@plugs/domain";
import { Check, ExternalLink, RotateCcw, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import { accountsText, shortKey } from "./sweep-format.ts";
import type { TBatch, TBatchStatus } from "./use-sweep-run.ts";
import { card } from "./wallet-panel.tsx";

const STEPS = [
  { status: "signing", label: "Signing" },
  { status: "sent", label: "Sent" },
  { status: "confirmed", label: "Confirmed" },
  { status: "verified", label: "Verified" },
] as const;

const ORDER: Record<TBatchStatus, number> = {
  waiting: -1,
  signing: 0,
  sent: 1,
  confirmed: 2,
  verified: 3,
  failed: -1,
};

const NOW_SAYING: Record<TBatchStatus, string> = {
  waiting: "Waiting for the previous transaction",
  signing: "Approve the transaction in your wallet",
  sent: "Sent. Waiting for the network",
  confirmed: "Confirmed. Waiting for it to be finalized",
  verified: "Verified",
  failed: "Failed",
};

/** Whole seconds from now until `at` (ms since 1970), ticking each second; 0 once it has passed or with none. */
function useSecondsUntil(at: number | null): number {
  const [, setTick] = useState(0);
  const left = at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = window.setTimeout(() => setTick((t) => t + 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return left;
}

/** Retry after a failure: "Check again" (the signature) or "Retry" (send again), held back while the server said to wait. */
function RetryButton({ batch, running, onRetry }: { batch: TBatch; running: boolean; onRetry: () => void }) {
  const wait = useSecondsUntil(batch.retryAt);
  const label = batch.retry === "claim" ? "Check again" : "Retry";
  return (
    <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} disabled={running || wait > 0}>
      <RotateCcw aria-hidden /> {wait > 0 ? `${label} in ${wait} s` : label}
    </Button>
  );
}

function Steps({ batch }: { batch: TBatch }) {
  // A failed batch shows how far it got: sent when it has a signature, else nowhere.
  const reached = batch.status === "failed" ? (batch.signature ? ORDER.sent + 1 : -1) : ORDER[batch.status];
  return (
    <ol className="mt-3 grid grid-cols-4 gap-1.5" aria-label="Progress">
      {STEPS.map((step, i) => {
        const done = i < reached || (i === reached && batch.status === "verified");
        const current = i === reached && batch.status !== "verified" && batch.status !== "failed";
        return (
          <li
            key={step.status}
            aria-current={current ? "step" : undefined}
            className={cn(
              "flex items-center justify-center gap-1 rounded-lg border px-1 py-1.5 text-xs font-semibold",
              done
                ? "border-plug/40 bg-plug-soft text-plug"
                : current
                  ? "border-accent/40 bg-accent-soft text-accent"
                  : "border-border text-muted",
            )}
          >
            {done ? <Check className="size-3.5" aria-hidden /> : current ? <Spinner /> : null}
            {step.label}
          </li>
        );
      })}
    </ol>
  );
}

function BatchRow({
  batch,
  total,
  explorerTxUrl,
  running,
  onRetry,
}: {
  batch: TBatch;
  total: number;
  explorerTxUrl: string;
  running: boolean;
  onRetry: () => void;
}) {
  const unpaid = batch.result?.accounts.filter((a) => a.reason) ?? [];
  return (
    <li className="py-4" aria-label={`Transaction ${batch.id} of ${total}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          Transaction {batch.id} of {total}{" "}
          <span className="font-normal text-muted">· {accountsText(batch.accounts.length)}</span>
        </p>
        {batch.signature ? (
          <a
            href={explorerTxLink(explorerTxUrl, batch.signature)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-mono text-xs text-accent hover:underline"
          >
            {shortKey(batch.signature)} <ExternalLink className="size-3" aria-hidden />
          </a>
        ) : null}
      </div>
      <Steps batch={batch} />
      <p
        className={cn("mt-2 text-sm", batch.status === "failed" ? "text-rug" : "text-muted")}
        role={batch.status === "failed" ? "alert" : "status"}
      >
        {batch.status === "failed" ? (
          <>
            <X className="mr-1 inline size-4 align-[-3px]" aria-hidden />
            {batch.error}
          </>
        ) : batch.status === "verified" && batch.result ? (
          <span className="text-foreground">
            {accountsText(batch.result.accountsClosed)} closed:{" "}
            <span className="font-semibold text-plug">+{formatSol(batch.result.lamportsReclaimed)} SOL</span>,{" "}
            <span className="font-semibold text-accent">
              +{batch.result.pointsAwarded.toLocaleString()} points
            </span>
          </span>
        ) : batch.status === "waiting" && !running ? (
          "Not sent"
        ) : (
          NOW_SAYING[batch.status]
        )}
      </p>
      {unpaid.length > 0 ? (
        <ul className="mt-2 space-y-1 text-xs text-muted">
          {unpaid.map((a) => (
            <li key={a.address}>
              <span className="font-mono">{shortKey(a.address)}</span>: {a.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {batch.status === "failed" && batch.retry ? (
        <RetryButton batch={batch} running={running} onRetry={onRetry} />
      ) : null}
    </li>
  );
}

/**
 * The closing run, one row per transaction: its steps, its signature, what it paid, and Retry when it failed. What
 * verified batches paid stays shown whatever happens to a later one; a run stopped by a refusal that asking again
 * cannot change can be put away with Done.
 */
export function SweepProgress({
  batches,
  running,
  explorerTxUrl,
  onRetry,
  onDone,
}: {
  batches: TBatch[];
  running: boolean;
  explorerTxUrl: string;
  onRetry: (id: number) => void;
  onDone: () => void;
}) {
  const verified = batches.filter((b) => b.status === "verified");
  const points = verified.reduce((sum, b) => sum + (b.result?.pointsAwarded ?? 0), 0);
  const lamports = verified.reduce((sum, b) => sum + (b.result?.lamportsReclaimed ?? 0), 0);
  const finished = !running && verified.length === batches.length;
  const stopped = !running && !finished && !batches.some((b) => b.status === "failed" && b.retry);
  const accounts = batches.reduce((sum, b) => sum + b.accounts.length, 0);
  return (
    <section aria-labelledby="sweep-progress" className={card}>
      <h2 id="sweep-progress" className="text-lg font-bold">
        {finished ? "Sweep complete" : `Closing ${accountsText(accounts)}`}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {batches.length === 1 ? "1 transaction" : `${batches.length} transactions`}, each signed in your
        wallet.
      </p>
      <Progress
        className="mt-4"
        value={verified.length / batches.length}
        label={`${verified.length} of ${batches.length} transactions verified`}
      />
      <ul className="divide-y divide-border">
        {batches.map((batch) => (
          <BatchRow
            key={batch.id}
            batch={batch}
            total={batches.length}
            explorerTxUrl={explorerTxUrl}
            running={running}
            onRetry={() => onRetry(batch.id)}
          />
        ))}
      </ul>
      {verified.length > 0 ? (
        <div className="mt-2 flex flex-wrap items-center gap-3 rounded-xl bg-plug-soft px-4 py-3">
          <p className="flex-1 text-sm">
            {finished ? "In all" : "So far"}:{" "}
            <span className="font-semibold text-plug">+{formatSol(lamports)} SOL</span> back and{" "}
            <span className="font-semibold text-accent">+{points.toLocaleString()} points</span>.
          </p>
          {finished || stopped ? (
            <Button variant="secondary" size="sm" onClick={onDone}>
              Done
            </Button>
          ) : null}
        </div>
      ) : stopped ? (
        <Button variant="secondary" size="sm" className="mt-2" onClick={onDone}>
          Done
        </Button>
      ) : null}
    </section>
  );
}
