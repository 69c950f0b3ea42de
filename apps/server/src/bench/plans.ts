import pg from "pg";
import { isPreparable } from "../db/preparing-client.ts";
import { openBenchDeps, type TBenchDatabase } from "./database.ts";
import type { TEndpoint, TFixtures } from "./endpoints.ts";

export type TPlanCheck = {
  endpoint: string;
  statement: string;
  /** Planning plus execution with a plan made for these parameters (the best of three). */
  customMs: number;
  /** Execution of the generic plan a prepared statement may switch to after five runs (the best of three). */
  genericMs: number;
  /** Why the statement could not be timed again. */
  error?: string | undefined;
};

/** node-postgres' own conversion of a parameter to the text it sends (dates, arrays, JSON). */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): string | null } }).utils
  .prepareValue;

/** Worse than this, and slower by more than a tenth of a millisecond, a generic plan is reported. */
const WORSE = 1.5;

/** One line of SQL, cut to `width` characters. */
const oneLine = (text: string, width: number) => text.replace(/\s+/g, " ").trim().slice(0, width);

async function explainMs(
  client: pg.Client,
  execute: string,
): Promise<{ planning: number; execution: number }> {
  const { rows } = await client.query(`explain (analyze, format json) ${execute}`);
  const [plan] = rows[0]["QUERY PLAN"] as { "Planning Time": number; "Execution Time": number }[];
  return { planning: plan?.["Planning Time"] ?? 0, execution: plan?.["Execution Time"] ?? 0 };
}

/**
 * Every statement with parameters is a named prepared statement on PostgreSQL (db/preparing-client.ts), so after
 * five runs PostgreSQL may plan it once for any parameters. This runs each endpoint's services once, catches the
 * statements they send, and times each one's generic plan against plans made for its parameters, in a transaction
 * that is rolled back (writes included). A generic plan much slower than a custom one is a query to reshape.
 */
export async function checkPlans(
  target: TBenchDatabase,
  endpoints: TEndpoint[],
  fx: TFixtures,
): Promise<TPlanCheck[]> {
  if (!target.databaseUrl) throw new Error("plans are checked on PostgreSQL only");
  let caught: { text: string; params: unknown[] }[] = [];
  const deps = await openBenchDeps(target, (text, params) => caught.push({ text, params }));
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  const checks: TPlanCheck[] = [];
  try {
    for (const endpoint of endpoints) {
      caught = [];
      await endpoint.direct(deps, fx, 0, 0);
      const seen = new Set<string>();
      for (const { text, params } of caught) {
        if (!isPreparable(text) || seen.has(text)) continue;
        seen.add(text);
        const literals = params
          .map(prepareValue)
          .map((v) => (v === null ? "null" : client.escapeLiteral(String(v))));
        const name = `plan_check_${checks.length}`;
        const execute = literals.length ? `execute ${name}(${literals.join(", ")})` : `execute ${name}`;
        let error: string | undefined;
        const times = { custom: Number.POSITIVE_INFINITY, generic: Number.POSITIVE_INFINITY };
        await client.query("begin");
        try {
          await client.query(`prepare ${name} as ${text}`);
          for (const mode of ["custom", "generic"] as const) {
            await client.query(`set local plan_cache_mode = force_${mode}_plan`);
            for (let i = 0; i < 3; i++) {
              // Each run starts from the same rows: a write is undone before the next.
              await client.query("savepoint plan_run");
              const { planning, execution } = await explainMs(client, execute);
              await client.query("rollback to savepoint plan_run");
              times[mode] = Math.min(times[mode], mode === "custom" ? planning + execution : execution);
            }
          }
        } catch (err) {
          // An insert of the row the services just wrote, say: its key is taken, and its plan is a plain insert.
          error = err instanceof Error ? err.message : String(err);
        } finally {
          await client.query("rollback");
          await client.query(`deallocate ${name}`).catch(() => {});
        }
        checks.push({
          endpoint: endpoint.name,
          statement: oneLine(text, 90),
          customMs: times.custom,
          genericMs: times.generic,
          error,
        });
      }
    }
  } finally {
    await client.end();
    await deps.database.close();
  }
  return checks;
}

export function formatPlanChecks(checks: TPlanCheck[]): string {
  const lines = ["| endpoint | statement | custom ms | generic ms | |", "|---|---|--:|--:|---|"];
  for (const c of checks) {
    if (c.error) {
      lines.push(`| ${c.endpoint} | \`${c.statement}\` | | | ${c.error} |`);
      continue;
    }
    const worse = c.genericMs > c.customMs * WORSE && c.genericMs - c.customMs > 0.1;
    lines.push(
      `| ${c.endpoint} | \`${c.statement}\` | ${c.customMs.toFixed(2)} | ${c.genericMs.toFixed(2)} | ${worse ? "WORSE" : ""} |`,
    );
  }
  return lines.join("\n");
}
