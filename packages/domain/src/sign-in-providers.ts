import { z } from "zod";
import { M } from "./messages.ts";
import { zText } from "./text.ts";

/**
 * Linked sign-ins: another site vouches for a member (X, Discord, Google, or the operator's own OpenID Connect
 * provider). Each is offered only when the server has its client id and secret.
 */
export const SIGN_IN_PROVIDER_IDS = ["google", "discord", "twitter", "oidc"] as const;
export type TSignInProviderId = (typeof SIGN_IN_PROVIDER_IDS)[number];

/** The names the buttons show; the OpenID Connect provider's comes from OIDC_NAME. */
export const SIGN_IN_PROVIDER_NAMES: Record<Exclude<TSignInProviderId, "oidc">, string> = {
  google: "Google",
  discord: "Discord",
  twitter: "X",
};

/** A sign-in provider this server offers. */
export type TSignInProvider = { id: TSignInProviderId; name: string };

/** The sign-in page, where a provider sends a refused member back. */
export const SIGN_IN_PAGE_PATH = "/signin";
/** Where a refused provider sign-in lands: the sign-in page with better-auth's error code in this parameter. */
export const PROVIDER_ERROR_PARAM = "error";
/** Where a link attempt lands: the security settings, with the provider's id in this parameter (and `error` when refused). */
export const PROVIDER_LINKED_PARAM = "linked";
/** The security settings page, where linked sign-ins are listed. */
export const SECURITY_SETTINGS_PATH = "/dashboard/security";

export const M_SIGN_IN_PROVIDER = {
  continueWith: (name: string) => `Continue with ${name}`,
  unavailable: "This sign-in method is not available",
  linked: (name: string) => `${name} is linked to your account`,
  unlinked: (name: string) => `${name} was unlinked from your account`,
  notLinked: "That sign-in method is not linked to your account",
  lastWay:
    "This is your only way to sign in. Set a password or add a passkey before you unlink it, so you can still sign in.",
  // What the sign-in page says after the provider sent the member back refused (better-auth's error codes).
  accountNotLinked:
    "An account with this e-mail already exists. Sign in to it, then link this sign-in method in Security settings.",
  alreadyLinkedElsewhere: "That account is already linked to another member here",
  noEmail: "That account has no e-mail address we can use. Sign up with your e-mail instead.",
  emailNotVerified:
    "That account's e-mail address is not verified. Verify it there, or sign up with your e-mail.",
  cannotLink: "That account could not be linked: its e-mail address must be verified there first",
  cancelled: "Sign-in was cancelled",
  failed: "Signing in with that account did not work. Try again.",
} as const;

/** POST /api/auth/sign-in/provider: start signing in with a provider, coming back to `next` (one of our paths). */
export const ZProviderSignInRequest = z.object({
  provider: z.enum(SIGN_IN_PROVIDER_IDS, { error: M_SIGN_IN_PROVIDER.unavailable }),
  next: zText().max(2048).optional(),
});
export type TProviderSignInRequest = z.infer<typeof ZProviderSignInRequest>;

/** POST /api/me/sign-ins: link a provider to the signed-in member's account. */
export const ZProviderLinkRequest = ZProviderSignInRequest.pick({ provider: true });
export type TProviderLinkRequest = z.infer<typeof ZProviderLinkRequest>;

/** GET /api/me/sign-ins: the member's ways to sign in. */
export type TMySignIns = {
  password: boolean;
  passkeys: number;
  /** Every provider the server offers, and any linked one it no longer offers (which can still be unlinked). */
  providers: { id: TSignInProviderId; name: string; linkedAt: string | null; offered: boolean }[];
};

/** What the sign-in page says for a provider's error code (better-auth's, or the provider's own). */
export function providerErrorMessage(code: string): string {
  switch (code) {
    case "account_not_linked":
      return M_SIGN_IN_PROVIDER.accountNotLinked;
    case "account_already_linked_to_different_user":
      return M_SIGN_IN_PROVIDER.alreadyLinkedElsewhere;
    case "email_not_found":
      return M_SIGN_IN_PROVIDER.noEmail;
    case "email_not_verified":
      return M_SIGN_IN_PROVIDER.emailNotVerified;
    case "BANNED_USER":
      return M.auth.banned;
    case "unable_to_link_account":
      return M_SIGN_IN_PROVIDER.cannotLink;
    case "access_denied":
      return M_SIGN_IN_PROVIDER.cancelled;
    default:
      return M_SIGN_IN_PROVIDER.failed;
  }
}
