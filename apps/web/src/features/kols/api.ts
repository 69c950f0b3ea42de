import type { TKolDetail, TKolList, TKolPage, TKolSort, TPost, TVote, TVoteState } from "@plugs/domain";
import { KOL_SORTS } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** The KOL calls: the directory's lists, one KOL, the posts mentioning them and the viewer's vote. */

export type TKolListParams = {
  list: TKolList;
  search?: string;
  sort?: TKolSort;
  /** A page's nextCursor or previousCursor; none for page 1. */
  cursor?: string | null;
  pageSize?: number;
};

const kolPath = (handle: string) => `/api/kols/${encodeURIComponent(handle)}`;

export function kolListUrl(params: TKolListParams): string {
  const query = new URLSearchParams({ list: params.list });
  if (params.search?.trim()) query.set("search", params.search.trim());
  if (params.sort) query.set("sort", params.sort);
  if (params.cursor) query.set("cursor", params.cursor);
  if (params.pageSize) query.set("pageSize", String(params.pageSize));
  return `/api/kols?${query}`;
}

/** A directory's search, sort and page from its address (?q=&sort=&cursor=; page 1 has no cursor). */
export function directoryAddress(params: URLSearchParams): {
  q: string;
  sort: TKolSort;
  cursor: string | null;
} {
  const sortParam = params.get("sort");
  return {
    q: params.get("q") ?? "",
    sort: KOL_SORTS.includes(sortParam as TKolSort) ? (sortParam as TKolSort) : "score",
    cursor: params.get("cursor") || null,
  };
}

/** The list a directory page shows for its address (search and sort only where it has the controls). */
export function directoryQuery(list: TKolList, controls: boolean, params: URLSearchParams): TKolListParams {
  const { q, sort, cursor } = directoryAddress(params);
  return { list, search: controls ? q : undefined, sort: controls ? sort : undefined, cursor };
}

export function fetchKolList(params: TKolListParams): Promise<TKolPage> {
  return apiFetch<TKolPage>(kolListUrl(params));
}

export function fetchKol(handle: string): Promise<TKolDetail> {
  return apiFetch<TKolDetail>(kolPath(handle));
}

export function fetchKolPosts(handle: string): Promise<{ items: TPost[] }> {
  return apiFetch<{ items: TPost[] }>(`${kolPath(handle)}/posts`);
}

/** Casts (verdict) or withdraws (null) the viewer's vote. */
export function setVote(handle: string, verdict: TVote | null): Promise<TVoteState> {
  return apiFetch<TVoteState>(`${kolPath(handle)}/votes`, {
    method: verdict ? "POST" : "DELETE",
    body: verdict ? JSON.stringify({ verdict }) : undefined,
  });
}
