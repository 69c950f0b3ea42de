import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../db/client.ts";

const MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));
const PGLITE_PACKAGE = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")),
  "..",
  "package.json",
);

/** Where the snapshot of these migrations on this PGlite lives: a new migration or PGlite version names a new one. */
function snapshotPath(): string {
  const hash = createHash("sha256").update(fs.readFileSync(PGLITE_PACKAGE));
  const files = fs
    .readdirSync(MIGRATIONS, { recursive: true, encoding: "utf8" })
    .filter((name) => fs.statSync(path.join(MIGRATIONS, name)).isFile())
    .sort();
  for (const name of files) hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS, name)));
  return path.join(os.tmpdir(), `plugs-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
}

/**
 * The file holding a dump of an in-memory PGlite with every migration applied, made on first use and kept in the
 * temp folder. Starting PGlite from it skips creating the cluster and running the migrations, most of a test
 * file's start-up.
 */
export async function pgliteSnapshotFile(): Promise<string> {
  const file = snapshotPath();
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    const dump = await (database.pglite as NonNullable<typeof database.pglite>).dumpDataDir("none");
    // Written aside and renamed: a test file starting meanwhile never reads half a dump.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/** The migrated database for an in-memory PGlite to start from (openDatabase's pgliteSnapshot). */
export async function pgliteSnapshot(): Promise<Blob> {
  return new Blob([fs.readFileSync(await pgliteSnapshotFile())]);
}

/** vitest globalSetup: the snapshot is made once, before the test files start, rather than by each at once. */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await pgliteSnapshotFile();
}
