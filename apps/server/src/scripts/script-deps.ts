import { ConfigError, loadConfig } from "../config.ts";
import type { TDeps } from "../context.ts";
import { openDatabase } from "../db/client.ts";
import { loadAuthSecret } from "../features/auth/secret.ts";
import { createLogger } from "../logger.ts";
import { createStorage } from "../storage/create-storage.ts";

/**
 * The deps a command-line script works on: the same configuration and database as the server (migrated). On the
 * embedded database (no DATABASE_URL) only one process may open DATA_DIR, so a running server must be stopped
 * first; the error says so.
 */
export async function openScriptDeps(): Promise<TDeps> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`Configuration error: ${err.message}`);
    throw err;
  }
  const logger = createLogger(process.env.LOG_LEVEL ? config.logLevel : "warn");
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      directUrl: config.databaseDirectUrl,
      dataDir: config.dataDir,
      preparedStatements: config.databasePreparedStatements,
      poolMax: config.databasePoolSize,
    });
    const deps: TDeps = { config, database, db: database.db, logger, storage: createStorage(config) };
    // Creating an account (npm run seed) signs with the secret the servers share.
    await loadAuthSecret(deps);
    return deps;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    fail(
      config.databaseUrl
        ? `Could not open the database: ${message}`
        : `Could not open the embedded database in ${config.dataDir}: ${message}\n` +
            "The embedded database (PGlite) allows one process at a time: stop the server first, or set DATABASE_URL.",
    );
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
