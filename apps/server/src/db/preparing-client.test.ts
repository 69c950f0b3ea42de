import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type TDatabase } from "./client.ts";
import { isPreparable, StatementNames } from "./preparing-client.ts";
import { queryRows } from "./query-rows.ts";
import { createScratchDatabase, type TScratchDatabase } from "./scratch-database.ts";

describe("StatementNames", () => {
  it("names a text from its third run on, the same name every time", () => {
    const names = new StatementNames();
    expect(names.nameOf("select $1::int")).toBeUndefined();
    expect(names.nameOf("select $1::int")).toBeUndefined();
    const name = names.nameOf("select $1::int");
    expect(name).toMatch(/^p_[\w-]+$/);
    expect(names.nameOf("select $1::int")).toBe(name);
    expect(names.nameOf("select $2::int")).toBeUndefined();
  });

  it("prepares only single statements that read or write rows", () => {
    expect(isPreparable("with page as (select 1) select * from page")).toBe(true);
    expect(isPreparable("  insert into t values ($1)")).toBe(true);
    expect(isPreparable("begin")).toBe(false);
    expect(isPreparable("create index i on t (a)")).toBe(false);
    expect(isPreparable("select 1; select 2")).toBe(false);
  });
});

// Prepared statements are node-postgres' (a real server's); PGlite runs statements as it always did.
describe.skipIf(!process.env.TEST_DATABASE_URL)("statements on PostgreSQL", () => {
  let scratch: TScratchDatabase;
  let database: TDatabase;
  const prepared = async () =>
    (
      await queryRows<{ statement: string }>(
        database.db,
        sql`select statement from pg_prepared_statements where name like 'p\\_%'`,
      )
    ).map((r) => r.statement);

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? "", "plugs_test");
    // One connection, so every statement below runs where pg_prepared_statements is read.
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolMax: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it("prepares a query run three times, which answers as before, with its parameters", async () => {
    const answers = [];
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const [row] = await queryRows<{ next: number }>(database.db, sql`select ${n}::int + 1 as next`);
      answers.push(row?.next);
    }
    expect(answers).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(await prepared()).toContain("select $1::int + 1 as next");
  });

  it("prepares nothing when DATABASE_PREPARED_STATEMENTS is off (a pooler that does not follow them)", async () => {
    const unprepared = await openDatabase({
      databaseUrl: scratch.url,
      dataDir: null,
      poolMax: 1,
      preparedStatements: false,
    });
    try {
      for (const n of [1, 2, 3, 4, 5, 6]) await unprepared.db.execute(sql`select ${n}::int * 2 as twice`);
      const [row] = await queryRows<{ n: number }>(
        unprepared.db,
        sql`select count(*)::int as n from pg_prepared_statements`,
      );
      expect(row?.n).toBe(0);
    } finally {
      await unprepared.close();
    }
  });

  it("runs several statements in one text, and transaction control, unnamed", async () => {
    for (let i = 0; i < 4; i++) {
      await database.db.execute(sql.raw("select 1 as a; select 2 as b"));
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select ${i}::int as i`);
      });
    }
    const statements = await prepared();
    expect(statements).not.toContain("select 1 as a; select 2 as b");
    expect(statements.some((s) => /^(begin|commit)/i.test(s))).toBe(false);
  });
});
