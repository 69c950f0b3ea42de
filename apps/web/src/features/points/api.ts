import type {
  TAirdrop,
  TAirdropPage,
  TAirdropRequest,
  TLeaderboardPage,
  TLeaderboardWindow,
  TMentionSuggestion,
  TPointsMe,
  TReferralStats,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** The points calls: the leaderboard, the viewer's ledger and referrals, and the admins' airdrops. */

/** A page of a board: the first without a cursor, the others by a page's nextCursor or previousCursor. */
export function fetchLeaderboard(
  period: TLeaderboardWindow,
  cursor: string | null,
): Promise<TLeaderboardPage> {
  const from = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
  return apiFetch<TLeaderboardPage>(`/api/leaderboard?window=${period}${from}`);
}

export function fetchPointsHistory(cursor: string | null): Promise<TPointsMe> {
  return apiFetch<TPointsMe>(`/api/points/me${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
}

export function fetchReferrals(): Promise<TReferralStats> {
  return apiFetch<TReferralStats>("/api/referrals/me");
}

/** A page of the audit list: the first without a cursor, the others by a page's nextCursor or previousCursor. */
export function fetchAirdrops(cursor: string | null): Promise<TAirdropPage> {
  return apiFetch<TAirdropPage>(
    `/api/admin/airdrops${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
  );
}

/**
 * Who an airdrop may go to, from the mention suggestions (not posts/api.ts's suggestMentions: this module loads
 * with every page, for the live points toast, and that one would come with it).
 */
export async function fetchRecipientSuggestions(term: string): Promise<TMentionSuggestion[]> {
  return (
    await apiFetch<{ items: TMentionSuggestion[] }>(`/api/mentions/suggest?q=${encodeURIComponent(term)}`)
  ).items;
}

/** Sends an airdrop under an Idempotency-Key, so the same airdrop sent twice is paid at most once. */
export function createAirdrop(
  input: TAirdropRequest,
  idempotencyKey: string,
): Promise<{ items: TAirdrop[] }> {
  return apiFetch<{ items: TAirdrop[] }>("/api/admin/airdrops", {
    method: "POST",
    headers: { "idempotency-key": idempotencyKey },
    body: JSON.stringify(input),
  });
}
