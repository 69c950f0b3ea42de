import fs from "node:fs";
import http from "node:http";
import { drive } from "./load.ts";
import { startServerProcess } from "./server-process.ts";

/**
 * The body flood of issue 23 (defect 3): 80 requests at once, each carrying 50 MB of JSON to a write route, signed
 * out, while 8 connections read the feed. Once with Content-Length (refused before a byte is read) and once chunked
 * with no length (cut off while it streams). Prints the server's resident memory before and at its peak, and the
 * feed's p99 during the flood. `node --import tsx apps/server/src/bench/body-flood.ts` (PGlite in a temp folder).
 */

const FLOOD = 80;
const BODY_BYTES = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 0x61);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** One flooding request; resolves with the status the server answered (or the error that ended it). */
function flood(url: string, chunked: boolean): Promise<string> {
  return new Promise((resolve) => {
    const target = new URL("/api/posts/00000000-0000-0000-0000-000000000000", url);
    const req = http.request(target, {
      method: "PATCH",
      headers: {
        origin: url,
        "content-type": "application/json",
        ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(BODY_BYTES) }),
      },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(String(res.statusCode));
      req.destroy();
    });
    req.on("error", (err) => resolve((err as NodeJS.ErrnoException).code ?? err.message));
    let sent = 0;
    const write = () => {
      while (sent < BODY_BYTES) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) {
          req.once("drain", write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

async function main() {
  const dataDir = fs.mkdtempSync("/tmp/plugs-flood-");
  const server = await startServerProcess({ DATA_DIR: dataDir });
  try {
    const quiet = await drive(server.url, [{ method: "GET", path: "/api/feed" }], {
      connections: 8,
      seconds: 8,
    });
    console.log(`no flood: feed p50 ${quiet.p50} ms, p99 ${quiet.p99} ms, ${quiet.rps.toFixed(0)} req/s`);
    for (const chunked of [false, true]) {
      const before = rssMb(server.pid);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(server.pid));
      }, 50);
      const feed = drive(server.url, [{ method: "GET", path: "/api/feed" }], { connections: 8, seconds: 8 });
      const statuses = await Promise.all(Array.from({ length: FLOOD }, () => flood(server.url, chunked)));
      const measured = await feed;
      clearInterval(sampler);
      const counts = statuses.reduce<Record<string, number>>((acc, s) => {
        acc[s] = (acc[s] ?? 0) + 1;
        return acc;
      }, {});
      console.log(
        `${chunked ? "chunked, no length" : "with Content-Length"}: ${FLOOD} x 50 MB -> ${JSON.stringify(counts)}; ` +
          `RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak (+${(peak - before).toFixed(0)} MB); ` +
          `feed during the flood: p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${measured.rps.toFixed(0)} req/s`,
      );
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
