import { z } from "zod";
import { M } from "./messages.ts";
import type { TProfileDetails } from "./profile.ts";
import { zText } from "./text.ts";

/** The spec's account limits (sections 5 and 9). */
export const AUTH_LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  passwordMax: 128,
  /** The sign-in form's own minimum; the server only requires a non-empty password there. */
  signInFormPasswordMin: 6,
  /** Login pre-check: this many failures per e-mail within the window lock the e-mail out. */
  loginMaxFailures: 5,
  loginWindowSeconds: 60,
  loginLockoutSeconds: 5 * 60,
  /** The pending action of the auth modal runs this long after a successful sign-in or sign-up. */
  callbackDelayMs: 500,
} as const;

/**
 * Sign-in, sign-up and password-reset requests carry the captcha solution in this header: the ALTCHA payload
 * (base64, as the widget produces it) or the Turnstile token.
 */
export const CAPTCHA_HEADER = "x-captcha-token";

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

export const ZEmail = z.email({ error: M.auth.invalidEmail }).max(254, M.auth.invalidEmail);

/** The strict password: at least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const ZPasswordStrict = zText({ error: M.auth.passwordRequired })
  .min(AUTH_LIMITS.passwordMin, M.auth.passwordMin8)
  .max(AUTH_LIMITS.passwordMax, M.auth.passwordTooLong)
  .regex(/[A-Z]/, M.auth.passwordUppercase)
  .regex(/[a-z]/, M.auth.passwordLowercase)
  .regex(/[0-9]/, M.auth.passwordNumber);

export const ZUsername = zText({ error: M.auth.usernameRequired })
  .min(1, M.auth.usernameRequired)
  .min(AUTH_LIMITS.usernameMin, M.auth.usernameMin)
  .max(AUTH_LIMITS.usernameMax, M.auth.usernameMax)
  .regex(USERNAME_PATTERN, M.auth.usernameChars);

/** A referral code is a username; an empty field means none. */
export const ZReferralCode = zText({ error: M.auth.invalidReferral })
  .trim()
  .max(AUTH_LIMITS.usernameMax, M.auth.invalidReferral)
  .optional();

/** POST /api/auth/sign-up/email (plus the captcha header). */
export const ZSignUpRequest = z.object({
  email: ZEmail,
  username: ZUsername,
  password: ZPasswordStrict,
  /** Display name; defaults to the username. */
  name: zText().trim().max(100).optional(),
  referralCode: ZReferralCode,
  acceptTerms: z.literal(true, { error: M.auth.acceptTerms }),
  /** Where the verification e-mail's link lands (a path of this site; anything else goes home). */
  callbackURL: zText().max(2000).optional(),
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/**
 * Its answer, the same whether or not the address already had an account: the link in the e-mail (or, for a taken
 * address, the e-mail to its owner) is the next step. `email` as it was saved (lower case).
 */
export const ZSignUpResponse = z.object({ email: z.string(), referredBy: z.string().nullable() });
export type TSignUpResponse = z.infer<typeof ZSignUpResponse>;

/** POST /api/auth/sign-in/email (plus the captcha header). The login check only needs a non-empty password. */
export const ZSignInRequest = z.object({
  email: ZEmail,
  password: zText({ error: M.auth.passwordRequired })
    .min(1, M.auth.passwordRequired)
    .max(1024, M.auth.passwordRequired),
  /** false: a browser-session cookie that ends when the browser closes. */
  rememberMe: z.boolean().optional(),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

/** The sign-in form adds the spec's 6-character minimum for quick feedback. */
export const ZSignInForm = ZSignInRequest.extend({
  password: zText({ error: M.auth.passwordRequired })
    .min(1, M.auth.passwordRequired)
    .min(AUTH_LIMITS.signInFormPasswordMin, M.auth.passwordMin6),
});
export type TSignInForm = z.infer<typeof ZSignInForm>;

/** POST /api/auth/request-password-reset (plus the captcha header). */
export const ZRequestPasswordResetRequest = z.object({ email: ZEmail });
export type TRequestPasswordResetRequest = z.infer<typeof ZRequestPasswordResetRequest>;

/** POST /api/auth/reset-password: the token from the e-mail link's `?token=` and the new strict password. */
export const ZResetPasswordRequest = z.object({
  token: zText({ error: M.auth.resetLinkInvalid }).min(1, M.auth.resetLinkInvalid),
  newPassword: ZPasswordStrict,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** POST /api/auth/change-password. */
export const ZChangePasswordRequest = z.object({
  currentPassword: zText({ error: M.auth.passwordRequired }).min(1, M.auth.passwordRequired),
  newPassword: ZPasswordStrict,
  revokeOtherSessions: z.boolean().optional(),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** POST /api/auth/two-factor/enable and /disable: both need the account password. */
export const ZTwoFactorPasswordRequest = z.object({
  password: zText({ error: M.auth.passwordRequired }).min(1, M.auth.passwordRequired),
});
export type TTwoFactorPasswordRequest = z.infer<typeof ZTwoFactorPasswordRequest>;

/** POST /api/auth/two-factor/verify-totp: a 6-digit authenticator code. */
export const ZTotpCodeRequest = z.object({
  code: zText({ error: M.auth.invalidCode })
    .trim()
    .regex(/^\d{6}$/, M.auth.invalidCode),
  trustDevice: z.boolean().optional(),
});
export type TTotpCodeRequest = z.infer<typeof ZTotpCodeRequest>;

/** POST /api/auth/two-factor/verify-backup-code. */
export const ZBackupCodeRequest = z.object({
  code: zText({ error: M.auth.invalidCode }).trim().min(1, M.auth.invalidCode).max(64, M.auth.invalidCode),
  trustDevice: z.boolean().optional(),
});
export type TBackupCodeRequest = z.infer<typeof ZBackupCodeRequest>;

/** GET /api/me. */
export type TMeResponse = {
  user: { id: string; email: string; emailVerified: boolean; twoFactorEnabled: boolean };
  profile: {
    id: string;
    username: string;
    avatarUrl: string | null;
    isVerified: boolean;
    isBanned: boolean;
    points: number;
  } & TProfileDetails;
  roles: string[];
  isAdmin: boolean;
};

/** GET /api/auth/captcha/config: which widget the forms show. */
export type TCaptchaConfig = {
  provider: "altcha" | "turnstile" | "none";
  /** Turnstile's public site key, when the provider is turnstile. */
  turnstileSiteKey: string | null;
  /** Where the ALTCHA widget fetches its challenge, when the provider is altcha. */
  challengeUrl: string | null;
};
