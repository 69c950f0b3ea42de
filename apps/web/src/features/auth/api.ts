import {
  CAPTCHA_HEADER,
  type TCaptchaConfig,
  type TRequestPasswordResetRequest,
  type TResetPasswordRequest,
  type TSignInRequest,
  type TSignUpRequest,
  type TSignUpResponse,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";
import { verificationLanding } from "../verification/api.ts";

/** The HTTP calls of signing in and up, resetting a password and the MFA step (routes under /api/auth). */

function post<T>(path: string, body: unknown, captchaToken?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (captchaToken) headers[CAPTCHA_HEADER] = captchaToken;
  return apiFetch<T>(path, { method: "POST", body: JSON.stringify(body), headers });
}

export type TSignInResult =
  | { twoFactorRedirect: false }
  | { twoFactorRedirect: true; twoFactorMethods: string[] };

export function signInWithEmail(input: TSignInRequest, captchaToken: string | null) {
  return post<TSignInResult>("/api/auth/sign-in/email", input, captchaToken);
}

export function signUpWithEmail(input: TSignUpRequest, captchaToken: string | null) {
  // The verification e-mail's link lands back here (or where the sign-up page was taking them).
  const body = { ...input, callbackURL: input.callbackURL ?? verificationLanding() };
  return post<TSignUpResponse>("/api/auth/sign-up/email", body, captchaToken);
}

/** The MFA step of sign-in (or the enrolment check): an authenticator code or a backup code. */
export function verifySecondFactor(kind: "totp" | "backup", code: string) {
  const path =
    kind === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code";
  return post<unknown>(path, { code });
}

export function requestPasswordReset(input: TRequestPasswordResetRequest, captchaToken: string | null) {
  return post<unknown>("/api/auth/request-password-reset", input, captchaToken);
}

export function resetPassword(input: TResetPasswordRequest) {
  return post<unknown>("/api/auth/reset-password", input);
}

/** Which bot check the forms show. */
export function fetchCaptchaConfig(): Promise<TCaptchaConfig> {
  return apiFetch<TCaptchaConfig>("/api/auth/captcha/config");
}
