import { sql } from "drizzle-orm";
import type { TDeps } from "../context.ts";
import { cpuMeter } from "./cpu.ts";
import { benchId, createBenchDatabase, openBenchDeps, seedAndInspect } from "./database.ts";
import { ENDPOINTS, type TEndpoint, type TFixtures } from "./endpoints.ts";
import { startHttpPeer } from "./http-peer.ts";
import { drive, loop, type TLoadOptions, type TLoadRequest, type TMeasure } from "./load.ts";
import { checkPlans, formatPlanChecks } from "./plans.ts";
import { BENCH_PASSWORD, type TBenchSize } from "./seed.ts";
import { startServerProcess, type TServerProcess } from "./server-process.ts";

export type TEndpointResult = {
  name: string;
  kind: "read" | "write";
  /** Size of the server's JSON answer (the first request of the cycle). */
  bytes: number;
  server: TMeasure;
  /** Bare node:http sending the same JSON. */
  http: TMeasure;
  /** The same services (same SQL, same driver) called without HTTP. */
  database: TMeasure;
  /** With `--rounds` over 1: each round's req/s (the three above are the rounds' medians). */
  rounds?: { server: number[]; http: number[]; database: number[] };
};

type TRounds = { server: TMeasure[]; http: TMeasure[]; database: TMeasure[] };

/** The round with the median req/s (the upper middle of an even count), whole, so its latencies and CPU go with it. */
function median(measures: TMeasure[]): TMeasure {
  const sorted = [...measures].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)] as TMeasure;
}

export type TDatabaseRun = {
  database: "postgres" | "pglite";
  seedSeconds: number;
  endpoints: TEndpointResult[];
};

const SIGNED_IN_USERS = 8;

async function signIn(url: string, n: number) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: `bench${n}@bench.test`, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench${n} could not sign in: ${res.status} ${await res.text()}`);
  const pairs = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  const cookie = pairs.join("; ");
  // The signed value is `token.signature`: the token is what the session middleware looks up.
  const signed = pairs.find((p) => p.split("=")[0]?.endsWith("session_token"))?.split("=")[1];
  if (!signed) throw new Error(`bench${n} signed in without a session cookie`);
  const value = decodeURIComponent(signed);
  const sessionToken = value.slice(0, value.lastIndexOf("."));
  return {
    id: benchId("u", n),
    username: `bench_${n}`,
    email: `bench${n}@bench.test`,
    isAdmin: false,
    sessionId: "",
    cookie,
    sessionToken,
  };
}

/** One request of the cycle, sent once with fetch: the answer the HTTP peer will repeat. */
async function sample(url: string, request: TLoadRequest): Promise<string> {
  const req = { path: request.path, headers: { ...request.headers } };
  request.setup?.(req, {});
  const res = await fetch(`${url}${req.path}`, {
    method: request.method,
    headers: req.headers,
    body: request.body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${request.method} ${req.path} answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

/** What autovacuum would do after a write run (seed.ts says why it is done by hand), so the next run starts clean. */
async function afterWrites(deps: TDeps) {
  await deps.db.execute(sql`vacuum analyze`);
}

/**
 * Seeds a fresh database of one kind, then measures every endpoint three ways: the built server over loopback,
 * bare node:http with the same JSON, and the services called directly. On PostgreSQL the three runs of an endpoint
 * follow each other, so a change in the machine's load between endpoints touches all three alike; PGlite's data
 * folder admits one process at a time, so there the server's runs come first, then the peers'. Each run is timed
 * after a second of warm-up and has its CPU time per request split (cpu.ts).
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
    /** Instead of measuring, time each statement's generic plan against its custom plans (PostgreSQL). */
    plans?: boolean;
    /** How many times every endpoint is measured three ways; each figure is then the rounds' median. */
    rounds?: number;
  },
  log: (line: string) => void,
  /** Runs while the server is still up with its data (the Lighthouse run). */
  whileServing?: (url: string) => Promise<void>,
): Promise<TDatabaseRun> {
  const target = await createBenchDatabase(kind, options.adminUrl, options);
  const endpoints = ENDPOINTS.filter(
    (e) => !options.endpoints || options.endpoints.some((n) => e.name.includes(n)),
  );
  const withPostgres = kind === "postgres";
  try {
    if (!target.reused)
      log(`Seeding ${kind} (${size.users} users, ${size.posts} posts, ${size.likes} likes)...`);
    const seeded = await seedAndInspect(target, size, log);
    log(`Seeded in ${seeded.seedSeconds.toFixed(0)} s. Starting the server...`);
    let server: TServerProcess | null = await startServerProcess(target.env);
    let peer: Awaited<ReturnType<typeof startHttpPeer>> | null = null;
    let deps: TDeps | null = null;
    const rounds = Math.max(1, options.rounds ?? 1);
    const byEndpoint = new Map<TEndpoint, TRounds>(
      endpoints.map((e) => [e, { server: [], http: [], database: [] }]),
    );
    /** Each endpoint's answer from the server, which the HTTP peer then repeats. */
    const bodies = new Map<TEndpoint, string>();
    try {
      const users = [];
      for (let n = 1; n <= SIGNED_IN_USERS; n++) users.push(await signIn(server.url, n));
      const fx: TFixtures = { origin: server.url, users, ...seeded };
      if (options.plans) {
        log(formatPlanChecks(await checkPlans(target, endpoints, fx)));
        return { database: kind, seedSeconds: seeded.seedSeconds, endpoints: [] };
      }

      const measuredBy = (endpoint: TEndpoint) => byEndpoint.get(endpoint) as TRounds;
      const viaServer = async (endpoint: TEndpoint, running: TServerProcess) => {
        const requests = endpoint.requests(fx);
        const body = await sample(running.url, requests[0] as TLoadRequest);
        await drive(running.url, requests, { ...options, seconds: 1 });
        const meter = cpuMeter(running.pid, withPostgres);
        const measured = await drive(running.url, requests, options);
        measured.cpu = meter.per(measured.requests);
        log(`  server  ${endpoint.name}: ${measured.rps.toFixed(0)} req/s, p99 ${measured.p99} ms`);
        bodies.set(endpoint, body);
        measuredBy(endpoint).server.push(measured);
      };
      const viaHttpPeer = async (endpoint: TEndpoint, running: NonNullable<typeof peer>) => {
        await running.answer(bodies.get(endpoint) ?? "{}");
        const meter = cpuMeter(running.pid, false);
        const measured = await drive(running.url, endpoint.requests(fx), options);
        measured.cpu = meter.per(measured.requests);
        measuredBy(endpoint).http.push(measured);
      };
      const viaServices = async (endpoint: TEndpoint, open: TDeps) => {
        await loop((w, i) => endpoint.direct(open, fx, w, i), { ...options, seconds: 1 });
        const meter = cpuMeter(null, withPostgres);
        const measured = await loop((w, i) => endpoint.direct(open, fx, w, i), options);
        measured.cpu = meter.per(measured.requests);
        log(
          `  database ${endpoint.name}: ${measured.rps.toFixed(0)} req/s, p99 ${measured.p99.toFixed(1)} ms`,
        );
        measuredBy(endpoint).database.push(measured);
        if (endpoint.kind === "write") await afterWrites(open);
      };

      if (kind === "postgres") {
        peer = await startHttpPeer();
        deps = await openBenchDeps(target);
        for (let round = 1; round <= rounds; round++) {
          if (rounds > 1) log(` round ${round} of ${rounds}`);
          for (const endpoint of endpoints) {
            await viaServer(endpoint, server);
            if (endpoint.kind === "write") await afterWrites(deps);
            await viaHttpPeer(endpoint, peer);
            await viaServices(endpoint, deps);
          }
        }
        await whileServing?.(server.url);
      } else {
        for (let round = 1; round <= rounds; round++) {
          for (const endpoint of endpoints) await viaServer(endpoint, server);
        }
        await whileServing?.(server.url);
        await server.stop();
        server = null;
        peer = await startHttpPeer();
        for (let round = 1; round <= rounds; round++) {
          for (const endpoint of endpoints) await viaHttpPeer(endpoint, peer);
        }
        deps = await openBenchDeps(target);
        // The server's write runs are behind it: start the peer's from the state the server's reads saw.
        await afterWrites(deps);
        for (let round = 1; round <= rounds; round++) {
          for (const endpoint of endpoints) await viaServices(endpoint, deps);
        }
      }
    } finally {
      await server?.stop();
      await peer?.close();
      await deps?.database.close();
    }
    return {
      database: kind,
      seedSeconds: seeded.seedSeconds,
      endpoints: endpoints.map((e) => {
        const m = byEndpoint.get(e) as TRounds;
        const rps = (list: TMeasure[]) => list.map((x) => Math.round(x.rps));
        return {
          name: e.name,
          kind: e.kind,
          bytes: Buffer.byteLength(bodies.get(e) ?? ""),
          server: median(m.server),
          http: median(m.http),
          database: median(m.database),
          ...(rounds > 1
            ? { rounds: { server: rps(m.server), http: rps(m.http), database: rps(m.database) } }
            : {}),
        };
      }),
    };
  } finally {
    await target.drop();
    if (options.keep || options.reuse) log(`Kept ${kind} database ${target.name} (--reuse ${target.name}).`);
  }
}
