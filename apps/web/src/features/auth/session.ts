import { M } from "@plugs/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, apiFetch } from "../../lib/api.ts";

/** GET /api/me: who is signed in. */
export type TSession = {
  user: { id: string; email: string };
  profile: { username: string; avatarUrl: string | null; points: number; isVerified: boolean };
  roles: string[];
  isAdmin: boolean;
};

export const sessionKeys = {
  all: ["session"] as const,
  me: () => [...sessionKeys.all, "me"] as const,
};

async function fetchSession(): Promise<TSession | null> {
  const res = await fetch("/api/me", { credentials: "same-origin", headers: { accept: "application/json" } });
  // 401 is the usual visitor answer; any other non-200 also means we cannot show anyone as signed in. The body
  // is read anyway: an unread body keeps the response open.
  if (!res.ok) {
    await res.text().catch(() => "");
    return null;
  }
  return (await res.json()) as TSession;
}

/** The signed-in user's session, or null for a visitor. `isPending` is true until the first answer. */
export function useSession() {
  const query = useQuery({ queryKey: sessionKeys.me(), queryFn: fetchSession });
  return { session: query.data ?? null, isPending: query.isPending };
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
