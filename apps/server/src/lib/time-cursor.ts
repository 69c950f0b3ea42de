import { M } from "@plugs/domain";
import { z } from "zod";
import { AppError } from "../errors.ts";

/**
 * Where a keyset page ended in a list ordered by a timestamp and an id, newest first: the timestamp as
 * PostgreSQL's text (which keeps the microseconds a JavaScript Date would drop) and the row id.
 */
const ZTimeCursor = z.object({ t: z.string().max(40), i: z.uuid() });
export type TTimeCursor = z.infer<typeof ZTimeCursor>;

/** The opaque cursor a client passes back for the next page. */
export function encodeTimeCursor(cursor: TTimeCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/**
 * One keyset page from rows fetched with `limit + 1`: the first `limit` rows, and the cursor after the last of them
 * when the extra row shows that more follow.
 */
export function timeCursorPage<T>(
  rows: T[],
  limit: number,
  cursorOf: (row: T) => TTimeCursor,
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeTimeCursor(cursorOf(last)) : null };
}

/** Reads a cursor made by encodeTimeCursor; anything else is a 400 with `message` on the cursor field. */
export function decodeTimeCursor(raw: string, message: string = M.posts.invalidCursor): TTimeCursor {
  try {
    const parsed = ZTimeCursor.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    if (!Number.isNaN(Date.parse(parsed.t))) return parsed;
  } catch {
    // falls through to the 400
  }
  throw new AppError("VALIDATION", message, { fields: { cursor: message } });
}
