import { createHash } from "node:crypto";
import pg from "pg";

/** A statement text runs this often unnamed before it is prepared: one-off shapes (a bulk insert's) never are. */
const RUNS_BEFORE_PREPARING = 3;
/** At most this many texts are prepared, so a connection holds at most this many plans. */
const MAX_PREPARED = 500;
/** At most this many texts are counted; past it, texts not yet counted run unnamed. */
const MAX_COUNTED = 5000;

/** Whether a statement's plan is worth keeping: one statement (no `;`) reading or writing rows. */
export function isPreparable(text: string): boolean {
  return /^\s*(select|with|insert|update|delete)\b/i.test(text) && !text.includes(";");
}

/**
 * The name each statement text is prepared under, once it has run often enough (see above), shared by every
 * connection: node-postgres prepares a name on a connection the first time it sends it there.
 */
export class StatementNames {
  private readonly runs = new Map<string, number>();
  private readonly names = new Map<string, string>();

  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined) return name;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs >= RUNS_BEFORE_PREPARING && this.names.size < MAX_PREPARED) {
      this.runs.delete(text);
      const prepared = `p_${createHash("sha1").update(text).digest("base64url")}`;
      this.names.set(text, prepared);
      return prepared;
    }
    if (runs > 1 || this.runs.size < MAX_COUNTED) this.runs.set(text, runs);
    return undefined;
  }
}

const statementNames = new StatementNames();

type TQueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * A node-postgres client that runs each query shape it sees often as a named prepared statement, so a pooled
 * connection parses it once and PostgreSQL can keep one generic plan for it (after five runs, when that plan is
 * estimated no worse than planning for the parameters each time): short reads then skip planning, which can cost as
 * much as running them. Row counts are written into the text (db/sql-int.ts) so a generic plan still knows them.
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query() is overloaded many ways; this passes them on
  override query(config: any, values?: any, callback?: any): any {
    const c = config as TQueryConfig | string | null;
    if (
      typeof c === "object" &&
      c !== null &&
      typeof c.text === "string" &&
      c.name === undefined &&
      typeof c.submit !== "function" &&
      isPreparable(c.text)
    ) {
      const name = statementNames.nameOf(c.text);
      // biome-ignore lint/suspicious/noExplicitAny: as above
      if (name) return (super.query as any)({ ...c, name }, values, callback);
    }
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return (super.query as any)(config, values, callback);
  }
}
