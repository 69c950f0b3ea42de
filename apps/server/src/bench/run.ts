/**
 * `npm run bench`: seeds a data set by bulk SQL, starts the built server on a fresh PostgreSQL database and then on
 * PGlite, drives each endpoint with autocannon, weighs the web app's first load and runs Lighthouse.
 * Prints a table and writes bench-results/benchmarks.json. See docs/benchmarks.md.
 *
 *   npm run bench -- --scale 0.05 --seconds 5 --connections 32 --only postgres --no-web --no-build
 *   npm run bench -- --only postgres --keep              (keeps the seeded database and prints its name)
 *   npm run bench -- --only postgres --reuse plugs_bench_0123abcd --endpoints health,feed
 *   npm run bench -- --rounds 3 --pglite-scale 0.1      (each figure the median of 3 rounds; PGlite on less data)
 *   npm run bench -- --streams 5000 --stream-events 20  (the event-stream run; --streams 0 skips it)
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { runLighthouse, type TLighthouseResult } from "./lighthouse.ts";
import { measureDatabase, type TDatabaseRun } from "./measure.ts";
import { checkTargets, formatTable } from "./report.ts";
import { benchSize } from "./seed.ts";
import { BUDGET_PAGES, webBudget } from "./web-budget.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../..");

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    "pglite-scale": { type: "string" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    only: { type: "string" },
    "no-web": { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    "admin-url": {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
    out: { type: "string", default: "bench-results/benchmarks.json" },
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
    endpoints: { type: "string" },
    rounds: { type: "string", default: "1" },
    streams: { type: "string", default: "2000" },
    "stream-events": { type: "string", default: "10" },
  },
});

const scale = Number(args.scale);
const options = {
  seconds: Number(args.seconds),
  connections: Number(args.connections),
  adminUrl: args["admin-url"],
  keep: args.keep,
  reuse: args.reuse,
  endpoints: args.endpoints?.split(","),
  rounds: Number(args.rounds),
  streams: Number(args.streams),
  streamEvents: Number(args["stream-events"]),
};
if (!Number.isInteger(options.rounds) || options.rounds < 1)
  throw new Error("--rounds takes a whole number, 1 or more");
if (!Number.isInteger(options.streams) || options.streams < 0)
  throw new Error("--streams takes a whole number (0 skips the event-stream run)");
if (!Number.isInteger(options.streamEvents) || options.streamEvents < 1)
  throw new Error("--stream-events takes a whole number, 1 or more");
if (args.reuse && !args.only)
  throw new Error("--reuse names one database: say which with --only postgres|pglite");

async function machine() {
  const client = new pg.Client({ connectionString: options.adminUrl });
  let postgres = "unreachable";
  try {
    await client.connect();
    postgres = (await client.query("show server_version")).rows[0].server_version;
  } finally {
    await client.end().catch(() => {});
  }
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres,
  };
}

async function main() {
  const log = (line: string) => console.log(line);
  if (!args["no-build"]) {
    log("Building the web app (npm run build)...");
    execSync("npm run build", { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  }
  const kinds = (args.only ? [args.only] : ["postgres", "pglite"]) as ("postgres" | "pglite")[];
  const runs: TDatabaseRun[] = [];
  let lighthouse: TLighthouseResult[] | null = null;
  for (const kind of kinds) {
    const kindScale = kind === "pglite" && args["pglite-scale"] ? Number(args["pglite-scale"]) : scale;
    const size = benchSize(kindScale);
    const withLighthouse = !args["no-web"] && lighthouse === null;
    const run = await measureDatabase(kind, size, options, log, async (url) => {
      if (!withLighthouse) return;
      log(`Lighthouse (mobile) on ${Object.keys(BUDGET_PAGES).join(", ")}...`);
      lighthouse = await runLighthouse(url);
    });
    runs.push(run);
    console.log(
      `\n${kind}, scale ${kindScale}, ${options.connections} connections, ${options.seconds} s each${options.rounds > 1 ? `, medians of ${options.rounds} rounds` : ""}:\n`,
    );
    console.log(formatTable(run));
    if (run.streams) {
      const s = run.streams;
      console.log(
        `\nEvent streams: ${s.streams} open (${s.openSeconds} s to open, ${s.memoryPerStreamKb} KB each); ${s.events} events to all: delivery p50 ${s.deliveryP50Ms} ms, p99 ${s.deliveryP99Ms} ms, max ${s.deliveryMaxMs} ms; the save p50 ${s.saveP50Ms} ms, max ${s.saveMaxMs} ms`,
      );
    }
    for (const miss of checkTargets(run)) console.log(miss);
    console.log("");
  }
  const web = args["no-web"] ? null : webBudget(path.join(ROOT, "apps/web/dist"));
  if (web) {
    console.log("First load (gzipped), budget 150 KB of JavaScript per page:");
    for (const w of web) console.log(`  ${w.page.padEnd(22)} JS ${w.jsGzipKb} KB  CSS ${w.cssGzipKb} KB`);
  }
  if (lighthouse) {
    console.log("Lighthouse (mobile): performance / accessibility / best practices / SEO, LCP, CLS, TBT");
    for (const l of lighthouse as TLighthouseResult[]) {
      console.log(
        `  ${l.page.padEnd(22)} ${l.performance} / ${l.accessibility} / ${l.bestPractices} / ${l.seo}  LCP ${l.lcpMs} ms  CLS ${l.cls}  TBT ${l.tbtMs} ms`,
      );
      if (l.runtimeError) console.log(`             Lighthouse could not finish it (${l.runtimeError})`);
    }
  }
  const out = path.resolve(ROOT, args.out);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const result = {
    at: new Date().toISOString(),
    machine: await machine(),
    scale,
    options: { seconds: options.seconds, connections: options.connections, rounds: options.rounds },
    runs,
    web,
    lighthouse,
  };
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
