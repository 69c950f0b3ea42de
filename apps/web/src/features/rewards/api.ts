import type { TClaimRequest, TGiveawayDetail, TGiveawayList, TMyEntry, TMyGiveaways } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** The rewards calls: the giveaways, one giveaway with its proof, the viewer's entry, and entering. */

export function fetchGiveaways(): Promise<TGiveawayList> {
  return apiFetch<TGiveawayList>("/api/rewards");
}

export function fetchGiveaway(slug: string): Promise<TGiveawayDetail> {
  return apiFetch<TGiveawayDetail>(`/api/rewards/${encodeURIComponent(slug)}`);
}

export function fetchMyEntry(slug: string): Promise<TMyEntry> {
  return apiFetch<TMyEntry>(`/api/rewards/${encodeURIComponent(slug)}/entry`);
}

export function enterGiveaway(slug: string): Promise<TMyEntry> {
  return apiFetch<TMyEntry>(`/api/rewards/${encodeURIComponent(slug)}/entries`, { method: "POST" });
}

export function claimPrize(slug: string, input: TClaimRequest): Promise<TMyEntry> {
  return apiFetch<TMyEntry>(`/api/rewards/${encodeURIComponent(slug)}/claim`, {
    method: "POST",
    body: JSON.stringify(input),
  });
}

export function fetchMyGiveaways(): Promise<TMyGiveaways> {
  return apiFetch<TMyGiveaways>("/api/rewards/me/entries");
}
