import pg from "pg";
import { cpuMeter, untilIdle } from "./cpu.ts";
import { createBenchDatabase, seedAndInspect } from "./database.ts";
import { ENDPOINTS, type TEndpoint, type TFixtures } from "./endpoints.ts";
import { measureEventStreams, type TStreamRun } from "./event-streams.ts";
import { drive, type TLoadOptions, type TLoadRequest, type TMeasure } from "./load.ts";
import { BENCH_PASSWORD, type TBenchSize } from "./seed.ts";
import { startServerProcess } from "./server-process.ts";

export type TEndpointResult = TMeasure & {
  name: string;
  kind: "read" | "write";
  /** Size of the server's JSON answer (the first request of the cycle). */
  bytes: number;
  /** With `--rounds` over 1: each round's req/s (the figures above are the median round's). */
  rounds?: number[];
};

export type TDatabaseRun = {
  database: "postgres" | "pglite";
  seedSeconds: number;
  endpoints: TEndpointResult[];
  /** The event-stream run (event-streams.ts), unless --streams 0. */
  streams?: TStreamRun;
};

const SIGNED_IN_USERS = 8;

/** Signs bench user `n` in through the real sign-in route and returns its cookies. */
export async function signIn(url: string, n: number): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: `bench${n}@bench.test`, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench${n} could not sign in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .join("; ");
}

/**
 * One request of the cycle, sent once with fetch: it must succeed, and its body's size is reported. `context` is the
 * connection's (a like toggle's DELETE reads the post its PUT picked there).
 */
export async function sample(
  url: string,
  request: TLoadRequest,
  context: Record<string, unknown> = {},
): Promise<string> {
  const req = { path: request.path, headers: { ...request.headers } };
  request.setup?.(req, context);
  const res = await fetch(`${url}${req.path}`, {
    method: request.method,
    headers: req.headers,
    body: request.body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${request.method} ${req.path} answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

/** The round with the median req/s (the upper middle of an even count), whole, so its latencies and CPU go with it. */
function median(measures: TMeasure[]): TMeasure {
  const sorted = [...measures].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)] as TMeasure;
}

/**
 * What autovacuum would do after a write run (seed.ts says why it is done by hand), so the next run does not read
 * through the dead rows it left. PostgreSQL only: PGlite's data folder is the server's alone, and the server's
 * maintenance (db/maintenance.ts) looks after it.
 */
async function vacuum(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}

/**
 * Seeds a fresh database of one kind, starts the built server on it and measures every endpoint in turn over
 * loopback: a second of warm-up, then the timed run with its CPU time per request (cpu.ts). With `rounds` over 1,
 * every endpoint is measured once per round, in the same order each round.
 */
export async function measureDatabase(
  kind: "postgres" | "pglite",
  size: TBenchSize,
  options: TLoadOptions & {
    adminUrl: string;
    keep?: boolean;
    reuse?: string | undefined;
    /** Only the endpoints whose names contain one of these. */
    endpoints?: string[] | undefined;
    /** How many times every endpoint is measured; each figure is then the median round's. */
    rounds?: number;
    /** Event streams to open for the event-stream run (0 skips it), and the events sent to them. */
    streams?: number;
    streamEvents?: number;
  },
  log: (line: string) => void,
  /** Runs while the server is still up with its data (the Lighthouse run). */
  whileServing?: (url: string) => Promise<void>,
): Promise<TDatabaseRun> {
  const target = await createBenchDatabase(kind, options.adminUrl, options);
  const endpoints = ENDPOINTS.filter(
    (e) => !options.endpoints || options.endpoints.some((n) => e.name.includes(n)),
  );
  try {
    if (!target.reused)
      log(`Seeding ${kind} (${size.users} users, ${size.posts} posts, ${size.likes} likes)...`);
    const seeded = await seedAndInspect(target, size, log);
    log(`Seeded in ${seeded.seedSeconds.toFixed(0)} s. Starting the server...`);
    const server = await startServerProcess(target.env);
    const rounds = Math.max(1, options.rounds ?? 1);
    const measured = new Map<TEndpoint, TMeasure[]>(endpoints.map((e) => [e, []]));
    const bytes = new Map<TEndpoint, number>();
    let streams: TStreamRun | undefined;
    try {
      const cookies = [];
      for (let n = 1; n <= SIGNED_IN_USERS; n++) cookies.push(await signIn(server.url, n));
      const adminCookie = await signIn(server.url, 9);
      const fx: TFixtures = { origin: server.url, cookies, adminCookie, ...seeded };
      for (let round = 1; round <= rounds; round++) {
        if (rounds > 1) log(` round ${round} of ${rounds}`);
        for (const endpoint of endpoints) {
          const requests = endpoint.requests(fx);
          const body = await sample(server.url, requests[0] as TLoadRequest);
          bytes.set(endpoint, Buffer.byteLength(body));
          await drive(server.url, requests, { ...options, seconds: 1 });
          const meter = cpuMeter(server.pid, kind === "postgres");
          const run = await drive(server.url, requests, options);
          run.cpu = meter.per(run.requests);
          log(`  ${endpoint.name}: ${run.rps.toFixed(0)} req/s, p99 ${run.p99} ms`);
          measured.get(endpoint)?.push(run);
          if (endpoint.kind === "write" && target.databaseUrl) await vacuum(target.databaseUrl);
          await untilIdle(server.pid, kind === "postgres");
        }
      }
      if (options.streams) {
        log(`Event streams: ${options.streams} open, ${options.streamEvents ?? 10} events to all of them...`);
        streams = await measureEventStreams(fx, server.pid, options.streams, options.streamEvents ?? 10, log);
      }
      await whileServing?.(server.url);
    } finally {
      await server.stop();
    }
    return {
      database: kind,
      seedSeconds: seeded.seedSeconds,
      endpoints: endpoints.map((e) => {
        const runs = measured.get(e) ?? [];
        return {
          name: e.name,
          kind: e.kind,
          bytes: bytes.get(e) ?? 0,
          ...median(runs),
          ...(rounds > 1 ? { rounds: runs.map((r) => Math.round(r.rps)) } : {}),
        };
      }),
      ...(streams ? { streams } : {}),
    };
  } finally {
    await target.drop();
    if (options.keep || options.reuse) log(`Kept ${kind} database ${target.name} (--reuse ${target.name}).`);
  }
}
