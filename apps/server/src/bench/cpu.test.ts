import { fork } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cpuMeter, postgresSince } from "./cpu.ts";

/* The bench's CPU split (cpu.ts), on processes whose CPU time is known. */

/** A child that spins until it has used `ms` of CPU itself, then says so and waits to be stopped. */
function busyChild(ms: number) {
  const child = fork(
    "-e",
    [
      `const used = () => { const u = process.cpuUsage(); return u.user + u.system; };
       while (used() < ${ms * 1000}) {}
       process.send("done");
       setInterval(() => {}, 1000);`,
    ],
    { execArgv: [] },
  );
  const done = new Promise<void>((resolve) => child.once("message", () => resolve()));
  return { pid: child.pid ?? 0, done, stop: () => child.kill() };
}

describe("cpu split", () => {
  it.runIf(process.platform === "linux")(
    "counts the driven process's time and this process's own",
    async () => {
      const child = busyChild(300);
      const meter = cpuMeter(child.pid, false);
      const spinUntil = process.cpuUsage().user + 100_000;
      while (process.cpuUsage().user < spinUntil) {}
      await child.done;
      const split = meter.per(10);
      child.stop();
      // Per request, for 10 requests: the child's 300 ms and its start, and this process's 100 ms.
      expect(split.target).toBeGreaterThanOrEqual(20_000);
      expect(split.target).toBeLessThan(40_000);
      expect(split.bench).toBeGreaterThanOrEqual(10_000);
      expect(split.postgres).toBeNull();
    },
  );

  it("leaves out a process that ended and counts one that started in full", () => {
    const before = new Map([
      [1, 5_000],
      [2, 9_000],
    ]);
    const now = new Map([
      [1, 6_000],
      [3, 700],
    ]);
    expect(postgresSince(before, now)).toBe(1_700);
  });
});
