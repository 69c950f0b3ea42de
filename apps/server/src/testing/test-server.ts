import { EventEmitter, once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { testUtils } from "better-auth/plugins";
import { loadConfig } from "../config.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";
import { createLogger } from "../logger.ts";
import { startServer, type TRunningServer } from "../server.ts";
import { pgliteSnapshot, postgresTemplate } from "./snapshot.ts";

export type TTestServer = TRunningServer & {
  /**
   * Resolves once `done()` is true, asking it again after each run of job `name` instead of on a timer; rejects
   * with the error a run of that job threw.
   */
  untilJob(name: string, done: () => Promise<boolean>): Promise<void>;
  /** fetch against the server, with the Origin header better-auth requires on POSTs. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  dataDir: string;
};

/**
 * A real server on a random port for one test file. On PGlite (in memory) by default; when TEST_DATABASE_URL is
 * set, on a fresh database created on that PostgreSQL server and dropped afterwards. Either starts migrated, from
 * a snapshot (snapshot.ts). `databaseUrl` starts a second
 * instance on another server's database (which that server's close() drops); `dataDir` keeps the data in that
 * folder (PGlite on disk there), left in place by close(), so a server started again on it is a restart;
 * `realtimeHeartbeatMs` shortens the event stream's heartbeat; `onQuery` is told each SQL statement the app sends
 * through Drizzle, `onJobRun` each job run; job queues are polled every half second (pg-boss's shortest), so a job sent runs at once.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    databaseUrl?: string;
    dataDir?: string;
    realtimeHeartbeatMs?: number;
    onQuery?: (query: string) => void;
    /** Told each run of a job on this instance: its queue name, and the error it threw. */
    onJobRun?: (name: string, error?: unknown) => void;
  } = {},
): Promise<TTestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "plugs-test-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined = options.databaseUrl;
  let dropDatabase = async () => {};
  if (adminUrl && !databaseUrl) {
    const scratch = await createScratchDatabase(adminUrl, "plugs_test", await postgresTemplate(adminUrl));
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  const config = loadConfig({
    PORT: "0",
    DATA_DIR: dataDir,
    CAPTCHA_PROVIDER: "none",
    // Per-IP auth limits would trip over a test that creates many accounts from 127.0.0.1; the auth tests turn
    // them on explicitly.
    SIGNIN_IP_LIMIT: "0",
    SIGNUP_IP_LIMIT: "0",
    // Tests write fast from one member and open streams from one address; the limits' own tests turn them on.
    MEMBER_LIMITS: "off",
    EVENT_STREAMS_PER_IP: "0",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    WEB_DIST: "",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const inMemoryDatabase = !databaseUrl && !options.dataDir;
  const jobRuns = new EventEmitter();
  const server = await startServer(config, {
    logger: createLogger(config.logLevel),
    inMemoryDatabase,
    authTestPlugin: testUtils(),
    pgliteSnapshot: inMemoryDatabase ? await pgliteSnapshot() : undefined,
    realtimeHeartbeatMs: options.realtimeHeartbeatMs,
    onQuery: options.onQuery,
    jobPollingIntervalSeconds: 0.5,
    onJobRun: (name, error) => {
      options.onJobRun?.(name, error);
      jobRuns.emit(name, error);
    },
  });
  // PORT=0 picks a free port; the public URL must name the one we got (unless a test set its own).
  config.port = server.port;
  if (!env.PUBLIC_URL) config.publicUrl = server.url;
  return {
    ...server,
    dataDir,
    async untilJob(name, done) {
      for (;;) {
        const ran = once(jobRuns, name);
        if (await done()) return;
        const [error] = (await ran) as [unknown];
        if (error) throw error;
      }
    },
    fetch(pathname, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("origin")) headers.set("origin", server.url);
      return fetch(`${server.url}${pathname}`, { ...init, headers });
    },
    async close() {
      await server.close();
      await dropDatabase();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
