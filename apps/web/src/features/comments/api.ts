import type { TComment, TCommentsPage, TGif, TLikeState, TReactionState } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** The comments API (ARCHITECTURE.md's contract): one function per call, shapes from packages/domain. */

export function fetchComments(postId: string, cursor: string | null): Promise<TCommentsPage> {
  const query = new URLSearchParams();
  if (cursor) query.set("cursor", cursor);
  const qs = query.size > 0 ? `?${query}` : "";
  return apiFetch<TCommentsPage>(`/api/posts/${encodeURIComponent(postId)}/comments${qs}`);
}

/** POST multipart: content, an optional parentId and repeated attachments. */
export function createComment(
  postId: string,
  input: { content: string; parentId?: string | null; attachments?: File[]; gifs?: TGif[] },
): Promise<TComment> {
  const body = new FormData();
  body.set("content", input.content);
  if (input.parentId) body.set("parentId", input.parentId);
  for (const file of input.attachments ?? []) body.append("attachments", file);
  if (input.gifs && input.gifs.length > 0) body.set("gifs", JSON.stringify(input.gifs));
  return apiFetch<TComment>(`/api/posts/${encodeURIComponent(postId)}/comments`, { method: "POST", body });
}

export function deleteComment(id: string): Promise<void> {
  return apiFetch<void>(`/api/comments/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function setCommentLike(id: string, liked: boolean): Promise<TLikeState> {
  return apiFetch<TLikeState>(`/api/comments/${encodeURIComponent(id)}/like`, {
    method: liked ? "PUT" : "DELETE",
  });
}

export function addReaction(id: string, emoji: string): Promise<TReactionState> {
  return apiFetch<TReactionState>(`/api/comments/${encodeURIComponent(id)}/reactions`, {
    method: "POST",
    body: JSON.stringify({ emoji }),
  });
}

export function removeReaction(id: string, emoji: string): Promise<TReactionState> {
  return apiFetch<TReactionState>(
    `/api/comments/${encodeURIComponent(id)}/reactions/${encodeURIComponent(emoji)}`,
    { method: "DELETE" },
  );
}
