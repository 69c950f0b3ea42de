import { formatWait } from "./fair-use.ts";

// No schema here: the app shell (its e-mail banner) reads these, and a schema would bring zod into every page's
// first load. The resend request's schema is in verification-request.ts.

/** Asking for the verification e-mail again: at most one a minute and five a day per account. */
export const VERIFICATION_LIMITS = { minSecondsBetween: 60, perDay: 5 } as const;

export const VERIFICATION_MESSAGES = {
  sent: "Verification e-mail sent. Check your inbox.",
  alreadyVerified: "Your e-mail is already verified",
  verified: "Your e-mail is verified. Thank you!",
  linkFailed: "That verification link is invalid or has expired. You can ask for a new one.",
  banner: "Please verify your e-mail address.",
  resend: "Resend verification e-mail",
} as const;

/** The 429 of a resend too soon: "You can ask for another e-mail in 40 seconds." */
export function resendWaitMessage(waitSeconds: number): string {
  return `You can ask for another e-mail in ${formatWait(waitSeconds)}.`;
}

/**
 * The query parameter the verification link's landing page carries: "1" when the e-mail was verified, "0" when the
 * link was invalid or expired (the web app says so, then removes it).
 */
export const VERIFIED_PARAM = "verified";
