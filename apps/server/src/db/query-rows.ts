import type { SQL } from "drizzle-orm";
import type { TDb } from "./client.ts";

/**
 * Runs a raw query and returns its rows, the same on PGlite and node-postgres. The query is sent when this is called
 * (not a microtask later, as awaiting Drizzle's lazy query would), so calls made one after another without awaiting
 * reach the database in the order written.
 */
export async function queryRows<T>(db: Pick<TDb, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query).execute()) as unknown as { rows: T[] };
  return result.rows;
}
