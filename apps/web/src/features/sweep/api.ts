import type {
  TLinkWalletInput,
  TSweepBlockhash,
  TSweepClaimResult,
  TSweepConfig,
  TSweepHistory,
  TSweepScan,
  TSweepWallet,
  TSweepWallets,
  TWalletChallenge,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** The Sweep calls: settings, linked wallets, a wallet's scan, a fresh blockhash, claims and the history. */

export function fetchSweepConfig(): Promise<TSweepConfig> {
  return apiFetch<TSweepConfig>("/api/sweep/config");
}

export function fetchWallets(): Promise<TSweepWallets> {
  return apiFetch<TSweepWallets>("/api/sweep/wallets");
}

export function requestChallenge(address: string): Promise<TWalletChallenge> {
  return apiFetch<TWalletChallenge>("/api/sweep/wallets/challenge", {
    method: "POST",
    body: JSON.stringify({ address }),
  });
}

export function linkWallet(input: TLinkWalletInput): Promise<TSweepWallet> {
  return apiFetch<TSweepWallet>("/api/sweep/wallets", { method: "POST", body: JSON.stringify(input) });
}

export function unlinkWallet(address: string): Promise<void> {
  return apiFetch<void>(`/api/sweep/wallets/${encodeURIComponent(address)}`, { method: "DELETE" });
}

export function fetchScan(address: string): Promise<TSweepScan> {
  return apiFetch<TSweepScan>(`/api/sweep/wallets/${encodeURIComponent(address)}/accounts`);
}

export function fetchBlockhash(): Promise<TSweepBlockhash> {
  return apiFetch<TSweepBlockhash>("/api/sweep/blockhash");
}

export function claimSweep(signature: string): Promise<TSweepClaimResult> {
  return apiFetch<TSweepClaimResult>("/api/sweep/claims", {
    method: "POST",
    body: JSON.stringify({ signature }),
  });
}

export function fetchHistory(): Promise<TSweepHistory> {
  return apiFetch<TSweepHistory>("/api/sweep/history");
}
