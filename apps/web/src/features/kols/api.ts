import type { TKolDetail, TKolList, TKolPage, TKolSort, TPost, TVote, TVoteState } from "@plugs/domain";
import { KOL_SORTS } from "@plugs/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";

export type TKolListParams = {
  list: TKolList;
  search?: string;
  sort?: TKolSort;
  page?: number;
  pageSize?: number;
};

/** The KOL feature's query keys: every KOL query sits under kolKeys.all, so a vote can refresh them all. */
export const kolKeys = {
  all: ["kols"] as const,
  lists: () => [...kolKeys.all, "list"] as const,
  list: (params: TKolListParams) => [...kolKeys.lists(), params] as const,
  detail: (handle: string) => [...kolKeys.all, "detail", handle.toLowerCase()] as const,
  posts: (handle: string) => [...kolKeys.all, "posts", handle.toLowerCase()] as const,
};

export function kolListUrl(params: TKolListParams): string {
  const query = new URLSearchParams({ list: params.list });
  if (params.search?.trim()) query.set("search", params.search.trim());
  if (params.sort) query.set("sort", params.sort);
  if (params.page && params.page > 1) query.set("page", String(params.page));
  if (params.pageSize) query.set("pageSize", String(params.pageSize));
  return `/api/kols?${query}`;
}

/** A directory's search, sort and page from its address (?q=&sort=&page=). */
export function directoryAddress(params: URLSearchParams): { q: string; sort: TKolSort; page: number } {
  const sortParam = params.get("sort");
  return {
    q: params.get("q") ?? "",
    sort: KOL_SORTS.includes(sortParam as TKolSort) ? (sortParam as TKolSort) : "score",
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
}

/** The list a directory page shows for its address (search and sort only where it has the controls). */
export function directoryQuery(list: TKolList, controls: boolean, params: URLSearchParams): TKolListParams {
  const { q, sort, page } = directoryAddress(params);
  return { list, search: controls ? q : undefined, sort: controls ? sort : undefined, page };
}

/** A page of KOL cards; the previous page stays on screen while the next one loads. */
export function useKolList(params: TKolListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: kolKeys.list(params),
    queryFn: () => apiFetch<TKolPage>(kolListUrl(params)),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useKol(handle: string) {
  return useQuery({
    queryKey: kolKeys.detail(handle),
    queryFn: () => apiFetch<TKolDetail>(`/api/kols/${encodeURIComponent(handle)}`),
    // A 404 is an answer, not a hiccup worth retrying.
    retry: (count, error) =>
      count < 1 && !(error instanceof Error && "status" in error && error.status === 404),
  });
}

export function useKolPosts(handle: string, enabled: boolean) {
  return useQuery({
    queryKey: kolKeys.posts(handle),
    queryFn: () => apiFetch<{ items: TPost[] }>(`/api/kols/${encodeURIComponent(handle)}/posts`),
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
    mutationFn: (verdict: TVote | null) =>
      apiFetch<TVoteState>(`/api/kols/${encodeURIComponent(handle)}/votes`, {
        method: verdict ? "POST" : "DELETE",
        body: verdict ? JSON.stringify({ verdict }) : undefined,
      }),
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
