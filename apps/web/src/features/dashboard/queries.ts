import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionKeys } from "../auth/session.ts";
import {
  changePassword,
  confirmTotp,
  disableTotp,
  removeBanner,
  revokeOtherSessions,
  startTotpEnrolment,
  updateProfile,
  uploadPicture,
} from "./api.ts";

/** The account's changes; those answered with the new /api/me update the session without another request. */

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(sessionKeys.me(), me),
  });
}

export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPicture,
    onSuccess: (me) => queryClient.setQueryData(sessionKeys.me(), me),
  });
}

export function useRemoveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBanner,
    onSuccess: (me) => queryClient.setQueryData(sessionKeys.me(), me),
  });
}

export function useRevokeOtherSessions() {
  return useMutation({ mutationFn: revokeOtherSessions });
}

export function useStartTotpEnrolment() {
  return useMutation({ mutationFn: startTotpEnrolment });
}

/** MFA changes renew the session, so who is signed in is asked again. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** A changed password may renew this session (when the others are signed out), so who is signed in is asked again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
