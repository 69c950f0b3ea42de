import PgBoss from "pg-boss";
import { migrateOnce, type TDatabase } from "../db/client.ts";
import type { TLogger } from "../logger.ts";

/**
 * Work that must happen later or on a schedule, once across every instance: pg-boss (10.4.2, the last major that
 * runs on Node 20), a PostgreSQL job queue (SKIP LOCKED fetches, retries with backoff, failed jobs kept with their
 * error, cron schedules run by one instance). It keeps its tables in the `pgboss` schema of our database, on a real
 * PostgreSQL through the app's pool and on the embedded one (PGlite) through the same SQL: one queue, both databases.
 * Chosen over graphile-worker, whose current versions need Node 22.
 */

/**
 * What a job does with its data. Throwing fails the attempt; pg-boss retries it with backoff, then keeps it failed.
 * Throwing a PermanentJobError keeps it failed at once: trying again cannot help until someone changes something,
 * then retries it (/admin/jobs).
 */
export type TJobHandler = (data: Record<string, unknown>) => Promise<void>;

/** A failure no later attempt can mend by itself (a mail server's permanent refusal): no retries. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

export type TJobDefinition = {
  handler: TJobHandler;
  /** A cron expression (UTC) when the job runs on a schedule. */
  cron?: string;
  /** Attempts after the first (default 3), with exponential backoff. */
  retryLimit?: number;
};

export type TJobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

/** A job as admins see it: never its data, which may hold a link with a token (a password-reset e-mail). */
export type TJobRow = {
  id: string;
  name: string;
  state: TJobState;
  /** The last error of a failed or retrying job. */
  error: string | null;
  attempts: number;
  createdAt: string;
  startAfter: string;
  completedAt: string | null;
};

export type TJobRunner = {
  send(
    name: string,
    data?: Record<string, unknown>,
    options?: { startAfter?: Date; singletonKey?: string },
  ): Promise<string | null>;
  /** Pending (waiting, retrying or running) or failed jobs, newest first. */
  list(kind: "pending" | "failed", limit?: number): Promise<TJobRow[]>;
  /** Puts a failed job back in its queue; false when no failed job has that id. */
  retry(id: string): Promise<boolean>;
  stop(): Promise<void>;
};

/** pg-boss's SQL through our connection: the pool on PostgreSQL, PGlite itself (one statement or a script) embedded. */
function sqlOf(database: TDatabase): PgBoss.Db {
  const { pool, pglite } = database;
  if (pool) {
    return { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) };
  }
  if (!pglite) throw new Error("no database to run jobs on");
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
      // Its install and migration scripts hold many statements: exec runs a script, and answers each statement's rows.
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

export async function startJobRunner(
  database: TDatabase,
  logger: TLogger,
  jobs: Record<string, TJobDefinition>,
  options: {
    pollingIntervalSeconds?: number;
    /** Told after each run of a job's handler: its error, or null (tests wait on it instead of polling). */
    onRun?: (name: string, error: unknown) => void;
  } = {},
): Promise<TJobRunner> {
  // pg-boss records a job's outcome (complete or fail) without awaiting it, so its stop() can return while that
  // statement is still running: stop() below waits for every statement it sent before the pool may close.
  const running = new Set<Promise<unknown>>();
  const sql = sqlOf(database);
  const db: PgBoss.Db = {
    executeSql(text, values) {
      const statement = sql.executeSql(text, values);
      running.add(statement);
      void statement.catch(() => {}).finally(() => running.delete(statement));
      return statement;
    },
  };
  const boss = new PgBoss({ db, schema: "pgboss", supervise: true, schedule: true, migrate: true });
  boss.on("error", (err) => logger.error({ err }, "job runner error"));
  // pg-boss installs (and upgrades) its tables as it starts, and makes a table for each new queue: DDL that two
  // instances starting together on an empty database ran into each other with (a duplicate schema, a deadlock between
  // two queues' tables; two-instances.test.ts). Under the migrations' lock, the second finds everything in place.
  const install = async () => {
    await boss.start();
    for (const [name, job] of Object.entries(jobs)) {
      await boss.createQueue(name, {
        name,
        retryLimit: job.retryLimit ?? 3,
        retryBackoff: true,
        retryDelay: 10,
        // Kept two weeks once done or failed, so admins can see and retry what failed.
        retentionDays: 14,
      });
      if (job.cron) await boss.schedule(name, job.cron, {}, { tz: "UTC" });
      else await boss.unschedule(name);
    }
  };
  if (database.sessionUrl) await migrateOnce(database.sessionUrl, install);
  else await install();
  for (const [name, job] of Object.entries(jobs)) {
    await boss.work(
      name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async ([first]) => {
        if (!first) return;
        logger.info({ job: name, id: first.id }, "job started");
        try {
          await job.handler((first.data ?? {}) as Record<string, unknown>);
        } catch (err) {
          // No attempts left: pg-boss records this failure as the last (state failed, not retry).
          if (err instanceof PermanentJobError) {
            await db.executeSql(
              "update pgboss.job set retry_limit = retry_count where name = $1 and id = $2",
              [name, first.id],
            );
          }
          options.onRun?.(name, err);
          throw err;
        }
        options.onRun?.(name, null);
      },
    );
  }

  return {
    send: (name, data = {}, sendOptions = {}) =>
      boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      }),
    async list(kind, limit = 50) {
      const states = kind === "failed" ? "'failed'" : "'created', 'retry', 'active'";
      const { rows } = await db.executeSql(
        `select id, name, state, output, retry_count, created_on, start_after, completed_on
           from pgboss.job where state in (${states})
          order by created_on desc limit $1`,
        [limit],
      );
      return rows.map(toJobRow);
    },
    async retry(id) {
      const { rows } = await db.executeSql("select name from pgboss.job where id = $1 and state = 'failed'", [
        id,
      ]);
      const name = (rows[0] as { name?: string } | undefined)?.name;
      if (!name) return false;
      await boss.retry(name, id);
      return true;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await Promise.allSettled([...running]);
    },
  };
}

type TRawJob = {
  id: string;
  name: string;
  state: TJobState;
  output: unknown;
  retry_count: number;
  created_on: Date | string;
  start_after: Date | string;
  completed_on: Date | string | null;
};

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function toJobRow(raw: TRawJob): TJobRow {
  const output = raw.output as { message?: unknown } | null;
  return {
    id: raw.id,
    name: raw.name,
    state: raw.state,
    error: raw.state === "failed" || raw.state === "retry" ? String(output?.message ?? "") || null : null,
    attempts: raw.retry_count + (raw.state === "created" ? 0 : 1),
    createdAt: iso(raw.created_on),
    startAfter: iso(raw.start_after),
    completedAt: raw.completed_on ? iso(raw.completed_on) : null,
  };
}
