import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { startServer } from "../server.ts";
import { maintainTables, startMaintenance } from "./maintenance.ts";

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

  it("runs on a timer until stopped", async () => {
    const maintenance = startMaintenance(pglite, createLogger("silent"), 20);
    const deadline = Date.now() + 10_000;
    while (((await tables()).churned?.analyze_count ?? 0) === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await maintenance.stop();
    expect((await tables()).churned?.analyze_count).toBe(1);
    // Stopped: more churn is left alone.
    for (let i = 0; i < 3; i++) await pglite.exec("update churned set n = n + 1");
    await new Promise((r) => setTimeout(r, 100));
    expect((await tables()).churned?.vacuum_count).toBe(1);
  });
});

describe("the server on PGlite", () => {
  it("looks after its database on a timer and stops when it closes", async () => {
    const config = loadConfig({ PORT: "0", CAPTCHA_PROVIDER: "none", LOG_LEVEL: "silent", WEB_DIST: "" });
    const server = await startServer(config, { inMemoryDatabase: true, maintenanceIntervalMs: 20 });
    const db = server.deps.database.pglite as PGlite;
    await db.exec(
      "create table probe (id int primary key); insert into probe select generate_series(1, 1000)",
    );
    const deadline = Date.now() + 10_000;
    while (((await tables(db)).probe?.analyze_count ?? 0) === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await tables(db)).probe).toMatchObject({ vacuum_count: 1, analyze_count: 1, reltuples: 1000 });
    await server.close();
    expect(db.closed).toBe(true);
  });
});
