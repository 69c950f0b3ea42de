import autocannon from "autocannon";
import type { TCpuSplit } from "./cpu.ts";

/**
 * One measurement: throughput, latency percentiles in milliseconds, anything that went wrong, and (once the runner
 * adds it) the CPU time per request in microseconds.
 */
export type TMeasure = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  cpu?: TCpuSplit;
};

export type TLoadRequest = {
  method: "GET" | "PUT" | "DELETE" | "POST";
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Rewrites the request just before it is sent; `context` lives as long as one connection. */
  setup?: (req: { path: string; headers: Record<string, string> }, context: Record<string, unknown>) => void;
};

export type TLoadOptions = { connections: number; seconds: number };

/**
 * Drives `url` over loopback with autocannon: every connection cycles through `requests` (a like toggle is PUT then
 * DELETE). Non-2xx answers count as errors, so a benchmark that was refused cannot pass for a fast one.
 */
export async function drive(url: string, requests: TLoadRequest[], options: TLoadOptions): Promise<TMeasure> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    requests: requests.map((r) => ({
      method: r.method,
      path: r.path,
      body: r.body,
      headers: r.headers,
      setupRequest: (req: autocannon.Request, context: object) => {
        if (!r.setup) return req;
        const next = { path: req.path ?? r.path, headers: { ...(req.headers as Record<string, string>) } };
        r.setup(next, context as Record<string, unknown>);
        return { ...req, path: next.path, headers: next.headers };
      },
    })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * The database peer's driver: `concurrency` loops calling `call` (the service with the same SQL and driver, no
 * HTTP) for `seconds`, timing each call.
 */
export async function loop(
  call: (worker: number, iteration: number) => Promise<unknown>,
  options: TLoadOptions,
): Promise<TMeasure> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const started = performance.now();
        try {
          await call(worker, i);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / options.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    errors,
  };
}
