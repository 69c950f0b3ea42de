import type { Placeholder, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { TDb } from "./client.ts";

/** A value of a statement, or the placeholder (`sql.placeholder(key)`) a statement built once has in its place. */
export type TValue<T> = T | Placeholder;

/**
 * Statements Drizzle builds once per database instead of on every request: `statement(db, name, build)` returns what
 * `build(name, true)` gave the first time that name was asked for on that database (a query `.prepare(name)`d,
 * whose `execute(values)` only fills in its placeholders). Building a statement walks its whole expression tree,
 * class checks and all, which cost as much Node time as the rest of a small read (docs/benchmarks.md); the names are
 * also the prepared statements' on each PostgreSQL connection. A name stands for one statement text: give each
 * shape of a query (its list, its sort, whether it searches) a name of its own.
 *
 * At most `max` names are kept per database; past that, a new name is built for each use, `build(name, false)`,
 * so a caller whose shapes are many can leave it unnamed on the connection.
 */
export function builtOnce<T>(
  max = Number.POSITIVE_INFINITY,
): (db: TDb, name: string, build: (name: string, kept: boolean) => T) => T {
  const byDb = new WeakMap<TDb, Map<string, T>>();
  return (db, name, build) => {
    let statements = byDb.get(db);
    if (!statements) {
      statements = new Map();
      byDb.set(db, statements);
    }
    const statement = statements.get(name);
    if (statement !== undefined) return statement;
    if (statements.size >= max) return build(name, false);
    const built = build(name, true);
    statements.set(name, built);
    return built;
  };
}

const dialect = new PgDialect();
/**
 * Raw statements kept per database: the feed alone has up to 400 shapes (tab, sort, viewer, cursor, page size), and
 * each kept one is a prepared statement on every pooled connection. Past this, a shape runs unnamed, and
 * preparing-client.ts decides by its own rules whether to prepare it.
 */
const MAX_RAW_STATEMENTS = 200;
const rawStatements = builtOnce<ReturnType<TDb["_"]["session"]["prepareQuery"]>>(MAX_RAW_STATEMENTS);

/**
 * The rows of a raw statement built once (see builtOnce): `build()` writes `sql.placeholder(key)` wherever a value
 * of `values` goes, and is called only the first time `name` is asked for on `db`. Rows come back as they do from
 * queryRows (the driver's, unmapped).
 */
export async function builtRows<T>(
  db: TDb,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  const statement = rawStatements(db, name, (n, kept) =>
    db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, kept ? n : undefined, false),
  );
  const result = (await statement.execute(values)) as { rows: T[] };
  return result.rows;
}
