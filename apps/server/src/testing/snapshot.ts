import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../config.ts";
import { appSecrets } from "../db/schema/index.ts";
import { databaseUrlOf } from "../db/scratch-database.ts";
import { createLogger } from "../logger.ts";
import { startServer } from "../server.ts";
import { postgresTemplateName, snapshotKey } from "./snapshot-key.ts";

/*
 * A test file's database starts from one that a server already started on once (every migration applied, the job
 * queue's tables made), instead of running them all again: on PGlite a dump of that data folder, loaded into
 * memory; on PostgreSQL a template database copied by CREATE DATABASE ... TEMPLATE. Each is made once per machine
 * for a given set of migrations and pg-boss version (the key below), by whichever test file needs it first, and
 * published atomically (a rename), so files starting together at worst both build one.
 */

/**
 * Starts a server once (so it migrates and makes its job tables) on `env`'s database, or on an in-memory PGlite,
 * and stops it; on PGlite, returns the dump of its data folder taken just before it stopped (a dump taken between
 * two of the job queue's statements loads like a restart after a crash: what was committed is there).
 */
async function startOnce(env: Record<string, string>): Promise<Blob | null> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-snapshot-"));
  try {
    const config = loadConfig({
      PORT: "0",
      DATA_DIR: dataDir,
      CAPTCHA_PROVIDER: "none",
      LOG_LEVEL: "silent",
      WEB_DIST: "",
      SHUTDOWN_DRAIN_SECONDS: "0",
      ...env,
    });
    const inMemoryDatabase = !config.databaseUrl;
    const server = await startServer(config, { logger: createLogger("silent"), inMemoryDatabase });
    try {
      // The auth secret a first start made and shares through the database is not the template's to hand on:
      // each test database starts as a new installation does (shared-secret.test adopts a DATA_DIR's secret).
      await server.deps.db.delete(appSecrets);
      const pglite = server.deps.database.pglite;
      return inMemoryDatabase && pglite ? await pglite.dumpDataDir("none") : null;
    } finally {
      await server.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The dump of a migrated PGlite data folder, made on first use and kept in the system's temporary folder. */
export async function pgliteSnapshot(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `plugs-pglite-snapshot-${snapshotKey()}.tar`);
  if (!fs.existsSync(file)) {
    const dump = await startOnce({});
    if (!dump) throw new Error("no PGlite dump");
    const partial = `${file}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

async function onServer<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * The name of a migrated template database on the server `adminUrl` points at, made on first use. Templates of
 * other migrations are left alone (another checkout or a running CI may be copying them); `.ci/run` clears them.
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = postgresTemplateName();
  const exists = await onServer(adminUrl, async (c) => {
    const found = await c.query("select 1 from pg_database where datname = $1", [name]);
    return found.rowCount === 1;
  });
  if (exists) return name;
  const building = `plugs_template_build_${randomBytes(6).toString("hex")}`;
  await onServer(adminUrl, (c) => c.query(`CREATE DATABASE ${building}`));
  try {
    await startOnce({ DATABASE_URL: databaseUrlOf(adminUrl, building) });
    // Another file may have published the same template meanwhile: then ours is dropped below.
    await onServer(adminUrl, (c) => c.query(`ALTER DATABASE ${building} RENAME TO ${name}`)).catch(() => {});
  } finally {
    await onServer(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
  }
  return name;
}
