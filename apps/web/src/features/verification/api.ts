import { safeNextPath } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/**
 * Where a verification link should land: the page the member is on, or on the sign-in and sign-up pages the page
 * they were going to (their ?next=).
 */
export function verificationLanding(): string {
  const { pathname, search, hash } = window.location;
  if (pathname === "/signin" || pathname === "/signup") {
    return safeNextPath(new URLSearchParams(search).get("next"));
  }
  return safeNextPath(`${pathname}${search}${hash}`);
}

/** POST /api/me/verification-email: a new link, landing on this page. */
export function resendVerificationEmail(): Promise<{ sent: true; email: string }> {
  return apiFetch("/api/me/verification-email", {
    method: "POST",
    body: JSON.stringify({ callbackURL: verificationLanding() }),
  });
}
