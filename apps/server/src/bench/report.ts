import type { TDatabaseRun } from "./measure.ts";

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "-");
const ms = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));
const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : " ".repeat(n - s.length) + s);

/** A Markdown table with its first column left-aligned and padded to `widths`, the others right-aligned. */
function markdownTable(head: string[], widths: number[], rows: string[][]): string {
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? pad(c, widths[i] ?? 0) : lpad(c, widths[i] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(head), rule, ...rows.map(line)].join("\n");
}

/**
 * The table `npm run bench` prints (and docs/benchmarks.md keeps): per endpoint the server's req/s, p50 and p99, the
 * database peer's and the HTTP peer's req/s, and the server's share of each. Markdown, so it pastes as it is.
 */
export function formatTable(run: TDatabaseRun): string {
  const head = [
    "endpoint",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "db req/s",
    "db p50",
    "vs db",
    "http req/s",
    "vs http",
    "bytes",
  ];
  const rows = run.endpoints.map((e) => [
    e.name,
    e.server.rps.toFixed(0),
    ms(e.server.p50),
    ms(e.server.p99),
    String(e.server.errors),
    e.database.rps.toFixed(0),
    ms(e.database.p50),
    ratio(e.server.rps, e.database.rps),
    e.http.rps.toFixed(0),
    ratio(e.server.rps, e.http.rps),
    String(e.bytes),
  ]);
  return markdownTable(head, [26, 7, 7, 7, 6, 8, 6, 5, 10, 7, 6], rows);
}

const us = (n: number | null | undefined) => (n === null || n === undefined ? "-" : String(n));

/**
 * Where each run's CPU went, in microseconds per request (cpu.ts): the server's run (the server, PostgreSQL,
 * autocannon), the database peer's (its services, PostgreSQL) and the HTTP peer's. "cpu ratio" is the database peer's
 * total over the server run's: what "vs db" comes to when both runs keep every core busy, so a "vs db" below it
 * means the server's run left cores idle, and the gap between it and 1 is the HTTP side's cost.
 */
export function formatCpuTable(run: TDatabaseRun): string {
  const head = ["endpoint", "server", "its db", "autocannon", "peer", "peer db", "cpu ratio", "http peer"];
  const rows = run.endpoints.map((e) => {
    const s = e.server.cpu;
    const d = e.database.cpu;
    const serverTotal = s ? s.bench + (s.target ?? 0) + (s.postgres ?? 0) : 0;
    const peerTotal = d ? d.bench + (d.postgres ?? 0) : 0;
    return [
      e.name,
      us(s?.target),
      us(s?.postgres),
      us(s?.bench),
      us(d?.bench),
      us(d?.postgres),
      s && d ? ratio(peerTotal, serverTotal) : "-",
      us(e.http.cpu?.target),
    ];
  });
  return markdownTable(head, [26, 6, 6, 10, 6, 7, 9, 9], rows);
}

/** The issue's targets, checked against one run: what holds and what does not. */
export function checkTargets(run: TDatabaseRun): string[] {
  const out: string[] = [];
  const by = (name: string) => run.endpoints.find((e) => e.name === name);
  for (const e of run.endpoints) {
    if (e.kind === "read" && e.name !== "health" && e.server.rps < 0.7 * e.database.rps) {
      out.push(`MISS ${e.name}: ${ratio(e.server.rps, e.database.rps)} of the database peer (target 0.70)`);
    }
    if (run.database === "postgres" && e.server.p99 >= 50)
      out.push(`MISS ${e.name}: p99 ${ms(e.server.p99)} ms (target < 50)`);
    if (e.server.errors > 0) out.push(`MISS ${e.name}: ${e.server.errors} errors`);
  }
  const health = by("health");
  if (health && health.server.rps < 0.8 * health.http.rps) {
    out.push(`MISS health: ${ratio(health.server.rps, health.http.rps)} of bare node:http (target 0.80)`);
  }
  const first = by("feed, first page");
  const deep = by("feed, deep cursor");
  if (first && deep && deep.server.p50 > 1.5 * first.server.p50) {
    out.push(
      `MISS deep feed page: p50 ${ms(deep.server.p50)} ms vs ${ms(first.server.p50)} ms (target 1.5x)`,
    );
  }
  return out;
}
