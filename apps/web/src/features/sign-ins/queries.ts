import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchMySignIns, fetchSignInProviders, setFirstPassword, unlinkProvider } from "./api.ts";

export const signInKeys = {
  providers: ["auth", "providers"] as const,
  mine: ["me", "sign-ins"] as const,
};

/** The providers this server offers; they change only with its configuration. */
export function useSignInProviders() {
  return useQuery({
    queryKey: signInKeys.providers,
    queryFn: fetchSignInProviders,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMySignIns() {
  return useQuery({ queryKey: signInKeys.mine, queryFn: fetchMySignIns });
}

export function useUnlinkProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkProvider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInKeys.mine }),
  });
}

export function useSetFirstPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFirstPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signInKeys.mine }),
  });
}
