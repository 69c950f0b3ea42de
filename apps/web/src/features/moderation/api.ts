import type {
  TCommunityDetail,
  TCommunitySuspensionRequest,
  TFlagRequest,
  TModerationQueuePage,
  TRemovedCommunities,
  TRemovedPage,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** Moderation's calls: a member's flags, the admins' queue, removals, restores, community suspension and removal. */

export type TModeratedType = "post" | "comment";
const plural = (type: TModeratedType) => (type === "post" ? "posts" : "comments");

export function flagContent(type: TModeratedType, id: string, body: TFlagRequest): Promise<unknown> {
  return apiFetch(`/api/${plural(type)}/${id}/flags`, { method: "POST", body: JSON.stringify(body) });
}

export function removeContent(type: TModeratedType, id: string, reason: string): Promise<unknown> {
  return apiFetch(`/api/admin/moderation/${plural(type)}/${id}/remove`, {
    method: "POST",
    body: JSON.stringify({ reason }),
  });
}

export function restoreContent(type: TModeratedType, id: string): Promise<unknown> {
  return apiFetch(`/api/admin/moderation/${plural(type)}/${id}/restore`, { method: "POST" });
}

export function dismissFlags(itemId: string): Promise<unknown> {
  return apiFetch(`/api/admin/moderation/items/${itemId}/dismiss`, { method: "POST" });
}

export function fetchQueue(cursor: string | null): Promise<TModerationQueuePage> {
  return apiFetch(`/api/admin/moderation/queue${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
}

export function fetchRemoved(cursor: string | null): Promise<TRemovedPage> {
  return apiFetch(`/api/admin/moderation/removed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
}

export function setCommunitySuspension(
  slug: string,
  body: TCommunitySuspensionRequest,
): Promise<TCommunityDetail> {
  return apiFetch(`/api/admin/communities/${encodeURIComponent(slug)}/suspension`, {
    method: "POST",
    body: JSON.stringify(body),
  });
}

export function removeCommunity(slug: string, reason: string): Promise<unknown> {
  return apiFetch(`/api/admin/communities/${encodeURIComponent(slug)}/remove`, {
    method: "POST",
    body: JSON.stringify({ reason }),
  });
}

export function restoreCommunity(id: string): Promise<unknown> {
  return apiFetch(`/api/admin/communities/${id}/restore`, { method: "POST" });
}

export function fetchRemovedCommunities(): Promise<TRemovedCommunities> {
  return apiFetch("/api/admin/moderation/removed-communities");
}
