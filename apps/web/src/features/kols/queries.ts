import type { TKolDetail, TVote } from "@plugs/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchKol, fetchKolList, fetchKolPosts, setVote, type TKolListParams } from "./api.ts";

/** The KOL feature's query keys: every KOL query sits under kolKeys.all, so a vote can refresh them all. */
export const kolKeys = {
  all: ["kols"] as const,
  lists: () => [...kolKeys.all, "list"] as const,
  list: (params: TKolListParams) => [...kolKeys.lists(), params] as const,
  detail: (handle: string) => [...kolKeys.all, "detail", handle.toLowerCase()] as const,
  posts: (handle: string) => [...kolKeys.all, "posts", handle.toLowerCase()] as const,
};

/** A page of KOL cards; the previous page stays on screen while the next one loads. */
export function useKolList(params: TKolListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: kolKeys.list(params),
    queryFn: () => fetchKolList(params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useKol(handle: string) {
  return useQuery({
    queryKey: kolKeys.detail(handle),
    queryFn: () => fetchKol(handle),
    // A 404 is an answer, not a hiccup worth retrying.
    retry: (count, error) =>
      count < 1 && !(error instanceof Error && "status" in error && error.status === 404),
  });
}

export function useKolPosts(handle: string, enabled: boolean) {
  return useQuery({
    queryKey: kolKeys.posts(handle),
    queryFn: () => fetchKolPosts(handle),
    enabled,
  });
}

/**
 * Casts (verdict) or withdraws (null) the viewer's vote. The KOL page updates at once and rolls back if the server
 * refuses; lists refresh once the server has answered.
 */
export function useVote(handle: string) {
  const queryClient = useQueryClient();
  const key = kolKeys.detail(handle);
  return useMutation({
    mutationFn: (verdict: TVote | null) => setVote(handle, verdict),
    onMutate: async (verdict) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TKolDetail>(key);
      if (before) queryClient.setQueryData<TKolDetail>(key, { ...before, myVote: verdict });
      return { before };
    },
    onError: (_err, _verdict, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: kolKeys.all });
    },
  });
}
