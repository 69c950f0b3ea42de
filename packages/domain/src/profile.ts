import { z } from "zod";
import { ZUsername } from "./auth.ts";
import { isSafeString, zText } from "./text.ts";

/** A member's public details beside the username: display name, bio and links (PATCH /api/me/profile). */
export const PROFILE_LIMITS = {
  displayNameMax: 50,
  bioMax: 160,
  websiteMax: 200,
  xHandleMax: 15,
  telegramMin: 5,
  telegramMax: 32,
} as const;

export const PROFILE_MESSAGES = {
  displayNameTooLong: `Display name must be at most ${PROFILE_LIMITS.displayNameMax} characters`,
  displayNameInvalid: "Display name cannot contain < > { }",
  bioTooLong: `Bio must be at most ${PROFILE_LIMITS.bioMax} characters`,
  bioInvalid: "Bio cannot contain < > { }",
  websiteInvalid: "Website must be a full https:// link, like https://example.com",
  xHandleInvalid: "X handle must be 1 to 15 letters, numbers or underscores",
  telegramInvalid: "Telegram username must be 5 to 32 letters, numbers or underscores",
} as const;

const P = PROFILE_MESSAGES;

/** An https URL: a dotted host name (no credentials), an optional port, then anything without spaces. */
export const HTTPS_URL_PATTERN = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i;
const X_HANDLE = /^@?[A-Za-z0-9_]{1,15}$/;
const TELEGRAM = /^@?[A-Za-z0-9_]{5,32}$/;

const blankOr = (test: (v: string) => boolean) => (v: string) => v === "" || test(v);

/** An optional text field: null, or empty after trimming, means none (stored as null). */
function optional<T>(schema: z.ZodType<T, string>) {
  return schema.nullish().transform((v) => (v ? v : null));
}

export const ZDisplayName = optional(
  zText({ error: P.displayNameInvalid })
    .trim()
    .max(PROFILE_LIMITS.displayNameMax, P.displayNameTooLong)
    .refine(isSafeString, P.displayNameInvalid),
);

export const ZBio = optional(
  zText({ error: P.bioInvalid })
    .trim()
    .max(PROFILE_LIMITS.bioMax, P.bioTooLong)
    .refine(isSafeString, P.bioInvalid),
);

export const ZWebsite = optional(
  zText({ error: P.websiteInvalid })
    .trim()
    .max(PROFILE_LIMITS.websiteMax, P.websiteInvalid)
    .refine(
      blankOr((v) => HTTPS_URL_PATTERN.test(v)),
      P.websiteInvalid,
    ),
);

/** "@moon_boy" and "moon_boy" are the same handle; it is stored without the @. */
export const ZXHandle = optional(
  zText({ error: P.xHandleInvalid })
    .trim()
    .refine(
      blankOr((v) => X_HANDLE.test(v)),
      P.xHandleInvalid,
    )
    .transform((v) => v.replace(/^@/, "")),
);

export const ZTelegram = optional(
  zText({ error: P.telegramInvalid })
    .trim()
    .refine(
      blankOr((v) => TELEGRAM.test(v)),
      P.telegramInvalid,
    )
    .transform((v) => v.replace(/^@/, "")),
);

/**
 * PATCH /api/me/profile: any of the fields; one left out is unchanged, an empty one is cleared (the username cannot
 * be cleared).
 */
export const ZUpdateProfileRequest = z.object({
  username: ZUsername.optional(),
  displayName: ZDisplayName.optional(),
  bio: ZBio.optional(),
  website: ZWebsite.optional(),
  xHandle: ZXHandle.optional(),
  telegram: ZTelegram.optional(),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;
export type TUpdateProfileInput = z.output<typeof ZUpdateProfileRequest>;

/** The public details as every answer carries them (null when not set). */
export type TProfileDetails = {
  displayName: string | null;
  /** The wide picture at the top of the profile (POST /api/me/banner), 3:1. */
  bannerUrl: string | null;
  bio: string | null;
  website: string | null;
  xHandle: string | null;
  telegram: string | null;
};

export const ZProfileDetails = z.object({
  displayName: zText().nullable(),
  bannerUrl: zText().nullable(),
  bio: zText().nullable(),
  website: zText().nullable(),
  xHandle: zText().nullable(),
  telegram: zText().nullable(),
});
