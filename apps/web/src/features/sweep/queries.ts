import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { sessionKeys } from "../auth/session.ts";
import { pointsKeys } from "../points/queries.ts";
import { fetchHistory, fetchScan, fetchSweepConfig, fetchWallets, linkWallet, unlinkWallet } from "./api.ts";

/** The Sweep feature's query keys. */
export const sweepKeys = {
  all: ["sweep"] as const,
  config: () => [...sweepKeys.all, "config"] as const,
  wallets: () => [...sweepKeys.all, "wallets"] as const,
  scan: (address: string) => [...sweepKeys.all, "scan", address] as const,
  history: () => [...sweepKeys.all, "history"] as const,
};

export function useSweepConfig() {
  return useQuery({ queryKey: sweepKeys.config(), queryFn: fetchSweepConfig, staleTime: 5 * 60_000 });
}

export function useLinkedWallets(enabled: boolean) {
  return useQuery({ queryKey: sweepKeys.wallets(), queryFn: fetchWallets, enabled });
}

/** A linked wallet's token accounts; read again on demand (Rescan) rather than on focus, as it asks the network. */
export function useScan(address: string | null) {
  return useQuery({
    queryKey: sweepKeys.scan(address ?? ""),
    queryFn: () => fetchScan(address ?? ""),
    enabled: address !== null,
    refetchOnWindowFocus: false,
  });
}

export function useSweepHistory(enabled: boolean) {
  return useQuery({ queryKey: sweepKeys.history(), queryFn: fetchHistory, enabled });
}

export function useLinkWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkWallet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sweepKeys.wallets() }),
  });
}

export function useUnlinkWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkWallet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sweepKeys.wallets() }),
  });
}

/** After a claim: the history, the scan, the balance (in the session's profile) and the ledger read again. */
export function useRefreshAfterClaim() {
  const queryClient = useQueryClient();
  return useCallback(
    (address: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sweepKeys.history() }),
        queryClient.invalidateQueries({ queryKey: sweepKeys.scan(address) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
        queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
      ]),
    [queryClient],
  );
}
