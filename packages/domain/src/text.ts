import { z } from "zod";
import { KOL_LIMITS } from "./kol-limits.ts";
import { M } from "./messages.ts";

/** The spec's safe string: free text never holds < > { }. */
export function isSafeString(value: string): boolean {
  return !/[<>{}]/.test(value);
}

export function safeText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(isSafeString, M.kols.invalidCharacters)
    .transform((s) => s.replaceAll("\u0000", ""));
}

/** http(s), a dotted host name (no credentials), an optional port, then anything without spaces. */
export const WEB_URL_PATTERN = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i;

/** An http(s) URL, as evidence or a profile link; anything else (javascript:, data:) is refused. */
export const ZWebUrl = z
  .string({ error: M.kols.invalidUrl })
  .trim()
  .max(KOL_LIMITS.urlMax, M.kols.invalidUrl)
  .regex(WEB_URL_PATTERN, M.kols.invalidUrl);

/** An optional link field: empty text means none. */
export const ZOptionalUrl = z
  .union([z.literal(""), ZWebUrl])
  .nullish()
  .transform((v) => (v ? v : null));
