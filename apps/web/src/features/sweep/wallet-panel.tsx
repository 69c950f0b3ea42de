import type { TSweepWallet } from "@plugs/domain";
import { ExternalLink, Link2, Unlink, Wallet } from "lucide-react";
import { useState } from "react";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { refusalMessage } from "../../lib/api.ts";
import { formatDay } from "../../lib/format.ts";
import { requestChallenge } from "./api.ts";
import { useLinkedWallets, useLinkWallet, useUnlinkWallet } from "./queries.ts";
import { shortKey } from "./sweep-format.ts";
import {
  signText,
  type TConnection,
  type TSweepWalletProvider,
  useSolanaWallets,
  walletErrorMessage,
} from "./wallet-standard.ts";

/** Wallets to suggest to someone who has none; each supports the Wallet Standard. */
const INSTALL_LINKS = [
  { name: "Phantom", href: "https://phantom.com/download" },
  { name: "Solflare", href: "https://solflare.com/download" },
  { name: "Backpack", href: "https://backpack.app/downloads" },
] as const;

export const card = "rounded-2xl border border-border bg-surface p-5 sm:p-6";

function NoWallet() {
  return (
    <div>
      <p className="font-semibold">No Solana wallet found in this browser</p>
      <p className="mt-1 text-sm text-muted">
        Sweep works with any Solana wallet that supports the Wallet Standard. Install one, set it up, then
        reload this page.
      </p>
      <ul className="mt-4 flex flex-wrap gap-2">
        {INSTALL_LINKS.map((w) => (
          <li key={w.name}>
            <a
              href={w.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-border bg-background px-3 text-sm font-semibold hover:border-border-strong"
            >
              Get {w.name} <ExternalLink className="size-3.5" aria-hidden />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function WalletIcon({ wallet }: { wallet: TSweepWalletProvider }) {
  return <img src={wallet.icon} alt="" className="size-6 rounded-md" />;
}

/**
 * The wallet step: connect one of the browser's wallets, then link it to the account by signing the server's
 * Sign-In-With-Solana message. A linked, connected wallet is the one the scan and the closes use.
 */
export function WalletPanel({
  connection,
  connecting,
  connectError,
  onConnect,
  onDisconnect,
  linked,
}: {
  connection: TConnection | null;
  connecting: string | null;
  connectError: string | null;
  onConnect: (wallet: TSweepWalletProvider) => void;
  onDisconnect: () => void;
  linked: boolean | undefined;
}) {
  const wallets = useSolanaWallets();
  const link = useLinkWallet();
  const [linkError, setLinkError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);

  const linkConnected = async () => {
    if (!connection) return;
    const address = connection.account.address;
    setLinkError(null);
    setSigning(true);
    try {
      const challenge = await requestChallenge(address);
      let signature: string;
      try {
        signature = await signText(connection, challenge.message);
      } catch (err) {
        setLinkError(walletErrorMessage(err, "The wallet could not sign the message"));
        return;
      }
      await link.mutateAsync({ address, message: challenge.message, signature });
    } catch (err) {
      setLinkError(refusalMessage(err, "Could not link this wallet. Try again."));
    } finally {
      setSigning(false);
    }
  };

  return (
    <section aria-labelledby="sweep-wallet" className={card}>
      <h2 id="sweep-wallet" className="flex items-center gap-2 text-lg font-bold">
        <Wallet className="size-5 text-accent" aria-hidden /> Your wallet
      </h2>
      <div className="mt-4">
        {connection ? (
          <div>
            <div className="flex flex-wrap items-center gap-3">
              <WalletIcon wallet={connection.wallet} />
              <div className="min-w-0 flex-1">
                <p className="text-sm text-muted">Connected with {connection.wallet.name}</p>
                <p className="font-mono text-sm break-all" title={connection.account.address}>
                  {connection.account.address}
                </p>
              </div>
              <Button variant="ghost" size="sm" onClick={onDisconnect}>
                Disconnect
              </Button>
            </div>
            {linked === false ? (
              <div className="mt-4 rounded-xl border border-accent/30 bg-accent-soft p-4">
                <p className="text-sm">
                  Link this wallet to your account to scan it and earn points. Your wallet will ask you to
                  sign a message; signing costs nothing and sends no transaction.
                </p>
                <Button
                  className="mt-3"
                  onClick={() => void linkConnected()}
                  busy={signing}
                  busyLabel="Waiting for your wallet..."
                >
                  <Link2 aria-hidden /> Link this wallet
                </Button>
                {linkError ? (
                  <p role="alert" className="mt-2 text-sm text-rug">
                    {linkError}
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
        ) : wallets.length === 0 ? (
          <NoWallet />
        ) : (
          <div>
            <p className="text-sm text-muted">
              Connect the wallet whose empty token accounts you want to close.
            </p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {wallets.map((wallet) => (
                <li key={wallet.name}>
                  <Button
                    variant="secondary"
                    onClick={() => onConnect(wallet)}
                    busy={connecting === wallet.name}
                    busyLabel="Connecting..."
                    disabled={connecting !== null}
                  >
                    <WalletIcon wallet={wallet} /> Connect {wallet.name}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {connectError ? (
          <p role="alert" className="mt-3 text-sm text-rug">
            {connectError}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function LinkedWalletRow({ wallet, connected }: { wallet: TSweepWallet; connected: boolean }) {
  const unlink = useUnlinkWallet();
  return (
    <li className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-mono text-sm" title={wallet.address}>
          {shortKey(wallet.address)}
          {connected ? (
            <span className="ml-2 rounded-full bg-plug-soft px-2 py-0.5 font-sans text-xs font-semibold text-plug">
              Connected
            </span>
          ) : null}
        </p>
        <p className="text-xs text-muted">Linked {formatDay(wallet.linkedAt)}</p>
        {unlink.isError ? (
          <p role="alert" className="mt-1 text-xs text-rug">
            {refusalMessage(unlink.error, "Could not unlink this wallet")}
          </p>
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Unlink ${wallet.address}`}
        onClick={() => unlink.mutate(wallet.address)}
        busy={unlink.isPending}
        busyLabel="Unlinking..."
      >
        <Unlink aria-hidden /> Unlink
      </Button>
    </li>
  );
}

/** The member's linked wallets, with Unlink. */
export function LinkedWallets({ connectedAddress, max }: { connectedAddress: string | null; max: number }) {
  const query = useLinkedWallets(true);
  return (
    <section aria-labelledby="sweep-linked" className={card}>
      <h2 id="sweep-linked" className="text-lg font-bold">
        Linked wallets
      </h2>
      <p className="mt-1 text-sm text-muted">Up to {max} wallets. Each wallet can belong to one account.</p>
      {query.isPending ? (
        <div className="mt-4 h-12 animate-pulse rounded-xl bg-surface-2" />
      ) : query.isError ? (
        <LoadError
          look="inset"
          className="mt-4"
          title="Could not load your wallets"
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : query.data.items.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No wallet linked yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {query.data.items.map((w) => (
            <LinkedWalletRow key={w.address} wallet={w} connected={w.address === connectedAddress} />
          ))}
        </ul>
      )}
    </section>
  );
}
