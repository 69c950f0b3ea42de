import { type SQL, sql } from "drizzle-orm";

/** A timestamp column of a raw SQL row: node-postgres and PGlite give a Date, a string when parsed as text. */
export function rowDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A timestamp in the API's form (ISO 8601, milliseconds, UTC), whichever way it was read. */
export type TIsoOrDate = Date | TIsoTimestamp;
/** A string that `isoTimestamp` wrote: already what `Date.toISOString()` would give. */
export type TIsoTimestamp = string & { readonly iso: unique symbol };

/**
 * A timestamptz column written by PostgreSQL as `Date.toISOString()` would write it (2026-11-23T09:41:07.123Z), for
 * hot mappers: the driver's own timestamp text would otherwise be parsed into a Date and formatted again, per
 * column and row (a tenth of a feed page's time in Node).
 */
export function isoTimestamp(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The API's form of a timestamp read either way. */
export function toIso(value: TIsoOrDate): string {
  return typeof value === "string" ? value : value.toISOString();
}
