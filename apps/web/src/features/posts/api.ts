import type {
  TFeedPage,
  TFeedSort,
  TFeedTab,
  TGif,
  TLikeState,
  TMentionSuggestion,
  TPost,
  TPostDetail,
  TPostEdit,
  TPostsPage,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";
import { sendForm, type TUploadOptions, UploadCancelled } from "../../lib/upload.ts";

/** The posts API (ARCHITECTURE.md's contract): one function per call, shapes from packages/domain. */

type TFeedParams = { tab: TFeedTab; sort: TFeedSort; cursor: string | null };

export function feedUrl(params: TFeedParams): string {
  const query = new URLSearchParams({ tab: params.tab, sort: params.sort });
  if (params.cursor) query.set("cursor", params.cursor);
  return `/api/feed?${query}`;
}

export function fetchFeed(params: TFeedParams): Promise<TFeedPage> {
  return apiFetch<TFeedPage>(feedUrl(params));
}

/** A numbered page of posts: the first, or the one a page's nextCursor or previousCursor leads to. */
export function fetchPostsPage(params: { cursor: string | null; pageSize: number; communityId?: string }) {
  const query = new URLSearchParams({ pageSize: String(params.pageSize) });
  if (params.cursor) query.set("cursor", params.cursor);
  if (params.communityId) query.set("communityId", params.communityId);
  return apiFetch<TPostsPage>(`/api/posts?${query}`);
}

export function fetchPost(id: string): Promise<TPostDetail> {
  return apiFetch<TPostDetail>(`/api/posts/${encodeURIComponent(id)}`);
}

export async function fetchPostEdits(id: string): Promise<TPostEdit[]> {
  const body = await apiFetch<{ items: TPostEdit[] }>(`/api/posts/${encodeURIComponent(id)}/edits`);
  return body.items;
}

export function updatePost(id: string, content: string): Promise<TPost> {
  return apiFetch<TPost>(`/api/posts/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify({ content }),
  });
}

export function deletePost(id: string): Promise<void> {
  return apiFetch<void>(`/api/posts/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function setLike(id: string, liked: boolean): Promise<TLikeState> {
  return apiFetch<TLikeState>(`/api/posts/${encodeURIComponent(id)}/like`, {
    method: liked ? "PUT" : "DELETE",
  });
}

export async function suggestMentions(q: string): Promise<TMentionSuggestion[]> {
  const body = await apiFetch<{ items: TMentionSuggestion[] }>(
    `/api/mentions/suggest?${new URLSearchParams({ q })}`,
  );
  return body.items;
}

export async function fetchGifs(q: string): Promise<TGif[]> {
  const path = q.trim() ? `/api/gifs/search?${new URLSearchParams({ q: q.trim() })}` : "/api/gifs/trending";
  return (await apiFetch<{ items: TGif[] }>(path)).items;
}

export function fetchGifStatus(): Promise<{ configured: boolean }> {
  return apiFetch<{ configured: boolean }>("/api/gifs/status");
}

export { UploadCancelled };

/** POST /api/posts as multipart, with upload progress (0..1) and cancelling (UploadCancelled). */
export function createPost(form: FormData, options: TUploadOptions = {}): Promise<TPost> {
  return sendForm<TPost>("POST", "/api/posts", form, options);
}
