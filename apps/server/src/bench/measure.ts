import { benchId, createBenchDatabase, openBenchDeps, seedAndInspect } from "./database.ts";
import { ENDPOINTS, type TFixtures } from "./endpoints.ts";
import { startHttpPeer } from "./http-peer.ts";
import { drive, loop, type TLoadOptions, type TLoadRequest, type TMeasure } from "./load.ts";
import { checkPlans, formatPlanChecks } from "./plans.ts";
import { BENCH_PASSWORD, type TBenchSize } from "./seed.ts";
import { startServerProcess } from "./server-process.ts";

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
};

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

/**
 * Seeds a fresh database of one kind, then measures every endpoint three ways: the built server over loopback,
 * bare node:http with the same JSON, and the services called directly.
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
    const partial: Omit<TEndpointResult, "http" | "database">[] = [];
    const samples: string[] = [];
    let fx: TFixtures;
    try {
      const users = [];
      for (let n = 1; n <= SIGNED_IN_USERS; n++) users.push(await signIn(server.url, n));
      fx = { origin: server.url, users, ...seeded };
      if (options.plans) {
        log(formatPlanChecks(await checkPlans(target, endpoints, fx)));
        return { database: kind, seedSeconds: seeded.seedSeconds, endpoints: [] };
      }
      for (const endpoint of endpoints) {
        const requests = endpoint.requests(fx);
        const body = await sample(server.url, requests[0] as TLoadRequest);
        samples.push(body);
        await drive(server.url, requests, { ...options, seconds: 1 });
        const measured = await drive(server.url, requests, options);
        log(`  server  ${endpoint.name}: ${measured.rps.toFixed(0)} req/s, p99 ${measured.p99} ms`);
        partial.push({
          name: endpoint.name,
          kind: endpoint.kind,
          bytes: Buffer.byteLength(body),
          server: measured,
        });
      }
      await whileServing?.(server.url);
    } finally {
      await server.stop();
    }

    const peer = await startHttpPeer();
    const httpResults: TMeasure[] = [];
    try {
      for (const [i, endpoint] of endpoints.entries()) {
        await peer.answer(samples[i] ?? "{}");
        httpResults.push(await drive(peer.url, endpoint.requests(fx), options));
      }
    } finally {
      await peer.close();
    }

    const deps = await openBenchDeps(target);
    const dbResults: TMeasure[] = [];
    try {
      for (const endpoint of endpoints) {
        await loop((w, i) => endpoint.direct(deps, fx, w, i), { ...options, seconds: 1 });
        const measured = await loop((w, i) => endpoint.direct(deps, fx, w, i), options);
        log(
          `  database ${endpoint.name}: ${measured.rps.toFixed(0)} req/s, p99 ${measured.p99.toFixed(1)} ms`,
        );
        dbResults.push(measured);
      }
    } finally {
      await deps.database.close();
    }
    return {
      database: kind,
      seedSeconds: seeded.seedSeconds,
      endpoints: partial.map((p, i) => ({
        ...p,
        http: httpResults[i] as TMeasure,
        database: dbResults[i] as TMeasure,
      })),
    };
  } finally {
    await target.drop();
    if (options.keep || options.reuse) log(`Kept ${kind} database ${target.name} (--reuse ${target.name}).`);
  }
}
