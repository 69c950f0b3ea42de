import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { startServer } from "../server.ts";
import { benchFixtures, createBenchDatabase } from "./database.ts";
import { ENDPOINTS, type TFixtures } from "./endpoints.ts";
import { sample, signIn } from "./measure.ts";

/**
 * Which statements PostgreSQL plans anew at every run. It keeps one generic plan for a prepared statement
 * (db/preparing-client.ts) only while that plan is estimated no dearer than one made for each run's values; when it
 * is not, every run pays for planning, which can cost more than running it (a visitor's leaderboard: 1.0 of its 1.4
 * ms, while its statement compared a null viewer id). Small tables do not show it, so this runs on a kept bench
 * database (`npm run bench -- --only postgres --keep`):
 *
 *   node --import tsx apps/server/src/bench/plan-cache.ts plugs_bench_0123456789ab
 *
 * It serves that database in-process with one pooled connection for queries, sends each benchmarked endpoint's
 * requests 12 times, and lists the statements that never used their generic plan. Exits 1 if any is not expected:
 * the member search's LIKE prefix must be planned with its value to read its indexes.
 */

const RUNS = 12;
const PLANNED_FOR_VALUES = [/ like \$\d/];

type TPrepared = { statement: string; generic_plans: number; custom_plans: number };

async function main() {
  const name = process.argv[2];
  if (!name) throw new Error("usage: plan-cache.ts <kept plugs_bench_* database>");
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const target = await createBenchDatabase("postgres", adminUrl, { reuse: name });
  // Two connections: the event bus holds one to LISTEN, so every query runs on the other.
  const config = loadConfig({
    ...target.env,
    PORT: "0",
    DATABASE_POOL_SIZE: "2",
    CAPTCHA_PROVIDER: "none",
    SIGNIN_IP_LIMIT: "0",
    MEMBER_LIMITS: "off",
    LOG_LEVEL: "silent",
    WEB_DIST: "",
  });
  const server = await startServer(config, { logger: createLogger("silent") });
  config.publicUrl = server.url;
  try {
    const pool = server.deps.database.pool;
    if (!pool) throw new Error("not on PostgreSQL");
    const [posts] = (await pool.query<{ n: number }>("select count(*)::int as n from posts")).rows;
    const fx: TFixtures = {
      origin: server.url,
      cookies: [await signIn(server.url, 1), await signIn(server.url, 2)],
      adminCookie: await signIn(server.url, 9),
      ...(await benchFixtures(server.deps.db, posts?.n ?? 0)),
    };
    for (const endpoint of ENDPOINTS) {
      const context = {};
      for (let run = 0; run < RUNS; run++) {
        for (const request of endpoint.requests(fx)) await sample(server.url, request, context);
      }
    }
    const client = await pool.connect();
    let prepared: TPrepared[];
    try {
      prepared = (
        await client.query<TPrepared>(
          "select statement, generic_plans::int, custom_plans::int from pg_prepared_statements",
        )
      ).rows;
    } finally {
      client.release();
    }
    const replanned = prepared.filter((p) => p.generic_plans === 0 && p.custom_plans > 5);
    const unexpected = replanned.filter((p) => !PLANNED_FOR_VALUES.some((re) => re.test(p.statement)));
    console.log(
      `${prepared.length} prepared statements; ${replanned.length} planned at every run (${unexpected.length} unexpected)`,
    );
    for (const p of replanned) {
      const mark = unexpected.includes(p) ? "UNEXPECTED" : "expected";
      console.log(`${mark}: ${p.custom_plans} runs, ${p.statement.replace(/\s+/g, " ").slice(0, 300)}`);
    }
    process.exitCode = unexpected.length > 0 ? 1 : 0;
  } finally {
    await server.close();
    await target.drop();
  }
}

await main();
