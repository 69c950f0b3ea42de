import { formatSol, type TSweepAccount, type TSweepConfig, type TSweepUnclosable } from "@plugs/domain";
import { Ban, RefreshCw } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { ApiError, refusalMessage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useScan } from "./queries.ts";
import { accountsText, formatTokenAmount, shortKey, tokenLabel } from "./sweep-format.ts";
import { card } from "./wallet-panel.tsx";

function Stat({ label, value, tone }: { label: string; value: string; tone?: "plug" | "accent" }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-border bg-background px-4 py-2.5 sm:block sm:py-3">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
      <p
        className={cn(
          "text-lg font-bold sm:mt-1 sm:text-xl",
          tone === "plug" && "text-plug",
          tone === "accent" && "text-accent",
        )}
      >
        {value}
      </p>
    </div>
  );
}

/** Why a scan failed: the server's words for a refusal (a 429 says when to try again) or an unreachable network. */
function scanErrorText(error: Error): string {
  return error instanceof ApiError && error.code === "UPSTREAM_FAILED"
    ? error.message
    : refusalMessage(error, "Could not scan this wallet");
}

function AccountText({ account }: { account: TSweepAccount }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="flex items-center gap-2">
        <span className="truncate font-medium">{tokenLabel(account)}</span>
        {account.program === "token-2022" ? (
          <span className="shrink-0 rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-muted">
            Token-2022
          </span>
        ) : null}
      </span>
      <span
        className="block font-mono text-xs text-muted"
        title={`Account ${account.address}, mint ${account.mint}`}
      >
        Mint {shortKey(account.mint)} · Account {shortKey(account.address)}
      </span>
    </span>
  );
}

function UnclosableRow({ account }: { account: TSweepUnclosable }) {
  return (
    <li className="flex items-start gap-3 py-3">
      <Ban className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <AccountText account={account} />
        <p className="mt-1 text-sm text-rug">{account.reason}</p>
      </div>
      {account.reasonCode === "holds_tokens" ? (
        <span className="shrink-0 text-right text-sm text-muted">
          Holds {formatTokenAmount(account.amount, account.decimals)}
          {account.symbol ? ` ${account.symbol}` : ""}
        </span>
      ) : null}
    </li>
  );
}

/**
 * The scan of the connected, linked wallet: its token accounts that can be closed (with checkboxes) and those that
 * cannot (and why), the totals, and Close for the selected ones.
 */
export function ScanPanel({
  address,
  config,
  busy,
  onClose,
}: {
  address: string;
  config: TSweepConfig;
  busy: boolean;
  onClose: (accounts: TSweepAccount[]) => void;
}) {
  const scan = useScan(address);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const closable = scan.data?.closable;

  // A rescan drops from the selection what is no longer there (closed accounts).
  useEffect(() => {
    if (!closable) return;
    const present = new Set(closable.map((a) => a.address));
    setSelected((current) => new Set([...current].filter((a) => present.has(a))));
  }, [closable]);

  const chosen = useMemo(() => (closable ?? []).filter((a) => selected.has(a.address)), [closable, selected]);
  const chosenLamports = chosen.reduce((sum, a) => sum + a.rentLamports, 0);

  const toggle = (addr: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(addr);
      else next.delete(addr);
      return next;
    });

  return (
    <section aria-labelledby="sweep-scan" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sweep-scan" className="text-lg font-bold">
          Token accounts
        </h2>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void scan.refetch()}
          busy={scan.isFetching && !scan.isPending}
          busyLabel="Scanning..."
          disabled={scan.isPending || busy}
        >
          <RefreshCw aria-hidden /> Rescan
        </Button>
      </div>
      {scan.isPending ? (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-muted">Scanning your wallet...</p>
          {["a", "b", "c"].map((k) => (
            <div key={k} className="h-12 animate-pulse rounded-xl bg-surface-2" />
          ))}
        </div>
      ) : scan.isError && !scan.data ? (
        <LoadError
          look="inset"
          className="mt-4"
          title={scanErrorText(scan.error)}
          onRetry={() => void scan.refetch()}
          busy={scan.isFetching}
        />
      ) : (
        <>
          {scan.isError ? (
            // A rescan refused (e.g. too often: the server says when to try again) keeps the last scan shown.
            <p
              role="alert"
              className="mt-4 rounded-xl border border-rug/30 bg-rug-soft px-4 py-3 text-sm font-medium text-rug"
            >
              {scanErrorText(scan.error)}
            </p>
          ) : null}
          <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Stat label="Can close" value={accountsText(scan.data.closable.length)} />
            <Stat label="SOL back" value={`${formatSol(scan.data.totals.lamports)} SOL`} tone="plug" />
            <Stat label="Points to earn" value={scan.data.totals.points.toLocaleString()} tone="accent" />
          </div>

          <h3 className="mt-6 font-semibold">Can close</h3>
          {scan.data.closable.length === 0 ? (
            <p className="mt-2 rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
              No empty token accounts in this wallet. Nothing to close.
            </p>
          ) : (
            <>
              <div className="mt-2 flex items-center gap-3 border-b border-border pb-3">
                <Checkbox
                  id="sweep-select-all"
                  checked={
                    chosen.length === scan.data.closable.length
                      ? true
                      : chosen.length > 0
                        ? "indeterminate"
                        : false
                  }
                  onCheckedChange={(on) =>
                    setSelected(on === true ? new Set(scan.data.closable.map((a) => a.address)) : new Set())
                  }
                  disabled={busy}
                />
                <label htmlFor="sweep-select-all" className="text-sm font-medium">
                  Select all ({scan.data.closable.length})
                </label>
              </div>
              <ul className="divide-y divide-border">
                {scan.data.closable.map((account) => {
                  const id = `sweep-${account.address}`;
                  return (
                    <li key={account.address} className="flex items-center gap-3 py-3">
                      <Checkbox
                        id={id}
                        checked={selected.has(account.address)}
                        onCheckedChange={(on) => toggle(account.address, on === true)}
                        disabled={busy}
                      />
                      <label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                        <AccountText account={account} />
                        <span className="shrink-0 text-sm font-medium text-plug">
                          {formatSol(account.rentLamports)} SOL
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
              <div className="mt-4 flex flex-col gap-3 rounded-xl bg-surface-2 p-4 sm:flex-row sm:items-center">
                <p className="flex-1 text-sm">
                  {chosen.length === 0 ? (
                    "Select the accounts to close."
                  ) : (
                    <>
                      <span className="font-semibold">{accountsText(chosen.length)}</span> selected:{" "}
                      {formatSol(chosenLamports)} SOL back and up to{" "}
                      {(chosen.length * config.pointsPerAccount).toLocaleString()} points.
                    </>
                  )}
                  <span className="mt-1 block text-xs text-muted">
                    Accounts opened less than {config.minAccountAgeDays} days before they are closed earn no
                    points.
                  </span>
                </p>
                <Button
                  onClick={() => onClose(chosen)}
                  disabled={chosen.length === 0}
                  busy={busy}
                  busyLabel="Closing..."
                >
                  {chosen.length === 0 ? "Close" : `Close ${accountsText(chosen.length)}`}
                </Button>
              </div>
            </>
          )}

          {scan.data.unclosable.length > 0 ? (
            <>
              <h3 className="mt-6 font-semibold">Cannot close</h3>
              <ul className="divide-y divide-border">
                {scan.data.unclosable.map((account) => (
                  <UnclosableRow key={account.address} account={account} />
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
