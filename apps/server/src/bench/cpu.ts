import { execFileSync } from "node:child_process";
import fs from "node:fs";

/**
 * CPU time per request over one run, split by who spent it: this process (autocannon), the server and PostgreSQL's
 * processes. On a machine where all three share the cores, it says where a request's cost goes.
 */
export type TCpuSplit = {
  /** The bench's own process: autocannon. */
  bench: number;
  /** The server process (null where /proc cannot be read). */
  target: number | null;
  /** Every process named postgres on this machine (null without /proc or a local PostgreSQL). */
  postgres: number | null;
};

const TICK_US = (() => {
  try {
    return 1e6 / Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());
  } catch {
    return 1e4;
  }
})();

/** User plus system time of a process in microseconds, from /proc (null where it cannot be read). */
function processUs(pid: number): number | null {
  try {
    // The fields after the command name, which may itself hold spaces: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return null;
  }
}

function postgresPids(): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Each PostgreSQL process's CPU time so far (null when there is none to see). */
function postgresTimes(): Map<number, number> | null {
  const pids = postgresPids();
  if (pids.length === 0) return null;
  const times = new Map<number, number>();
  for (const pid of pids) {
    const us = processUs(pid);
    if (us !== null) times.set(pid, us);
  }
  return times;
}

/**
 * PostgreSQL's CPU time between two readings, process by process: a connection closed meanwhile (a pool's idle one)
 * must not take its earlier time off the sum, and one opened meanwhile counts from its start.
 */
export function postgresSince(before: Map<number, number>, now: Map<number, number>): number {
  let sum = 0;
  for (const [pid, us] of now) sum += us - (before.get(pid) ?? 0);
  return sum;
}

/** Starts counting; `per(requests)` gives the split since then. */
export function cpuMeter(targetPid: number, withPostgres: boolean) {
  const bench = process.cpuUsage();
  const target = processUs(targetPid);
  const postgres = withPostgres ? postgresTimes() : null;
  return {
    per(requests: number): TCpuSplit {
      const n = Math.max(requests, 1);
      const used = process.cpuUsage(bench);
      const targetNow = processUs(targetPid);
      const postgresNow = withPostgres ? postgresTimes() : null;
      return {
        bench: Math.round((used.user + used.system) / n),
        target: target !== null && targetNow !== null ? Math.round((targetNow - target) / n) : null,
        postgres: postgres && postgresNow ? Math.round(postgresSince(postgres, postgresNow) / n) : null,
      };
    },
  };
}

/**
 * Resolves once the server and PostgreSQL have been idle (under a tenth of a core together) for a quarter of a
 * second, or after `maxMs`: requests a run left in flight (a 4 MB data download takes seconds) finish before the
 * next endpoint is measured, instead of landing in its latencies.
 */
export async function untilIdle(targetPid: number, withPostgres: boolean, maxMs = 30_000): Promise<void> {
  const windowMs = 250;
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const target = processUs(targetPid);
    const postgres = withPostgres ? postgresTimes() : null;
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const targetNow = processUs(targetPid);
    const postgresNow = withPostgres ? postgresTimes() : null;
    const busyUs =
      (target !== null && targetNow !== null ? targetNow - target : 0) +
      (postgres && postgresNow ? postgresSince(postgres, postgresNow) : 0);
    if (busyUs < windowMs * 100) return;
  }
}
