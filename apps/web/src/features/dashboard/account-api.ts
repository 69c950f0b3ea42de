import type { TMeResponse, TUpdateProfileRequest } from "@plugs/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { sendForm, type TUploadOptions } from "../../lib/upload.ts";
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

/** POST /api/me/avatar with upload progress; the answer is the new /api/me, so the session updates at once. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...options }: { file: File } & TUploadOptions) => {
      const form = new FormData();
      form.append("avatar", file);
      return sendForm<TMeResponse>("POST", "/api/me/avatar", form, options);
    },
    onSuccess: (me) => queryClient.setQueryData(sessionKeys.me(), me),
  });
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
