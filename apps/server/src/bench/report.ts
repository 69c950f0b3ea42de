import type { TDatabaseRun } from "./measure.ts";

const ms = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));
const us = (n: number | null | undefined) => (n === null || n === undefined ? "-" : String(n));
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
 * The table `npm run bench` prints (and docs/benchmarks.md keeps), in Markdown so it pastes as it is: per endpoint
 * the server's req/s, p50, p99, errors and answer size, then the CPU time per request (µs) of the server, of
 * PostgreSQL and of autocannon (cpu.ts).
 */
export function formatTable(run: TDatabaseRun): string {
  const head = [
    "endpoint",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "bytes",
    "server µs",
    "pg µs",
    "autocannon µs",
  ];
  const rows = run.endpoints.map((e) => [
    e.name,
    e.rps.toFixed(0),
    ms(e.p50),
    ms(e.p99),
    String(e.errors),
    String(e.bytes),
    us(e.cpu?.target),
    us(e.cpu?.postgres),
    us(e.cpu?.bench),
  ]);
  return markdownTable(head, [26, 7, 6, 6, 6, 6, 9, 5, 13], rows);
}

/** The targets (docs/benchmarks.md), checked against one run: a line for each one it misses. */
export function checkTargets(run: TDatabaseRun): string[] {
  const out: string[] = [];
  for (const e of run.endpoints) {
    if (run.database === "postgres" && e.p99 >= 50)
      out.push(`MISS ${e.name}: p99 ${ms(e.p99)} ms (target < 50)`);
    if (e.errors > 0) out.push(`MISS ${e.name}: ${e.errors} errors`);
  }
  // Keyset pagination: a page far down the feed costs what the first one does.
  const first = run.endpoints.find((e) => e.name === "feed, first page");
  const deep = run.endpoints.find((e) => e.name === "feed, deep cursor");
  if (first && deep && deep.p50 > 1.5 * first.p50) {
    out.push(`MISS deep feed page: p50 ${ms(deep.p50)} ms vs ${ms(first.p50)} ms (target 1.5x)`);
  }
  return out;
}
