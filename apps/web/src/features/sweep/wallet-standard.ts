import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
} from "@solana/wallet-standard-features";
import { getWallets } from "@wallet-standard/app";
import type { IdentifierString, Wallet, WalletAccount } from "@wallet-standard/base";
import type { StandardConnectFeature, StandardEventsFeature } from "@wallet-standard/features";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

/*
 * The browser's Solana wallets through the Wallet Standard: every wallet extension (Phantom, Solflare, Backpack...)
 * registers itself on the page, and we use the ones that can connect, sign a message, and sign and send a
 * transaction. No wallet's own SDK, and no RPC endpoint in the browser: the wallet sends.
 */

const REQUIRED_FEATURES = [
  "standard:connect",
  "solana:signMessage",
  "solana:signAndSendTransaction",
] as const;

export type TSweepWalletProvider = Wallet & {
  features: StandardConnectFeature &
    Partial<StandardEventsFeature> &
    SolanaSignMessageFeature &
    SolanaSignAndSendTransactionFeature;
};

function isUsable(wallet: Wallet): wallet is TSweepWalletProvider {
  return (
    wallet.chains.some((chain) => chain.startsWith("solana:")) &&
    REQUIRED_FEATURES.every((feature) => feature in wallet.features)
  );
}

const registry = typeof window === "undefined" ? null : getWallets();

function subscribe(onChange: () => void): () => void {
  if (!registry) return () => {};
  const offRegister = registry.on("register", onChange);
  const offUnregister = registry.on("unregister", onChange);
  return () => {
    offRegister();
    offUnregister();
  };
}

const noWallets: readonly Wallet[] = [];
const allWallets = () => registry?.get() ?? noWallets;

/** The Solana wallets registered in this browser that Sweep can use, kept current as extensions register. */
export function useSolanaWallets(): TSweepWalletProvider[] {
  const wallets = useSyncExternalStore(subscribe, allWallets, () => noWallets);
  return wallets.filter(isUsable);
}

/** The Wallet Standard chain of a cluster name from the server's settings ("mainnet-beta" -> "solana:mainnet"). */
export function chainOf(cluster: string): IdentifierString {
  const name = cluster === "mainnet-beta" ? "mainnet" : cluster;
  return `solana:${name}`;
}

export type TConnection = { wallet: TSweepWalletProvider; account: WalletAccount };

/**
 * The connected wallet account, if any: `connect(wallet)` asks the wallet (its own approval prompt), and the
 * connection follows the wallet's `change` events (an account switched or revoked in the extension).
 */
export function useWalletConnection() {
  const [connection, setConnection] = useState<TConnection | null>(null);
  const [connecting, setConnecting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!connection) return;
    const events = connection.wallet.features["standard:events"];
    if (!events) return;
    return events.on("change", ({ accounts }) => {
      if (!accounts) return;
      const account = accounts.find((a) => a.address === connection.account.address) ?? accounts[0];
      setConnection(account ? { wallet: connection.wallet, account } : null);
    });
  }, [connection]);

  const connect = useCallback(async (wallet: TSweepWalletProvider) => {
    setConnecting(wallet.name);
    setError(null);
    try {
      const { accounts } = await wallet.features["standard:connect"].connect();
      const account = accounts.find((a) => a.chains.some((c) => c.startsWith("solana:"))) ?? accounts[0];
      if (!account) throw new Error(`${wallet.name} did not share an account`);
      setConnection({ wallet, account });
    } catch (err) {
      setError(walletErrorMessage(err, `Could not connect to ${wallet.name}`));
    } finally {
      setConnecting(null);
    }
  }, []);

  const disconnect = useCallback(() => {
    const disconnectFeature = connection?.wallet.features["standard:disconnect"] as
      | { disconnect(): Promise<void> }
      | undefined;
    void disconnectFeature?.disconnect().catch(() => {});
    setConnection(null);
  }, [connection]);

  return { connection, connecting, error, connect, disconnect };
}

/** What a wallet's refusal or failure says, in a sentence (a rejected prompt is common and not an error). */
export function walletErrorMessage(err: unknown, fallback: string): string {
  const message = err instanceof Error ? err.message : typeof err === "string" ? err : "";
  if (/reject|denied|cancel/i.test(message)) return "The request was declined in the wallet.";
  return message ? `${fallback}: ${message}` : fallback;
}

/** Asks the wallet to sign `text` (UTF-8); resolves with the base64 of the 64-byte ed25519 signature. */
export async function signText({ wallet, account }: TConnection, text: string): Promise<string> {
  const [output] = await wallet.features["solana:signMessage"].signMessage({
    account,
    message: new TextEncoder().encode(text),
  });
  if (!output) throw new Error("The wallet returned no signature");
  return toBase64(output.signature);
}

/** Asks the wallet to sign and send one wire transaction; resolves with its signature's raw bytes. */
export async function signAndSend(
  { wallet, account }: TConnection,
  transaction: Uint8Array,
  chain: IdentifierString,
): Promise<Uint8Array> {
  const [output] = await wallet.features["solana:signAndSendTransaction"].signAndSendTransaction({
    account,
    transaction,
    chain,
    options: { commitment: "confirmed" },
  });
  if (!output) throw new Error("The wallet returned no signature");
  return output.signature;
}

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}
