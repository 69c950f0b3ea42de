import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/*
 * What a test database snapshot (snapshot.ts) depends on, in a module of its own so the browser journeys can name
 * the template without loading the server: the migration files' bytes, the job queue's version (it makes its
 * own tables) and snapshot.ts itself.
 */

const MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));

function computeKey(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS);
  // How the snapshot is made, too: a change there makes a new one.
  hash.update(fs.readFileSync(new URL("./snapshot.ts", import.meta.url)));
  const pgBoss = createRequire(import.meta.url)("pg-boss/package.json") as { version: string };
  hash.update(`pg-boss@${pgBoss.version}`);
  return hash.digest("hex").slice(0, 16);
}

let key: string | null = null;

/** The key of the current migrations and job queue (computed once per process). */
export function snapshotKey(): string {
  key ??= computeKey();
  return key;
}

/** The name of the PostgreSQL template database for the current key (made by snapshot.ts's postgresTemplate). */
export function postgresTemplateName(): string {
  return `plugs_template_${snapshotKey()}`;
}
