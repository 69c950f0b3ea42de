import { randomBytes } from "node:crypto";
import pg from "pg";

/** A database of its own on a PostgreSQL server (a test file's, a benchmark's), and how to drop it. */
export type TScratchDatabase = { name: string; url: string; drop(): Promise<void> };

async function onServer(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server `adminUrl` points at. */
export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An existing database by name (a kept benchmark database), dropped by drop() like a fresh one. */
export function existingDatabase(adminUrl: string, name: string): TScratchDatabase {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  return {
    name,
    url: databaseUrlOf(adminUrl, name),
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Creates `<prefix>_<random hex>` on the server `adminUrl` points at, empty or a copy of database `template`. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<TScratchDatabase> {
  const scratch = existingDatabase(adminUrl, `${prefix}_${randomBytes(6).toString("hex")}`);
  await onServer(adminUrl, `CREATE DATABASE ${scratch.name}${template ? ` TEMPLATE ${template}` : ""}`);
  return scratch;
}
