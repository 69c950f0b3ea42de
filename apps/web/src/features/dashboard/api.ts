import {
  MY_DATA_EXPORT_PATH,
  type TChangePasswordRequest,
  type TMeResponse,
  type TMyDataExport,
  type TUpdateProfileRequest,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";
import { sendForm, type TUploadOptions } from "../../lib/upload.ts";

/** The signed-in user's own account: profile, avatar, sessions and MFA (GET /api/me is the session query). */

function post<T>(path: string, body: unknown = {}): Promise<T> {
  return apiFetch<T>(path, { method: "POST", body: JSON.stringify(body) });
}

/** PATCH /api/me/profile; the answer is the new /api/me. */
export function updateProfile(input: TUpdateProfileRequest): Promise<TMeResponse> {
  return apiFetch<TMeResponse>("/api/me/profile", { method: "PATCH", body: JSON.stringify(input) });
}

/** POST /api/me/avatar or /api/me/banner with upload progress; the answer is the new /api/me. */
export function uploadPicture({
  picture,
  file,
  ...options
}: { picture: "avatar" | "banner"; file: File } & TUploadOptions): Promise<TMeResponse> {
  const form = new FormData();
  form.append(picture, file);
  return sendForm<TMeResponse>("POST", `/api/me/${picture}`, form, options);
}

/** DELETE /api/me/banner; the answer is the new /api/me. */
export function removeBanner(): Promise<TMeResponse> {
  return apiFetch<TMeResponse>("/api/me/banner", { method: "DELETE" });
}

export function revokeOtherSessions(): Promise<{ revoked: number }> {
  return post<{ revoked: number }>("/api/me/sessions/revoke-others");
}

export type TTotpEnrolment = { totpURI: string; backupCodes: string[] };

/** Step 1 of MFA enrolment: the password unlocks a new secret (not active until a code is confirmed). */
export function startTotpEnrolment(password: string): Promise<TTotpEnrolment> {
  return post<TTotpEnrolment>("/api/auth/two-factor/enable", { password });
}

/** Step 2: a code from the app turns MFA on; the server ends the other sessions and renews this one. */
export function confirmTotp(code: string): Promise<unknown> {
  return post<unknown>("/api/auth/two-factor/verify-totp", { code });
}

export function disableTotp(password: string): Promise<unknown> {
  return post<unknown>("/api/auth/two-factor/disable", { password });
}

/** POST /api/auth/change-password; with revokeOtherSessions the other sessions end and this one is renewed. */
export function changePassword(input: TChangePasswordRequest): Promise<unknown> {
  return post<unknown>("/api/auth/change-password", input);
}

/** GET /api/me/export: the member's data as one JSON document. */
export function exportMyData(): Promise<TMyDataExport> {
  return apiFetch<TMyDataExport>(MY_DATA_EXPORT_PATH);
}

/** POST /api/me/deletion: the password confirms it; the account is signed out everywhere and erased later. */
export function requestAccountDeletion(
  password: string,
): Promise<{ requestedAt: string; eraseAfter: string }> {
  return post<{ requestedAt: string; eraseAfter: string }>("/api/me/deletion", { password });
}

/** POST /api/auth/change-email: a link to the new address confirms the change. */
export function changeEmail(newEmail: string): Promise<unknown> {
  return post<unknown>("/api/auth/change-email", { newEmail });
}
