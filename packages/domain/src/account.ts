import { z } from "zod";
import { ZChangePasswordRequest, ZEmail, ZPasswordStrict } from "./auth.ts";
import { M } from "./messages.ts";
import { zText } from "./text.ts";

/** A member's own account: change the password, download their data, delete the account. */

/** Days between asking to delete an account and its erasure; signing in within them cancels the deletion. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/** The fixed address of the data download (the file it answers is named by EXPORT_FILE_NAME). */
export const MY_DATA_EXPORT_PATH = "/api/me/export";

export const M_ACCOUNT = {
  passwordsDiffer: "Passwords do not match",
  newPasswordSame: "The new password must be different from the current one",
  passwordChanged: "Password changed",
  passwordChangedOthersSignedOut: "Password changed. Your other sessions were signed out.",
  exportReady: "Your data is downloading",
  deletionScheduled: (date: string) =>
    `Your account will be deleted on ${date}. Sign in before then to keep it.`,
  deletedAuthor: "Deleted account",
  passwordSet: "Password set. You can now also sign in with your e-mail and this password.",
  passwordAlreadySet: "Your account already has a password. Change it instead.",
  deletionNeedsPassword: "Set a password first (under Password, above): deleting your account asks for it.",
} as const;

/** The change-password form: the request plus a repeat of the new password, checked in the browser. */
export const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmPassword: zText({ error: M.auth.passwordRequired }).min(1, M.auth.passwordRequired),
})
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ["confirmPassword"],
    message: M_ACCOUNT.passwordsDiffer,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ["newPassword"],
    message: M_ACCOUNT.newPasswordSame,
  });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** POST /api/me/password: a first password, for an account a sign-in provider made. */
export const ZSetPasswordRequest = z.object({ newPassword: ZPasswordStrict });
export type TSetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;

/** The set-password form: the new password twice. */
export const ZSetPasswordForm = ZSetPasswordRequest.extend({
  confirmPassword: zText({ error: M.auth.passwordRequired }).min(1, M.auth.passwordRequired),
}).refine((v) => v.confirmPassword === v.newPassword, {
  path: ["confirmPassword"],
  message: M_ACCOUNT.passwordsDiffer,
});
export type TSetPasswordForm = z.infer<typeof ZSetPasswordForm>;

/** POST /api/me/deletion: the account's password confirms the request. */
export const ZDeleteAccountRequest = z.object({
  password: zText({ error: M.auth.passwordRequired })
    .min(1, M.auth.passwordRequired)
    .max(1024, M.auth.passwordRequired),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

/** GET /api/me/deletion and the answer of POST: when the account is to be erased, or null. */
export type TAccountDeletion = { requestedAt: string; eraseAfter: string } | null;

/** GET /api/me/export: the member's own data, no secrets (no password hash, tokens, other members' e-mails). */
export type TMyDataExport = {
  format: "plugs-and-rugs-export/1";
  exportedAt: string;
  account: {
    id: string;
    email: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
    createdAt: string;
  };
  profile: Record<string, unknown>;
  posts: Record<string, unknown>[];
  comments: Record<string, unknown>[];
  reactions: {
    postLikes: { postId: string; createdAt: string }[];
    commentLikes: { commentId: string; createdAt: string }[];
    commentReactions: { commentId: string; emoji: string; createdAt: string }[];
  };
  points: { balance: number; ledger: Record<string, unknown>[] };
  reports: Record<string, unknown>[];
  /** Sections that reached the archive's cap of rows (their newest rows are in it). */
  truncated: string[];
};

/** POST /api/auth/change-email: a link to the new address confirms it; the old address is told. */
export const ZChangeEmailRequest = z.object({ newEmail: ZEmail });
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;

export const M_ACCOUNT_EMAIL = {
  sameEmail: "That is already your e-mail address",
  linkSent: (email: string) => `We sent a confirmation link to ${email}. Open it to finish the change.`,
} as const;

/** Passkeys (WebAuthn): a way to sign in, added and removed in Dashboard > Security. */
export const PASSKEY_NAME_MAX = 50;
/** How many passkeys one account may hold. */
export const PASSKEYS_MAX = 20;

export const M_PASSKEY = {
  nameRequired: "Name your passkey",
  nameTooLong: `A passkey name is at most ${PASSKEY_NAME_MAX} characters`,
  added: "Passkey added",
  removed: "Passkey removed",
  tooMany: `You can have at most ${PASSKEYS_MAX} passkeys`,
  notFound: "Passkey not found",
  cancelled: "The passkey prompt was closed. Try again when you are ready.",
  unsupported: "This browser cannot use passkeys",
  alreadyAdded: "This passkey is already on your account",
  notRecognised: "That passkey is not on any account here",
  failed: "Could not check the passkey. Try again.",
  signInAgain: "Sign in again to add a passkey",
  userVerification: "Your device must check it is you (PIN, fingerprint or face) to use a passkey",
  signIn: "Sign in with a passkey",
} as const;

/** The name a member gives a passkey when adding it. */
export const ZPasskeyName = zText({ error: M_PASSKEY.nameRequired })
  .trim()
  .min(1, M_PASSKEY.nameRequired)
  .max(PASSKEY_NAME_MAX, M_PASSKEY.nameTooLong);

/** POST /api/auth/passkey/verify-registration: the browser's credential and its name. */
export const ZPasskeyRegistrationRequest = z.object({
  response: z.record(z.string(), z.unknown(), { error: M_PASSKEY.failed }),
  name: ZPasskeyName,
});
export type TPasskeyRegistrationRequest = z.infer<typeof ZPasskeyRegistrationRequest>;

/** POST /api/auth/passkey/verify-authentication: the browser's signed assertion. */
export const ZPasskeyAuthenticationRequest = z.object({
  response: z.record(z.string(), z.unknown(), { error: M_PASSKEY.failed }),
});

/** A passkey as its owner sees it in the list. */
export type TPasskey = {
  id: string;
  name: string;
  createdAt: string;
  deviceType: string;
  backedUp: boolean;
};
