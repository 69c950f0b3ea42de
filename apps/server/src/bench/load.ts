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
