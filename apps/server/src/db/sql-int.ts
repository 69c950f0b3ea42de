import { type SQL, sql } from "drizzle-orm";

/**
 * A row count (LIMIT, OFFSET) written into the statement's text instead of sent as a parameter. Statements with
 * parameters are prepared (preparing-client.ts), and PostgreSQL's generic plan for one cannot see a parameter's
 * value: it takes `limit $1` for a tenth of the table, and may then sort a whole range instead of reading an index
 * in order and stopping.
 */
export function sqlInt(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${n} is not a row count`);
  return sql.raw(String(n));
}

/**
 * sqlInt for Drizzle's `.limit()` and `.offset()`. Their types take a number (sent as a parameter), but they write an
 * SQL chunk into the statement as it is (drizzle-orm's pg dialect), so the count reaches PostgreSQL as text too.
 * `features/communities/query-plans.test.ts` checks the text a page query sends.
 */
export function textRowCount(n: number): number {
  return sqlInt(n) as unknown as number;
}
