import { z } from "zod";
import { KOL_LIMITS } from "./kol-limits.ts";
import { M } from "./messages.ts";

/** The spec's safe string: free text never holds < > { }. */
export function isSafeString(value: string): boolean {
  return !/[<>{}]/.test(value);
}

/**
 * Text a database can store: no NUL (PostgreSQL text cannot hold it) and no lone UTF-16 surrogate (half of an emoji,
 * which is not text at all; PGlite refuses it). The server refuses anything else in every URL and JSON body
 * (http/storable-text.ts); the schemas below say it per field.
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

/** A string field that refuses what no database can store, with the spec's 'Input contains invalid characters'. */
export function zText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, M.kols.invalidCharacters);
}

export function safeText(max: number, tooLong: string) {
  return zText().trim().max(max, tooLong).refine(isSafeString, M.kols.invalidCharacters);
}

/** http(s), a dotted host name (no credentials), an optional port, then anything without spaces. */
export const WEB_URL_PATTERN = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i;

/** An http(s) URL, as evidence or a profile link; anything else (javascript:, data:) is refused. */
export const ZWebUrl = zText({ error: M.kols.invalidUrl })
  .trim()
  .max(KOL_LIMITS.urlMax, M.kols.invalidUrl)
  .regex(WEB_URL_PATTERN, M.kols.invalidUrl);

/** An optional link field: empty text means none. */
export const ZOptionalUrl = z
  .union([z.literal(""), ZWebUrl])
  .nullish()
  .transform((v) => (v ? v : null));
