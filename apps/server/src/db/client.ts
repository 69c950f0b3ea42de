import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { DEFAULT_DATABASE_POOL_SIZE } from "../config.ts";
import { acquireDataDirLock } from "./lock.ts";
import { notifyAfterCommit } from "./notify-after-commit.ts";
import { PreparingClient } from "./preparing-client.ts";
import * as schema from "./schema/index.ts";

export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type TDatabaseKind = "pglite" | "postgres";

export type TDatabase = {
  db: TDb;
  kind: TDatabaseKind;
  /** The node-postgres pool on a real server (LISTEN/NOTIFY, benchmarks); null on PGlite. */
  pool: pg.Pool | null;
  /** The embedded database itself (its in-process LISTEN/NOTIFY); null on a real server. */
  pglite: PGlite | null;
  /** The pool's address (DATABASE_URL); null on PGlite. */
  poolUrl: string | null;
  /**
   * Where session-bound work connects on a real server: LISTEN for events and the migrations' advisory lock.
   * DATABASE_DIRECT_URL when a transaction-mode pooler (PgBouncer) is DATABASE_URL, else DATABASE_URL; null on PGlite.
   */
  sessionUrl: string | null;
  /** Closes it; later calls wait for the first. */
  close(): Promise<void>;
};

/** A close() that runs once, however often it is called. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= close();
    return closing;
  };
}

const MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** The advisory lock key migrations run under ('plugsmig' as ASCII, an arbitrary number no other code uses). */
const MIGRATION_LOCK = 0x706c7567736d6967n;

/**
 * Runs `migrate` holding a session advisory lock, so instances starting together on one PostgreSQL apply the
 * migrations once: the first takes the lock and migrates, the others wait for it, then find nothing left to do.
 * The lock is held by a connection of its own, not one of the pool's, which the migration needs (a pool of one
 * would wait for itself).
 */
export async function migrateOnce(databaseUrl: string, migrate: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK.toString()]);
    try {
      await migrate();
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK.toString()]);
    }
  } finally {
    await lock.end();
  }
}

/**
 * Opens the database and applies pending migrations: PostgreSQL when a URL is given, otherwise PGlite in
 * `dataDir` (or in memory when dataDir is null, for tests).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  /** A direct connection's address for session-bound work, when databaseUrl is a transaction-mode pooler. */
  directUrl?: string | null;
  dataDir: string | null;
  /** An in-memory PGlite starts from this dump of a data folder (a migrated one, for tests) instead of initdb. */
  pgliteSnapshot?: Blob;
  poolMax?: number;
  /** Prepare often-run statements on each PostgreSQL connection (default on; see preparing-client.ts). */
  preparedStatements?: boolean;
  /** Told when an idle pooled connection dies (server restart, a dropped database); the pool replaces it. */
  onIdleError?: (err: Error) => void;
  /** Told each SQL statement Drizzle sends, with its parameters (tests count the statements a request costs). */
  onQuery?: (query: string, params: unknown[]) => void;
  /**
   * Told when a transaction's NOTIFYs fail after it committed (see notify-after-commit.ts); the committed work
   * stands. Without it the failure is written to stderr.
   */
  onNotifyError?: (err: unknown) => void;
}): Promise<TDatabase> {
  const onNotifyError =
    options.onNotifyError ??
    ((err: unknown) => console.error("events could not be published after their commit", err));
  const onQuery = options.onQuery;
  const logger = onQuery
    ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) }
    : undefined;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? DEFAULT_DATABASE_POOL_SIZE,
      Client: options.preparedStatements === false ? pg.Client : PreparingClient,
      // Pipeline mode: a query sent on a connection that is still answering an earlier one goes out at once instead
      // of waiting for that answer. A transaction's statements that need nothing from each other's results, sent
      // without awaiting each (see create-comment.ts), cost one round trip between them instead of one each;
      // PostgreSQL still runs them in the order sent, and after a failure the rest fail too, so the transaction
      // rolls back as before. A query awaited on its own behaves as without it.
      pipeline: true,
    });
    // Without a listener, node-postgres turns an idle connection's error into an uncaught exception that would
    // stop the whole server; the pool discards that connection and opens a new one when next needed.
    pool.on("error", (err) => options.onIdleError?.(err));
    const db = drizzlePg(pool, { schema, logger }) as unknown as TDb;
    notifyAfterCommit(db, onNotifyError);
    const sessionUrl = options.directUrl ?? options.databaseUrl;
    try {
      await migrateOnce(sessionUrl, () => migratePg(db as never, { migrationsFolder: MIGRATIONS }));
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: "postgres",
      pool,
      pglite: null,
      poolUrl: options.databaseUrl,
      sessionUrl,
      close: once(() => pool.end()),
    };
  }
  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    // pg_trgm serves ILIKE '%term%' searches through trigram indexes (migration 0004), as on PostgreSQL.
    const extensions = { pg_trgm };
    const client = options.dataDir
      ? new PGlite(path.join(options.dataDir, "pglite"), { extensions })
      : new PGlite({ extensions, loadDataDir: options.pgliteSnapshot });
    await client.waitReady;
    const db = drizzlePglite(client, { schema, logger }) as unknown as TDb;
    notifyAfterCommit(db, onNotifyError);
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: "pglite",
      pool: null,
      pglite: client,
      poolUrl: null,
      sessionUrl: null,
      close: once(async () => {
        await client.close();
        release();
      }),
    };
  } catch (err) {
    release();
    throw err;
  }
}
