import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config.ts";
import type { TDeps } from "../context.ts";
import { openDatabase, type TDb } from "../db/client.ts";
import { queryRows } from "../db/query-rows.ts";
import { createScratchDatabase, existingDatabase } from "../db/scratch-database.ts";
import { encodeCursor } from "../features/posts/feed-query.ts";
import { createLogger } from "../logger.ts";
import { createStorage } from "../storage/create-storage.ts";
import { isPublicPost, seedBench, type TBenchSize } from "./seed.ts";

/** A database for one run: a plugs_bench_* database on a PostgreSQL server, or PGlite in a temp DATA_DIR. */
export type TBenchDatabase = {
  kind: "postgres" | "pglite";
  /** The PostgreSQL database's name, or PGlite's DATA_DIR: what `--reuse` takes. */
  name: string;
  /** Whether it was seeded by an earlier run (`--reuse`). */
  reused: boolean;
  databaseUrl: string | null;
  dataDir: string;
  /** The environment that points the server at it. */
  env: Record<string, string>;
  /** Drops it, unless it is to be kept (`--keep`, `--reuse`). */
  drop(): Promise<void>;
};

/**
 * A fresh database of one kind, or with `reuse` the one an earlier run kept (a database name on the PostgreSQL
 * server, or a PGlite DATA_DIR). A kept or reused database outlives the run.
 */
export async function createBenchDatabase(
  kind: "postgres" | "pglite",
  adminUrl: string,
  options: { keep?: boolean; reuse?: string | undefined } = {},
): Promise<TBenchDatabase> {
  const keep = !!options.keep || !!options.reuse;
  const reused = !!options.reuse;
  if (kind === "pglite") {
    const dataDir = options.reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), "plugs-bench-"));
    const drop = async () => {
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    };
    return { kind, name: dataDir, reused, databaseUrl: null, dataDir, env: { DATA_DIR: dataDir }, drop };
  }
  // Uploads and the server's other files: always a fresh folder.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-bench-"));
  const database = options.reuse
    ? existingDatabase(adminUrl, options.reuse)
    : await createScratchDatabase(adminUrl, "plugs_bench");
  return {
    kind,
    name: database.name,
    reused,
    databaseUrl: database.url,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    async drop() {
      if (!keep) await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the endpoints need of a seeded database of `posts` posts: the hot post, public posts and a deep feed cursor. */
export async function benchFixtures(db: TDb, posts: number) {
  const [deep] = await queryRows<{ t: string; id: string }>(
    db,
    sql`select created_at::text as t, id from posts where visibility = 'public' and community_id is null
      order by created_at desc, id desc offset ${Math.floor(posts * 0.7 * 0.9)} limit 1`,
  );
  if (!deep) throw new Error("the seeded feed is empty");
  const publicPostIds: string[] = [];
  for (let n = 1; n <= posts && publicPostIds.length < 5000; n++) {
    if (isPublicPost(n)) publicPostIds.push(benchId("p", n));
  }
  return {
    deepCursor: encodeCursor({ s: "newest", t: deep.t, i: deep.id }),
    hotPostId: benchId("p", 1),
    publicPostIds,
  };
}

/** The services' dependencies on that database, as the server builds them (for seeding). */
export async function openBenchDeps(target: TBenchDatabase): Promise<TDeps> {
  const config = loadConfig({
    ...target.env,
    CAPTCHA_PROVIDER: "none",
    LOG_LEVEL: "silent",
    WEB_DIST: "",
  });
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    poolMax: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
  });
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

/**
 * Seeds the database (unless it is reused: then its migrations are applied and its size read back) and reads what
 * the endpoints need before the server takes it over.
 */
export async function seedAndInspect(target: TBenchDatabase, size: TBenchSize, log: (line: string) => void) {
  const deps = await openBenchDeps(target);
  try {
    const started = performance.now();
    if (target.reused) {
      const [row] = await queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n from posts`);
      size = { ...size, posts: row?.n ?? 0 };
      log(`Reusing ${target.name} (${size.posts} posts).`);
    } else {
      await seedBench(deps.db, size, log);
    }
    const seedSeconds = (performance.now() - started) / 1000;
    return { seedSeconds, ...(await benchFixtures(deps.db, size.posts)) };
  } finally {
    await deps.database.close();
  }
}
