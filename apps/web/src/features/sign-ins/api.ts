import type { TMySignIns, TSetPasswordRequest, TSignInProvider, TSignInProviderId } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** Linked sign-ins: the providers the server offers, the trips to them, and the member's own ways to sign in. */

const post = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: "POST", body: JSON.stringify(body) });

export function fetchSignInProviders(): Promise<TSignInProvider[]> {
  return apiFetch<{ providers: TSignInProvider[] }>("/api/auth/providers").then((r) => r.providers);
}

/** Starts signing in with a provider; the answer is the provider's page, which the browser then opens. */
export function startProviderSignIn(provider: TSignInProviderId, next: string) {
  return post<{ url: string }>("/api/auth/sign-in/provider", { provider, next });
}

export function fetchMySignIns(): Promise<TMySignIns> {
  return apiFetch<TMySignIns>("/api/me/sign-ins");
}

/** Starts linking a provider to the signed-in account (the provider's page, as for signing in). */
export function startProviderLink(provider: TSignInProviderId) {
  return post<{ url: string }>("/api/me/sign-ins", { provider });
}

export function unlinkProvider(provider: TSignInProviderId) {
  return apiFetch<{ message: string }>(`/api/me/sign-ins/${provider}`, { method: "DELETE" });
}

export function setFirstPassword(input: TSetPasswordRequest) {
  return post<{ message: string }>("/api/me/password", input);
}
