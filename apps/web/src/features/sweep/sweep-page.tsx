import { M_SWEEP, SWEEP_LIMITS, type TSweepConfig } from "@plugs/domain";
import { BrushCleaning, Coins } from "lucide-react";
import { LoadError } from "../../components/load-error.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { type TSession, useSession } from "../auth/session.ts";
import { usePageTitle } from "../site/queries.ts";
import { useLinkedWallets, useSweepConfig } from "./queries.ts";
import { ScanPanel } from "./scan-panel.tsx";
import { SweepHistory } from "./sweep-history.tsx";
import { SweepProgress } from "./sweep-progress.tsx";
import { useResumePendingClaims, useSweepRun } from "./use-sweep-run.ts";
import { card, LinkedWallets, WalletPanel } from "./wallet-panel.tsx";
import { chainOf, useWalletConnection } from "./wallet-standard.ts";

function Notice({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mt-8 max-w-2xl rounded-2xl border border-border bg-surface p-6">
      <p className="flex items-center gap-2 font-semibold">
        <BrushCleaning className="size-5 text-accent" aria-hidden /> {title}
      </p>
      {children}
    </div>
  );
}

function SignInNotice() {
  const requireAuth = useRequireAuth();
  return (
    <Notice title={M_SWEEP.signInToSweep}>
      <p className="mt-1 text-sm text-muted">
        Sweep is for members: your linked wallets, the points you earn and your sweep history belong to your
        account.
      </p>
      <Button className="mt-4" onClick={() => requireAuth(M_SWEEP.signInToSweep, () => {})}>
        Sign In
      </Button>
    </Notice>
  );
}

/** The member's Sweep: wallet, linked wallets, scan, the closing run, and the history. */
function SweepWorkspace({ config, session }: { config: TSweepConfig; session: TSession }) {
  const wallet = useWalletConnection();
  const linked = useLinkedWallets(true);
  const address = wallet.connection?.account.address ?? null;
  const isLinked = address && linked.data ? linked.data.items.some((w) => w.address === address) : undefined;
  useResumePendingClaims(session.user.id);
  const run = useSweepRun({
    userId: session.user.id,
    connection: wallet.connection,
    chain: chainOf(config.cluster),
    closesPerTransaction: config.closesPerTransaction,
  });

  return (
    <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <WalletPanel
          connection={wallet.connection}
          connecting={wallet.connecting}
          connectError={wallet.error}
          onConnect={(w) => void wallet.connect(w)}
          onDisconnect={() => {
            run.clear();
            wallet.disconnect();
          }}
          linked={isLinked}
        />
        {run.batches.length > 0 ? (
          <SweepProgress
            batches={run.batches}
            running={run.running}
            explorerTxUrl={config.explorerTxUrl}
            onRetry={run.retry}
            onDone={run.clear}
          />
        ) : null}
        {address && isLinked ? (
          <ScanPanel address={address} config={config} busy={run.running} onClose={run.start} />
        ) : null}
      </div>
      <div className="space-y-6">
        <section aria-labelledby="sweep-balance" className={card}>
          <h2 id="sweep-balance" className="text-sm font-semibold text-muted">
            Your balance
          </h2>
          <p className="mt-1 flex items-center gap-2 text-3xl font-bold">
            <Coins className="size-7 text-accent" aria-hidden />
            <span data-testid="sweep-balance">{session.profile.points.toLocaleString()}</span>
            <span className="text-base font-semibold text-muted">points</span>
          </p>
          <p className="mt-2 text-sm text-muted">
            {config.pointsPerAccount.toLocaleString()} points for each account closed, paid once the network
            has finalized the transaction.
          </p>
        </section>
        <LinkedWallets connectedAddress={address} max={config.maxWallets} />
      </div>
      <div className="lg:col-span-3">
        <SweepHistory explorerTxUrl={config.explorerTxUrl} />
      </div>
    </div>
  );
}

/** /sweep: close the empty token accounts of your own Solana wallet, get their rent back, earn points. */
export default function SweepPage() {
  usePageTitle("Sweep");
  const config = useSweepConfig();
  const { session, isPending } = useSession();
  return (
    <div className={PAGE_WIDTH.wide}>
      <PageHeader
        eyebrow="Sweep"
        title="Sweep your wallet"
        lead={`Close the empty token accounts in your Solana wallet: the rent each one holds comes back to you, and each closed account earns ${(config.data?.pointsPerAccount ?? SWEEP_LIMITS.pointsPerAccount).toLocaleString()} points. You sign every transaction in your own wallet; we never hold a key and nothing is burned.`}
      />
      {config.isPending || isPending ? (
        <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="h-48 animate-pulse rounded-2xl border border-border bg-surface lg:col-span-2" />
          <div className="h-48 animate-pulse rounded-2xl border border-border bg-surface" />
        </div>
      ) : config.isError ? (
        <LoadError
          className="mt-8"
          title="Could not load Sweep"
          onRetry={() => void config.refetch()}
          busy={config.isFetching}
        />
      ) : !config.data.configured ? (
        <Notice title={M_SWEEP.notConfigured}>
          <p className="mt-1 text-sm text-muted">
            This site has no Solana network connection set up, so wallets cannot be scanned or swept here yet.
          </p>
        </Notice>
      ) : !session ? (
        <SignInNotice />
      ) : (
        <SweepWorkspace config={config.data} session={session} />
      )}
    </div>
  );
}
