import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestServer } from "../testing/test-server.ts";
import { MAINTENANCE_JOB, maintainTables } from "./maintenance.ts";

/* The embedded database's stand-in for autovacuum (maintenance.ts), on PGlite itself. */

let pglite: PGlite;
beforeEach(async () => {
  pglite = new PGlite();
  await pglite.exec(`
    create table churned (id int primary key, n int not null);
    create table steady (id int primary key, n int not null);
    insert into churned select g, 0 from generate_series(1, 1000) g;
    insert into steady select g, 0 from generate_series(1, 1000) g;`);
});
afterEach(async () => {
  if (!pglite.closed) await pglite.close();
});

type TTableState = {
  relname: string;
  n_dead_tup: number;
  vacuum_count: number;
  analyze_count: number;
  reltuples: number;
};

async function tables(db: PGlite = pglite): Promise<Record<string, TTableState>> {
  await db.query("select pg_stat_force_next_flush()");
  const { rows } = await db.query<TTableState>(
    `select s.relname, s.n_dead_tup::int, s.vacuum_count::int, s.analyze_count::int, c.reltuples::int
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid`,
  );
  return Object.fromEntries(rows.map((r) => [r.relname, r]));
}

describe("embedded database maintenance", () => {
  it("vacuums and analyzes the tables autovacuum would, and leaves the others", async () => {
    // New tables that hold data and were never looked at: both are done first.
    expect(await maintainTables(pglite)).toEqual({
      vacuumed: ["public.churned", "public.steady"],
      analyzed: ["public.churned", "public.steady"],
    });
    // Every row of one table rewritten three times (~3000 dead rows against 50 + 20% of 1000); ten of the other's.
    for (let i = 0; i < 3; i++) await pglite.exec("update churned set n = n + 1");
    await pglite.exec("update steady set n = n + 1 where id <= 10");
    // (Page pruning during the updates may already have reclaimed a few.)
    expect((await tables()).churned?.n_dead_tup).toBeGreaterThan(2500);

    expect(await maintainTables(pglite)).toEqual({
      vacuumed: ["public.churned"],
      analyzed: ["public.churned"],
    });
    const after = await tables();
    expect(after.churned).toMatchObject({
      n_dead_tup: 0,
      vacuum_count: 2,
      analyze_count: 2,
      reltuples: 1000,
    });
    expect(after.steady).toMatchObject({ n_dead_tup: 10, vacuum_count: 1, analyze_count: 1 });
  });

  it("analyzes a table once enough of its rows changed, without vacuuming it", async () => {
    await maintainTables(pglite);
    // 200 new rows: past analyze's 50 + 10% of 1000, short of vacuum's 1000 + 20% for inserts.
    await pglite.exec("insert into steady select g, 0 from generate_series(1001, 1200) g");
    expect(await maintainTables(pglite)).toEqual({ vacuumed: [], analyzed: ["public.steady"] });
    expect((await tables()).steady).toMatchObject({ vacuum_count: 1, analyze_count: 2, reltuples: 1200 });
  });

  it("does a table with data that was never looked at even when its counters were lost", async () => {
    // As after a crash: the counters are gone, the rows are not.
    await pglite.query("select pg_stat_reset()");
    expect((await maintainTables(pglite)).analyzed).toEqual(["public.churned", "public.steady"]);
    expect((await tables()).churned?.reltuples).toBe(1000);
  });
});

// PostgreSQL runs its own autovacuum: the job is the embedded database's alone.
describe.skipIf(process.env.TEST_DATABASE_URL)("the server on PGlite", () => {
  it("looks after its database by a job scheduled every minute", async () => {
    const server = await startTestServer();
    try {
      const db = server.deps.database.pglite as PGlite;
      await db.exec(
        "create table probe (id int primary key); insert into probe select generate_series(1, 1000)",
      );
      // The minute's run, sent now rather than waited for; the schedule itself is pg-boss's (checked below).
      await server.deps.jobs?.send(MAINTENANCE_JOB);
      await server.untilJob(MAINTENANCE_JOB, async () => ((await tables(db)).probe?.analyze_count ?? 0) > 0);
      expect((await tables(db)).probe).toMatchObject({ vacuum_count: 1, analyze_count: 1, reltuples: 1000 });
      const { rows } = await db.query<{ cron: string }>("select cron from pgboss.schedule where name = $1", [
        MAINTENANCE_JOB,
      ]);
      expect(rows).toEqual([{ cron: "* * * * *" }]);
    } finally {
      await server.close();
    }
  });
});
