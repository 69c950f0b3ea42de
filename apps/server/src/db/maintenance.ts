import type { PGlite } from "@electric-sql/pglite";
import type { TLogger } from "../logger.ts";

/**
 * PGlite runs no autovacuum (it is a single backend, with no launcher to start workers), so an embedded database is
 * otherwise never analyzed nor vacuumed: the planner keeps guessing row counts and selectivities (and picks slower
 * plans for it) and dead rows pile up without their space being reused. A pass does what autovacuum's default
 * thresholds would, table by table:
 *  - VACUUM (ANALYZE) a table whose dead rows pass 50 + 20% of its rows, or whose inserts since its last vacuum pass
 *    1000 + 20% (the visibility map, which index-only scans need);
 *  - ANALYZE a table whose changed rows since its last analyze pass 50 + 10% of its rows;
 *  - both for a table that holds data and was never vacuumed or analyzed (a database from before this pass, or one
 *    whose counters were lost in a crash: PostgreSQL's counters only survive a clean shutdown).
 * PGlite answers one statement at a time, so each table's statement is a short pause for requests, not a lock held
 * across the pass. It goes to PGlite directly, not through Drizzle, so tests that count a request's statements never
 * see it.
 */
export async function maintainTables(pglite: PGlite): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  // The counters reach the shared statistics at the end of a statement, at most once a second: flush them first.
  await pglite.query("select pg_stat_force_next_flush()");
  const { rows } = await pglite.query<{ name: string; vacuum: boolean; analyze: boolean }>(
    `select format('%I.%I', s.schemaname, s.relname) as name,
            (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
              or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, s.n_live_tup)
              or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, s.n_live_tup) as vacuum,
            s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, s.n_live_tup) as analyze
       from pg_stat_user_tables s
       join pg_class c on c.oid = s.relid
      order by s.relname`,
  );
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  for (const row of rows) {
    if (row.vacuum) {
      await pglite.exec(`vacuum (analyze) ${row.name}`);
      vacuumed.push(row.name);
      analyzed.push(row.name);
    } else if (row.analyze) {
      await pglite.exec(`analyze ${row.name}`);
      analyzed.push(row.name);
    }
  }
  return { vacuumed, analyzed };
}

/** The job that looks over the embedded database (jobs/jobs.ts), every minute: autovacuum's own default naptime. */
export const MAINTENANCE_JOB = "database-maintenance";

/** One pass of `maintainTables`, logged quietly (as autovacuum is) unless it was long enough for requests to feel. */
export async function maintainEmbeddedDatabase(pglite: PGlite, logger: TLogger): Promise<void> {
  const started = performance.now();
  const { vacuumed, analyzed } = await maintainTables(pglite);
  const ms = Math.round(performance.now() - started);
  if (analyzed.length > 0) {
    logger[ms >= 1000 ? "info" : "debug"]({ vacuumed, analyzed, ms }, "embedded database maintained");
  }
}
