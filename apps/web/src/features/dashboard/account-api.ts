import { M, type TMeResponse, type TUpdateProfileRequest } from "@plugs/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch, noticeSessionEnd } from "../../lib/api.ts";
import { sessionKeys } from "../auth/session.ts";

/** The signed-in user's own account: profile, avatar, sessions and MFA (GET /api/me is the session query). */

function post<T>(path: string, body: unknown = {}): Promise<T> {
  return apiFetch<T>(path, { method: "POST", body: JSON.stringify(body) });
}

/** PATCH /api/me/profile; the answer is the new /api/me, so the session updates without another request. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateProfileRequest) =>
      apiFetch<TMeResponse>("/api/me/profile", { method: "PATCH", body: JSON.stringify(input) }),
    onSuccess: (me) => queryClient.setQueryData(sessionKeys.me(), me),
  });
}

export type TUpload = { promise: Promise<TMeResponse>; abort: () => void };

/**
 * POST /api/me/avatar through XMLHttpRequest, the one browser API that reports upload progress. `onProgress`
 * gets 0..1; `abort()` cancels (the promise then rejects with an AbortError).
 */
export function uploadAvatar(file: File, onProgress: (fraction: number) => void): TUpload {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<TMeResponse>((resolve, reject) => {
    xhr.open("POST", "/api/me/avatar");
    xhr.setRequestHeader("accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      noticeSessionEnd({ headers: { get: (name) => xhr.getResponseHeader(name) } });
      const body = xhr.response as
        | (TMeResponse & { error?: undefined })
        | { error?: { code?: string; message?: string } }
        | null;
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as TMeResponse);
      else {
        const error = body && "error" in body ? body.error : undefined;
        reject(
          new ApiError(
            xhr.status,
            error?.code ?? `HTTP_${xhr.status}`,
            error?.message ?? M.generic.unexpected,
          ),
        );
      }
    };
    xhr.onerror = () => reject(new Error(M.generic.unexpected));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    const form = new FormData();
    form.append("avatar", file);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: () => post<{ revoked: number }>("/api/me/sessions/revoke-others"),
  });
}

export type TTotpEnrolment = { totpURI: string; backupCodes: string[] };

/** Step 1 of MFA enrolment: the password unlocks a new secret (not active until a code is confirmed). */
export function useStartTotpEnrolment() {
  return useMutation({
    mutationFn: (password: string) => post<TTotpEnrolment>("/api/auth/two-factor/enable", { password }),
  });
}

/** Step 2: a code from the app turns MFA on; the server ends the other sessions and renews this one. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => post<unknown>("/api/auth/two-factor/verify-totp", { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => post<unknown>("/api/auth/two-factor/disable", { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
