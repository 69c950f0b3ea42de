import { zText } from "./text.ts";

/** What every slug looks like: lowercase letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const M_SLUG = {
  invalid: "Slug may use lowercase letters, digits and single hyphens",
} as const;

/**
 * The spec's slug rule: lowercase, spaces to hyphens, drop non-word characters, collapse and trim hyphens. Given a
 * max, the slug is cut to it without leaving a hyphen at its end.
 */
export function slugify(text: string, max = Number.POSITIVE_INFINITY): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}

/** A slug as an admin types it (blog articles and categories, giveaways, courses), up to max characters. */
export function ZSlug(max: number) {
  return zText(M_SLUG.invalid)
    .trim()
    .min(1, M_SLUG.invalid)
    .max(max, M_SLUG.invalid)
    .regex(SLUG_PATTERN, M_SLUG.invalid);
}
