import { zText } from "@plugs/domain";
import { type AnyColumn, asc, desc, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import type { TDb } from "../db/client.ts";
import { queryRows } from "../db/query-rows.ts";
import { sqlInt } from "../db/sql-int.ts";
import { AppError } from "../errors.ts";

/**
 * Numbered pages ("Page X of Y", Previous and Next) read by keyset: a cursor names the row a page starts after (or,
 * going back, ends before) and the number of the page it leads to, so page 2,000 costs what page 1 does. The list's
 * sort key is text (a timestamp with its microseconds, or a name) with the row's id as the tie-break; a list ranked
 * by a number first (a leaderboard's points) keeps that number in `n`, before its text key; a list sorted by two
 * texts (a KOL's name, then its handle) keeps the second in `t`.
 */
const ZKeysetCursor = z.object({
  n: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
  k: zText().max(400),
  t: zText().max(400).optional(),
  i: z.uuid(),
  p: z.number().int().min(2).max(10_000_000),
  d: z.enum(["next", "previous"]),
});
export type TKeysetCursor = z.infer<typeof ZKeysetCursor>;

function encode(cursor: TKeysetCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** A timestamp key as `timeKey` writes it. */
const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A timestamp column as a cursor keeps it: UTC text with all six digits of its microseconds (a Date keeps only
 * milliseconds, and rows a microsecond apart would be skipped or repeated). Such text sorts as the column does.
 */
export function timeKey(column: SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Where a page of a list ordered by `keys` (all in one direction, `listOrder`, together unique) starts, and the order
 * it is read in: after the cursor's row (whose keys are `values`) in the list's order, or for a `previous` cursor,
 * back from it in the reverse order (keysetPage turns those rows round). One row comparison, so an index on the keys
 * (under equal leading columns) serves it as a range, read forwards or backwards.
 */
export function rowKeyset(
  cursor: TKeysetCursor | null,
  keys: (AnyColumn | SQL)[],
  values: (cursor: TKeysetCursor) => SQL[],
  listOrder: "asc" | "desc",
): { from: SQL | undefined; orderBy: SQL[] } {
  const reverse = cursor?.d === "previous";
  const readDesc = (listOrder === "desc") !== reverse;
  const order = readDesc ? desc : asc;
  const from = cursor
    ? sql`(${sql.join(keys, sql`, `)}) ${readDesc ? sql`<` : sql`>`} (${sql.join(values(cursor), sql`, `)})`
    : undefined;
  return { from, orderBy: keys.map((key) => order(key)) };
}

/**
 * rowKeyset for a list ordered by a timestamp and then an id (after a number, `lead`, when the list is ranked by one,
 * such as a member count): index-shaped for an index on ([lead,] time, id), or on (status, time, id) under an equal
 * status.
 */
export function timeKeyset(
  cursor: TKeysetCursor | null,
  time: AnyColumn,
  id: AnyColumn,
  listOrder: "asc" | "desc",
  lead?: AnyColumn,
): { from: SQL | undefined; orderBy: SQL[] } {
  const timeValues = (c: TKeysetCursor) => [sql`${c.k}::timestamptz`, sql`${c.i}::uuid`];
  return lead
    ? rowKeyset(cursor, [lead, time, id], (c) => [sql`${c.n ?? 0}::int`, ...timeValues(c)], listOrder)
    : rowKeyset(cursor, [time, id], timeValues, listOrder);
}

/**
 * Reads a cursor made here, whose key is a timestamp (`time`), any text, a number before either (`number, text`,
 * `number, time`) or two texts (`text, text`); anything else is a 400 with `message` on the cursor field.
 */
export function decodeKeysetCursor(
  raw: string,
  key: "time" | "text" | "number, text" | "number, time" | "text, text",
  message: string,
): TKeysetCursor {
  try {
    const cursor = ZKeysetCursor.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    const timed = key === "time" || key === "number, time";
    const fits =
      key.startsWith("number") === (cursor.n !== undefined) &&
      (key === "text, text") === (cursor.t !== undefined) &&
      (!timed || (TIME_KEY.test(cursor.k) && !Number.isNaN(Date.parse(cursor.k))));
    if (fits) return cursor;
  } catch {
    // falls through to the 400
  }
  throw new AppError("VALIDATION", message, { fields: { cursor: message } });
}

/**
 * A page from the rows its query read: `size + 1` of them in the list's order (or, for a `previous` cursor, in
 * reverse order from the cursor back), so the extra row shows whether more lie beyond. Returns null for a
 * `previous` read that reached the start of the list, and for a cursor that finds nothing on its side (the rows
 * past it left the list since: a queue emptied by review, a board that started a new week): the caller reads
 * page 1 afresh instead.
 */
export function keysetPage<T>(
  rows: T[],
  size: number,
  cursor: TKeysetCursor | null,
  total: number,
  keyOf: (row: T) => { n?: number; k: string; t?: string; i: string },
): {
  items: T[];
  page: number;
  pageCount: number;
  previousCursor: string | null;
  nextCursor: string | null;
} | null {
  const back = cursor?.d === "previous";
  if (back && rows.length <= size) return null;
  if (cursor && rows.length === 0) return null;
  const page = cursor?.p ?? 1;
  const items = back ? rows.slice(0, size).reverse() : rows.slice(0, size);
  const first = items[0];
  const last = items.at(-1);
  // Going back, the page the cursor came from follows; going forward, the extra row says whether one does.
  const more = back || rows.length > size;
  const nextCursor = more && last ? encode({ ...keyOf(last), p: page + 1, d: "next" }) : null;
  // Page 2's Previous is page 1, read without a cursor.
  const previousCursor = page > 2 && first ? encode({ ...keyOf(first), p: page - 1, d: "previous" }) : null;
  const pageCount = nextCursor ? Math.max(Math.ceil(total / size), page + 1) : page;
  return { items, page, pageCount, previousCursor, nextCursor };
}

/**
 * How many rows a select (`rows`, of any columns) reads, counted only up to `cap`: a page count that stops growing
 * with the list. Past the cap, `total` is the cap and `totalCapped` says there are more ("Page X of 100+").
 */
export async function cappedCount(
  db: Pick<TDb, "execute">,
  rows: SQLWrapper,
  cap: number,
): Promise<{ total: number; totalCapped: boolean }> {
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${rows} limit ${sqlInt(cap + 1)}) counted`,
  );
  const n = counted?.n ?? 0;
  return { total: Math.min(n, cap), totalCapped: n > cap };
}
