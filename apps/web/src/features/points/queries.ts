import type { TAirdropRequest, TLeaderboardWindow } from "@plugs/domain";
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useRef } from "react";
import { randomUuid } from "../../lib/random-uuid.ts";
import {
  createAirdrop,
  fetchAirdrops,
  fetchLeaderboard,
  fetchPointsHistory,
  fetchRecipientSuggestions,
  fetchReferrals,
} from "./api.ts";

/** The points feature's query keys: the ledger, referrals, the leaderboard and the airdrop audit list. */
export const pointsKeys = {
  all: ["points"] as const,
  history: () => [...pointsKeys.all, "history"] as const,
  referrals: () => [...pointsKeys.all, "referrals"] as const,
  leaderboard: (period: TLeaderboardWindow, cursor: string | null) =>
    [...pointsKeys.all, "leaderboard", period, cursor] as const,
  airdrops: (cursor: string | null) => [...pointsKeys.all, "airdrops", cursor] as const,
  recipients: (term: string) => [...pointsKeys.all, "recipient-suggest", term] as const,
};

/** A page of the ranking; the previous page stays on screen while the next one loads. */
export function useLeaderboard(period: TLeaderboardWindow, cursor: string | null) {
  return useQuery({
    queryKey: pointsKeys.leaderboard(period, cursor),
    queryFn: () => fetchLeaderboard(period, cursor),
    placeholderData: keepPreviousData,
  });
}

/** The viewer's balance and ledger, newest first, a keyset page at a time. */
export function usePointsHistory() {
  return useInfiniteQuery({
    queryKey: pointsKeys.history(),
    queryFn: ({ pageParam }) => fetchPointsHistory(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useReferrals() {
  return useQuery({ queryKey: pointsKeys.referrals(), queryFn: fetchReferrals });
}

export function useAirdrops(cursor: string | null) {
  return useQuery({
    queryKey: pointsKeys.airdrops(cursor),
    queryFn: () => fetchAirdrops(cursor),
    placeholderData: keepPreviousData,
  });
}

/** Members whose username starts with `term` (users only, not KOLs), for an airdrop's recipient. */
export function useRecipientSuggestions(term: string) {
  return useQuery({
    queryKey: pointsKeys.recipients(term),
    queryFn: () => fetchRecipientSuggestions(term),
    enabled: term.length > 0,
    select: (items) => items.filter((s) => s.type === "user"),
  });
}

/** Sends an airdrop (one recipient or many, all or nothing); the audit list and rankings refresh after. */
export function useCreateAirdrop() {
  const queryClient = useQueryClient();
  // The same airdrop sent again after a failure (a lost answer, say) carries the same Idempotency-Key, so the
  // server pays it at most once; a changed airdrop, or one after a success, gets a new key.
  const unfinished = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (input: TAirdropRequest) => {
      const body = JSON.stringify(input);
      if (unfinished.current?.body !== body) unfinished.current = { body, key: randomUuid() };
      return createAirdrop(input, unfinished.current.key);
    },
    onSuccess: () => {
      unfinished.current = null;
      return queryClient.invalidateQueries({ queryKey: pointsKeys.all });
    },
  });
}
