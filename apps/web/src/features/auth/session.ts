import { M, type TMeResponse } from "@plugs/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, apiFetch, noticeSessionEnd, onSessionBanned } from "../../lib/api.ts";

/** Who is signed in (account, profile, roles): GET /api/me's answer. */
export type TSession = TMeResponse;

export const sessionKeys = {
  all: ["session"] as const,
  me: () => [...sessionKeys.all, "me"] as const,
};

/** One toast however many requests learn of the ban at once. */
function announceBan() {
  toast.error(M.auth.banned, { id: "banned" });
}

async function fetchSession(): Promise<TSession | null> {
  // GET /api/session answers a visitor with 200 { me: null } (GET /api/me would be a 401, which the browser logs
  // as a failed request on every visitor's page load).
  const res = await fetch("/api/session", {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  noticeSessionEnd(res);
  // Any other answer also means we cannot show anyone as signed in. The body is read anyway: an unread body keeps
  // the response open.
  if (!res.ok) {
    await res.text().catch(() => "");
    return null;
  }
  return ((await res.json()) as { me: TSession | null }).me;
}

/** The signed-in user's session, or null for a visitor. `isPending` is true until the first answer. */
export function useSession() {
  const query = useQuery({ queryKey: sessionKeys.me(), queryFn: fetchSession });
  return { session: query.data ?? null, isPending: query.isPending };
}

/** Resolves with who is signed in, waiting for the first answer when it has not come yet. */
export function useWhenSessionKnown(): () => Promise<TSession | null> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.ensureQueryData({ queryKey: sessionKeys.me(), queryFn: fetchSession }),
    [queryClient],
  );
}

/** Reloads who is signed in (after sign-in, sign-up, MFA changes) and waits for the answer. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionKeys.all });
}

/**
 * Mounted once: when any API answer says the server has just ended this tab's session for a ban (a 401 with the
 * ban message, or a public route's answer with the header), the tab forgets the user and says why (spec: banned
 * users cannot stay signed in).
 */
export function useBanWatch() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionBanned(() => {
        queryClient.setQueryData(sessionKeys.me(), null);
        announceBan();
      }),
    [queryClient],
  );
}

async function signOut() {
  try {
    await apiFetch("/api/auth/sign-out", { method: "POST", body: "{}" });
  } catch (err) {
    // Already signed out (spec: sign-out ignores 401, 403 and 404).
    if (err instanceof ApiError && [401, 403, 404].includes(err.status)) return;
    throw err;
  }
}

/** Signs out on the server, forgets the session and says so in a toast. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      toast.success(M.signOut.succeeded);
    },
    onError: () => {
      toast.error(M.signOut.failed);
    },
  });
}
