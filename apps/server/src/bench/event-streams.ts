import fs from "node:fs";
import http from "node:http";
import type { TFixtures } from "./endpoints.ts";

export type TStreamRun = {
  /** Event streams open on the one instance, of the signed-in bench members in turn. */
  streams: number;
  /** How many site events were sent, one after the other. */
  events: number;
  /** From the settings save leaving to its `site` event arriving on a stream, over every stream and event. */
  deliveryP50Ms: number;
  deliveryP99Ms: number;
  deliveryMaxMs: number;
  /** The settings save (the writer's wait, which publishes after its commit), median and worst. */
  saveP50Ms: number;
  saveMaxMs: number;
  /** The server's resident memory per open stream (after all opened, less before), in KB. */
  memoryPerStreamKb: number;
  openSeconds: number;
};

type TStream = { request: http.ClientRequest; arrivals: number[]; ready: Promise<void> };

/** The nearest-rank percentile of an ascending list. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The server process's resident memory, in KB (Linux /proc). */
function residentKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Opens GET /api/events as a member and notes when each `site` event arrives. */
function openStream(origin: string, cookie: string): TStream {
  const arrivals: number[] = [];
  let ready: () => void = () => {};
  let failed: (err: Error) => void = () => {};
  const readyPromise = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const request = http.get(`${origin}/api/events`, { headers: { cookie }, agent: false }, (res) => {
    if (res.statusCode !== 200) {
      failed(new Error(`an event stream answered ${res.statusCode}`));
      res.resume();
      return;
    }
    res.setEncoding("utf8");
    let buffer = "";
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let cut = buffer.indexOf("\n\n");
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.includes("event: ready")) ready();
        else if (block.includes("event: site")) arrivals.push(performance.now());
        cut = buffer.indexOf("\n\n");
      }
    });
  });
  request.on("error", (err) => failed(err));
  return { request, arrivals, ready: readyPromise };
}

/** An admin saves the announcement: one `site` event to every open stream, after the commit. */
async function saveSettings(fx: TFixtures, n: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${fx.origin}/api/admin/site`, {
    method: "PATCH",
    headers: { cookie: fx.adminCookie, origin: fx.origin, "content-type": "application/json" },
    body: JSON.stringify({ announcement: `Stream check ${n}` }),
  });
  if (!res.ok) throw new Error(`the settings save answered ${res.status}: ${await res.text()}`);
  return started;
}

/**
 * `count` event streams on one instance (the signed-in bench members' in turn; the bench server has no per-member
 * cap), then `events` site-settings saves, one at a time, each an event to every stream: how long each takes to reach
 * every stream, how long the admin's save takes, and what the streams cost in memory.
 */
export async function measureEventStreams(
  fx: TFixtures,
  pid: number,
  count: number,
  events: number,
  log: (line: string) => void,
): Promise<TStreamRun> {
  const before = residentKb(pid);
  const opening = performance.now();
  const streams: TStream[] = [];
  // Opened in batches, as clients arrive, so the accept queue is not the thing measured.
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) =>
      openStream(fx.origin, fx.cookies[(i + j) % fx.cookies.length] ?? ""),
    );
    streams.push(...batch);
    await Promise.all(batch.map((s) => s.ready));
  }
  const openSeconds = (performance.now() - opening) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = residentKb(pid);
  log(
    `  ${count} event streams open in ${openSeconds.toFixed(1)} s (${after - before} KB more resident memory)`,
  );
  const deliveries: number[] = [];
  const saves: number[] = [];
  try {
    for (let n = 1; n <= events; n++) {
      const seen = streams.map((s) => s.arrivals.length);
      const started = await saveSettings(fx, n);
      saves.push(performance.now() - started);
      const deadline = Date.now() + 30_000;
      while (streams.some((s, i) => s.arrivals.length <= (seen[i] ?? 0))) {
        if (Date.now() > deadline) throw new Error(`site event ${n} did not reach every stream within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      for (const [i, s] of streams.entries()) deliveries.push((s.arrivals[seen[i] ?? 0] ?? 0) - started);
    }
  } finally {
    for (const s of streams) s.request.destroy();
  }
  const sorted = (list: number[]) => [...list].sort((x, y) => x - y);
  const d = sorted(deliveries);
  const p = sorted(saves);
  return {
    streams: count,
    events,
    deliveryP50Ms: Math.round(percentile(d, 50)),
    deliveryP99Ms: Math.round(percentile(d, 99)),
    deliveryMaxMs: Math.round(d.at(-1) ?? 0),
    saveP50Ms: Math.round(percentile(p, 50)),
    saveMaxMs: Math.round(p.at(-1) ?? 0),
    memoryPerStreamKb: Math.round(((after - before) / count) * 10) / 10,
    openSeconds: Math.round(openSeconds * 10) / 10,
  };
}
