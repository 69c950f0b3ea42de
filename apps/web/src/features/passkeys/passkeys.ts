import { M_PASSKEY, type TPasskey } from "@plugs/domain";
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, apiFetch } from "../../lib/api.ts";
import { signInKeys } from "../sign-ins/queries.ts";

/*
 * Passkeys: the browser's side of the server's passkey plugin (features/auth/passkey-plugin.ts). SimpleWebAuthn
 * runs navigator.credentials; the server checks what it signs.
 */

export const passkeyKeys = { mine: ["me", "passkeys"] as const };

const post = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: "POST", body: JSON.stringify(body) });

/** A refused or closed browser prompt in the product's words; the server's own refusals as it said them. */
export function passkeyMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  const name = (err as { name?: string; cause?: { name?: string } })?.cause?.name ?? (err as Error)?.name;
  if (name === "NotAllowedError" || name === "AbortError") return M_PASSKEY.cancelled;
  if (name === "InvalidStateError") return M_PASSKEY.alreadyAdded;
  return M_PASSKEY.failed;
}

function requireSupport() {
  if (!browserSupportsWebAuthn()) throw new Error(M_PASSKEY.unsupported);
}

/** Creates a passkey on this device and adds it to the account under `name`. */
export async function addPasskey(name: string): Promise<{ id: string; name: string }> {
  requireSupport();
  const optionsJSON = await apiFetch<PublicKeyCredentialCreationOptionsJSON>(
    "/api/auth/passkey/generate-register-options",
  );
  const response = await startRegistration({ optionsJSON });
  return post("/api/auth/passkey/verify-registration", { response, name });
}

/** Signs in with a passkey the browser holds for this site (the browser asks which). */
export async function signInWithPasskey(): Promise<void> {
  requireSupport();
  const optionsJSON = await apiFetch<PublicKeyCredentialRequestOptionsJSON>(
    "/api/auth/passkey/generate-authenticate-options",
  );
  const response = await startAuthentication({ optionsJSON });
  await post("/api/auth/passkey/verify-authentication", { response });
}

export function useMyPasskeys() {
  return useQuery({
    queryKey: passkeyKeys.mine,
    queryFn: () => apiFetch<{ items: TPasskey[] }>("/api/me/passkeys").then((r) => r.items),
  });
}

/** The list, and the ways to sign in that count passkeys. */
const invalidateLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: passkeyKeys.mine }),
    queryClient.invalidateQueries({ queryKey: signInKeys.mine }),
  ]);

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => invalidateLists(queryClient),
  });
}

/**
 * Removes a passkey and says so. The toasts are the mutation's own callbacks, not ones passed to `mutate`: the row
 * that asked is gone once the list refetches (awaited in onSettled), and a gone component's `mutate` callbacks never
 * run.
 */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ ok: true }>(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => void toast.success(M_PASSKEY.removed),
    onError: (err) => void toast.error(passkeyMessage(err)),
    onSettled: () => invalidateLists(queryClient),
  });
}
