import type { TAdminGiveawayFilter, TClaimRequest, TGiveawayInput, TGiveawayPatch } from "@plugs/domain";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "../auth/session.ts";
import { pointsKeys } from "../points/queries.ts";
import {
  claimPrize,
  createGiveaway,
  enterGiveaway,
  fetchAdminEntrants,
  fetchAdminGiveaways,
  fetchAdminWinners,
  fetchGiveaway,
  fetchGiveaways,
  fetchMyEntry,
  fetchMyGiveaways,
  giveawayAction,
  redrawPrize,
  removeGiveawayImage,
  updateGiveaway,
} from "./api.ts";

/** The rewards feature's query keys: everything under rewardKeys.all, so an entry refreshes them all. */
export const rewardKeys = {
  all: ["rewards"] as const,
  list: () => [...rewardKeys.all, "list"] as const,
  detail: (slug: string) => [...rewardKeys.all, "detail", slug] as const,
  entry: (slug: string) => [...rewardKeys.all, "entry", slug] as const,
  mine: () => [...rewardKeys.all, "mine"] as const,
  admin: (filter: TAdminGiveawayFilter) => [...rewardKeys.all, "admin", filter] as const,
  winners: (slug: string) => [...rewardKeys.all, "winners", slug] as const,
  entrants: (slug: string) => [...rewardKeys.all, "entrants", slug] as const,
};

/** The dashboard's "My giveaways": the member's entries with wins and claims. */
export function useMyGiveaways() {
  return useQuery({ queryKey: rewardKeys.mine(), queryFn: fetchMyGiveaways });
}

export function useGiveaways() {
  return useQuery({ queryKey: rewardKeys.list(), queryFn: fetchGiveaways });
}

export function useGiveaway(slug: string) {
  return useQuery({
    queryKey: rewardKeys.detail(slug),
    queryFn: () => fetchGiveaway(slug),
    // A 404 is an answer, not a hiccup worth retrying.
    retry: (count, error) =>
      count < 1 && !(error instanceof Error && "status" in error && error.status === 404),
  });
}

/** The signed-in viewer's entry; not asked for a visitor. */
export function useMyEntry(slug: string) {
  const { session } = useSession();
  return useQuery({
    queryKey: rewardKeys.entry(slug),
    queryFn: () => fetchMyEntry(slug),
    enabled: Boolean(session),
  });
}

export function useEnterGiveaway(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enterGiveaway(slug),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: rewardKeys.all });
      await queryClient.invalidateQueries({ queryKey: pointsKeys.all });
    },
  });
}

/** A winner's claim; the entry (with its claim status) is refreshed from the answer. */
export function useClaimPrize(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TClaimRequest) => claimPrize(slug, input),
    onSuccess: (entry) => queryClient.setQueryData(rewardKeys.entry(slug), entry),
  });
}

// --- The admin's queries ---

/** Every giveaway for the admin, newest first, a page of 20 at a time ("Show more"). */
export function useAdminGiveaways(filter: TAdminGiveawayFilter) {
  return useInfiniteQuery({
    queryKey: rewardKeys.admin(filter),
    queryFn: ({ pageParam }) => fetchAdminGiveaways(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A giveaway's entrants for the admin, 50 at a time in the draw's list order. */
export function useAdminEntrants(slug: string) {
  return useInfiniteQuery({
    queryKey: rewardKeys.entrants(slug),
    queryFn: ({ pageParam }) => fetchAdminEntrants(slug, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextAfter,
  });
}

export function useAdminWinners(slug: string, enabled: boolean) {
  return useQuery({ queryKey: rewardKeys.winners(slug), queryFn: () => fetchAdminWinners(slug), enabled });
}

/** After an image upload (sent by useImageUpload with progress), the giveaway and the lists are read again. */
export function useRewardsRefresher() {
  return useRewardsRefresh();
}

export function useRemoveGiveawayImage(slug: string) {
  const refresh = useRewardsRefresh();
  return useMutation({ mutationFn: () => removeGiveawayImage(slug), onSuccess: refresh });
}

/** Every admin write refreshes the whole rewards feature (lists, the giveaway, its winners). */
function useRewardsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rewardKeys.all });
}

export function useCreateGiveaway() {
  const refresh = useRewardsRefresh();
  return useMutation({ mutationFn: (input: TGiveawayInput) => createGiveaway(input), onSuccess: refresh });
}

export function useUpdateGiveaway(slug: string) {
  const refresh = useRewardsRefresh();
  return useMutation({
    mutationFn: (patch: TGiveawayPatch) => updateGiveaway(slug, patch),
    onSuccess: refresh,
  });
}

export function useGiveawayAction(slug: string) {
  const refresh = useRewardsRefresh();
  return useMutation({
    mutationFn: (action: "publish" | "draw" | "cancel") => giveawayAction(slug, action),
    onSuccess: refresh,
  });
}

export function useRedrawPrize(slug: string) {
  const refresh = useRewardsRefresh();
  return useMutation({ mutationFn: (position: number) => redrawPrize(slug, position), onSuccess: refresh });
}
