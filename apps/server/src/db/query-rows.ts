import type { SQL } from "drizzle-orm";
import type { TDb } from "./client.ts";

/** Runs a raw query and returns its rows, the same on PGlite and node-postgres. */
export async function queryRows<T>(db: Pick<TDb, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
