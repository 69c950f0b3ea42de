/**
 * The scratch database the explain-* scripts seed and read plans from: created on the PostgreSQL server named by
 * DATABASE_URL, migrated, handed to `work`, and dropped again whatever happens.
 */
import { type SQL, sql } from "drizzle-orm";
import { openDatabase, type TDatabase } from "../db/client.ts";
import { queryRows } from "../db/query-rows.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";

export type TScratch = {
  db: TDatabase["db"];
  /** The scratch database's own URL. */
  url: string;
  name: string;
  /** Prints `EXPLAIN ANALYZE` of `query` under `title`. */
  explain(title: string, query: SQL): Promise<void>;
};

export async function withScratchDatabase(work: (scratch: TScratch) => Promise<void>): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl?.startsWith("postgres")) {
    console.error(
      "Set DATABASE_URL to a PostgreSQL server (a scratch database is created there and dropped).",
    );
    process.exit(1);
  }
  const scratch = await createScratchDatabase(serverUrl, "plugs_explain");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  const db = database.db;
  const explain = async (title: string, query: SQL) => {
    const rows = await queryRows<{ "QUERY PLAN": string }>(
      db,
      sql`explain (analyze, costs off, summary on) ${query}`,
    );
    console.log(`\n== ${title}`);
    for (const row of rows) console.log(row["QUERY PLAN"]);
  };
  try {
    await work({ db, url: scratch.url, name: scratch.name, explain });
  } finally {
    await database.close();
    await scratch.drop();
  }
}
