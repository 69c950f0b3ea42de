import { M } from "./messages.ts";
import { zText } from "./text.ts";

/** The spec's handle: an optional @, then 1 to 15 word characters. */
export const HANDLE_PATTERN = /^@?\w{1,15}$/;

/** "@Moon_Boy" -> "Moon_Boy"; the handle as stored (case kept; uniqueness ignores case). */
export function normalizeHandle(value: string): string {
  return value.trim().replace(/^@/, "");
}

export function isValidHandle(value: string): boolean {
  return HANDLE_PATTERN.test(value.trim());
}

export const ZHandle = zText({ error: M.kols.handleRequired })
  .trim()
  .min(1, M.kols.handleRequired)
  .regex(HANDLE_PATTERN, M.kols.handleInvalid)
  .transform(normalizeHandle);
