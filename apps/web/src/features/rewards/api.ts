import type {
  TAdminEntrants,
  TAdminGiveawayFilter,
  TAdminGiveawayPage,
  TAdminWinners,
  TClaimRequest,
  TGiveawayDetail,
  TGiveawayInput,
  TGiveawayList,
  TGiveawayPatch,
  TMyEntry,
  TMyGiveaways,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";
import { sendForm, type TUploadOptions } from "../../lib/upload.ts";

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

// --- The admin's calls (/admin/rewards) ---

export function fetchAdminGiveaways(
  filter: TAdminGiveawayFilter,
  cursor: string | null,
): Promise<TAdminGiveawayPage> {
  const query = new URLSearchParams({ filter });
  if (cursor) query.set("cursor", cursor);
  return apiFetch<TAdminGiveawayPage>(`/api/admin/rewards?${query}`);
}

export function createGiveaway(input: TGiveawayInput): Promise<TGiveawayDetail> {
  return apiFetch<TGiveawayDetail>("/api/admin/rewards", { method: "POST", body: JSON.stringify(input) });
}

export function updateGiveaway(slug: string, patch: TGiveawayPatch): Promise<TGiveawayDetail> {
  return apiFetch<TGiveawayDetail>(`/api/admin/rewards/${encodeURIComponent(slug)}`, {
    method: "PATCH",
    body: JSON.stringify(patch),
  });
}

/** publish, draw (now) or cancel. */
export function giveawayAction(
  slug: string,
  action: "publish" | "draw" | "cancel",
): Promise<TGiveawayDetail> {
  return apiFetch<TGiveawayDetail>(`/api/admin/rewards/${encodeURIComponent(slug)}/${action}`, {
    method: "POST",
  });
}

export function fetchAdminWinners(slug: string): Promise<TAdminWinners> {
  return apiFetch<TAdminWinners>(`/api/admin/rewards/${encodeURIComponent(slug)}/winners`);
}

export function redrawPrize(slug: string, position: number): Promise<TAdminWinners> {
  return apiFetch<TAdminWinners>(
    `/api/admin/rewards/${encodeURIComponent(slug)}/winners/${position}/redraw`,
    {
      method: "POST",
    },
  );
}

export function uploadGiveawayImage(
  slug: string,
  file: File,
  options: TUploadOptions,
): Promise<TGiveawayDetail> {
  const form = new FormData();
  form.append("image", file);
  return sendForm<TGiveawayDetail>(
    "POST",
    `/api/admin/rewards/${encodeURIComponent(slug)}/image`,
    form,
    options,
  );
}

export function removeGiveawayImage(slug: string): Promise<TGiveawayDetail> {
  return apiFetch<TGiveawayDetail>(`/api/admin/rewards/${encodeURIComponent(slug)}/image`, {
    method: "DELETE",
  });
}

export function fetchAdminEntrants(slug: string, after: string | null): Promise<TAdminEntrants> {
  const query = after ? `?after=${encodeURIComponent(after)}` : "";
  return apiFetch<TAdminEntrants>(`/api/admin/rewards/${encodeURIComponent(slug)}/entries${query}`);
}
