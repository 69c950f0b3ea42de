import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { BetterAuthPlugin } from "better-auth";
import { createApp } from "./app.ts";
import type { TConfig } from "./config.ts";
import type { TDeps } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import { onAuthStart } from "./features/auth/startup.ts";
import { startEventBus } from "./features/realtime/event-bus.ts";
import { createRealtimeHub, type TRealtimeHub } from "./features/realtime/hub.ts";
import { markDraining } from "./features/site/readiness.ts";
import { answerClientError } from "./http/client-error.ts";
import { startJobRunner } from "./jobs/job-runner.ts";
import { appJobs } from "./jobs/jobs.ts";
import { createLogger, type TLogger } from "./logger.ts";
import { createStorage } from "./storage/create-storage.ts";

export type TRunningServer = {
  url: string;
  port: number;
  deps: TDeps;
  /** The open event streams of this instance. */
  realtime: TRealtimeHub;
  /**
   * Answers readiness with 503 for SHUTDOWN_DRAIN_SECONDS while still serving, then stops taking connections, lets
   * in-flight requests finish, and closes the database.
   */
  close(): Promise<void>;
};

/** Opens the database (migrating it), builds the app and listens. Used by main.ts and by the tests. */
export async function startServer(
  config: TConfig,
  options: {
    logger?: TLogger;
    inMemoryDatabase?: boolean;
    /** The in-memory database starts from this data-folder dump (tests: an already migrated one). */
    pgliteSnapshot?: Blob;
    /** Test servers: better-auth's test-utils plugin for the user factory (TDeps.authTestPlugin). */
    authTestPlugin?: BetterAuthPlugin;
    realtimeHeartbeatMs?: number;
    /** Told each SQL statement the app sends (tests). */
    onQuery?: (query: string) => void;
    /** How often each job queue is polled (jobs/job-runner.ts; tests shorten it). */
    jobPollingIntervalSeconds?: number;
    /** Told after each job run (jobs/job-runner.ts; tests). */
    onJobRun?: (name: string, error: unknown) => void;
  } = {},
): Promise<TRunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  // First: a bad storage setting (S3 without keys) fails before anything is opened.
  const storage = createStorage(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    dataDir: options.inMemoryDatabase ? null : config.dataDir,
    pgliteSnapshot: options.pgliteSnapshot,
    preparedStatements: config.databasePreparedStatements,
    poolMax: config.databasePoolSize,
    onIdleError: (err) => logger.warn({ err }, "an idle database connection closed"),
    onNotifyError: (err) => logger.error({ err }, "events could not be published after their commit"),
    onQuery: options.onQuery,
  });
  const deps: TDeps = {
    config,
    database,
    db: database.db,
    logger,
    storage,
    authTestPlugin: options.authTestPlugin,
  };
  try {
    await onAuthStart(deps);
  } catch (err) {
    await database.close();
    throw err;
  }
  let realtime: TRealtimeHub;
  try {
    deps.jobs = await startJobRunner(database, logger, appJobs(deps), {
      pollingIntervalSeconds: options.jobPollingIntervalSeconds,
      onRun: options.onJobRun,
    });
    realtime = createRealtimeHub(deps, await startEventBus(database, logger));
  } catch (err) {
    await deps.jobs?.stop();
    await database.close();
    throw err;
  }
  const app = createApp(deps, { realtime, realtimeHeartbeatMs: options.realtimeHeartbeatMs });
  const server = await new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    const s = createServer(getRequestListener(app.fetch, { hostname: "0.0.0.0" }));
    s.on("clientError", answerClientError);
    s.listen(config.port, "0.0.0.0", () => resolve(s));
    s.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    deps,
    realtime,
    close() {
      closing ??= (async () => {
        // The load balancer sees readiness fail and stops sending new requests before we stop taking them.
        markDraining(deps);
        if (config.shutdownDrainSeconds > 0) {
          await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
        }
        // Event streams never finish on their own: end them first, or server.close() would wait forever.
        await realtime.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
          (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        });
        await deps.jobs?.stop();
        await database.close();
      })();
      return closing;
    },
  };
}
