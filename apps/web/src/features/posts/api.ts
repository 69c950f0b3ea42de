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
import { ApiError, apiFetch } from "../../lib/api.ts";

/** The posts API (ARCHITECTURE.md's contract): one function per call, shapes from packages/domain. */

export function fetchFeed(params: {
  tab: TFeedTab;
  sort: TFeedSort;
  cursor: string | null;
}): Promise<TFeedPage> {
  const query = new URLSearchParams({ tab: params.tab, sort: params.sort });
  if (params.cursor) query.set("cursor", params.cursor);
  return apiFetch<TFeedPage>(`/api/feed?${query}`);
}

export function fetchPostsPage(params: { page: number; pageSize: number; communityId?: string }) {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
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

/** Thrown when the person cancels an upload. */
export class UploadCancelled extends Error {
  constructor() {
    super("Upload cancelled");
    this.name = "UploadCancelled";
  }
}

/**
 * POST /api/posts as multipart through XMLHttpRequest, the one browser API that reports upload progress.
 * `onProgress` gets 0..1; aborting `signal` cancels the upload (UploadCancelled). Errors carry the server's message.
 */
export function createPost(
  form: FormData,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<TPost> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/posts");
    xhr.setRequestHeader("accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as TPost);
        return;
      }
      const error = (body as { error?: { code?: string; message?: string; fields?: Record<string, string> } })
        ?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? `HTTP_${xhr.status}`,
          error?.message ?? `Request failed (${xhr.status})`,
          error?.fields,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", "Network error"));
    xhr.onabort = () => reject(new UploadCancelled());
    if (signal) {
      if (signal.aborted) {
        reject(new UploadCancelled());
        return;
      }
      signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
