import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { loadConfig } from "../config.ts";
import type { TDeps } from "../context.ts";
import { openDatabase } from "../db/client.ts";
import { encodeCursor } from "../features/posts/feed-query.ts";
import { queryRows } from "../features/posts/visibility.ts";
import { createLogger } from "../logger.ts";
import { createStorage } from "../storage/create-storage.ts";
import { isPublicPost, seedBench, type TBenchSize } from "./seed.ts";

/** A fresh database for one run: a plugs_bench_* database on a PostgreSQL server, or PGlite in a temp DATA_DIR. */
export type TBenchDatabase = {
  kind: "postgres" | "pglite";
  databaseUrl: string | null;
  dataDir: string;
  /** The environment that points the server (and the peers) at it. */
  env: Record<string, string>;
  drop(): Promise<void>;
};

export async function createBenchDatabase(
  kind: "postgres" | "pglite",
  adminUrl: string,
): Promise<TBenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-bench-"));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === "pglite") {
    return { kind, databaseUrl: null, dataDir, env: { DATA_DIR: dataDir }, drop: async () => removeDir() };
  }
  const name = `plugs_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind,
    databaseUrl,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      removeDir();
    },
  };
}

/** The services' dependencies on that database, as the server builds them (for seeding and the database peer). */
export async function openBenchDeps(target: TBenchDatabase): Promise<TDeps> {
  const config = loadConfig({ ...target.env, CAPTCHA_PROVIDER: "none", LOG_LEVEL: "silent", WEB_DIST: "" });
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  return {
    config,
    database,
    db: database.db,
    logger: createLogger("silent"),
    storage: createStorage(config),
  };
}

/** md5(kind || n) as a version 4 uuid, as the seed names rows. */
export function benchId(kind: "u" | "p", n: number): string {
  const md5 = createHash("md5").update(`${kind}${n}`).digest("hex");
  const h = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Seeds the database and reads what the endpoints need before the server takes it over. */
export async function seedAndInspect(target: TBenchDatabase, size: TBenchSize, log: (line: string) => void) {
  const deps = await openBenchDeps(target);
  try {
    const started = performance.now();
    await seedBench(deps.db, size, log);
    const seedSeconds = (performance.now() - started) / 1000;
    const [deep] = await queryRows<{ t: string; id: string }>(
      deps.db,
      sql`select created_at::text as t, id from posts where visibility = 'public' and community_id is null
        order by created_at desc, id desc offset ${Math.floor(size.posts * 0.7 * 0.9)} limit 1`,
    );
    if (!deep) throw new Error("the seeded feed is empty");
    const publicPostIds: string[] = [];
    for (let n = 1; n <= size.posts && publicPostIds.length < 5000; n++) {
      if (isPublicPost(n)) publicPostIds.push(benchId("p", n));
    }
    return {
      seedSeconds,
      deepCursor: encodeCursor({ s: "newest", t: deep.t, i: deep.id }),
      hotPostId: benchId("p", 1),
      publicPostIds,
    };
  } finally {
    await deps.database.close();
  }
}
