import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../lib/free-port.ts";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** BENCH_SERVER_NODE_ARGS (say `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server under load. */
function nodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
}

export type TServerProcess = { url: string; pid: number; stop(): Promise<void> };

/**
 * Starts the server as `npm start` runs it (node --import tsx apps/server/src/main.ts, serving the built web app)
 * with logs off, and waits until /api/health answers. Auth limits per IP are off: every bench user signs in from
 * 127.0.0.1.
 */
export async function startServerProcess(env: Record<string, string>): Promise<TServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs(), "--import", "tsx", "apps/server/src/main.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        PUBLIC_URL: url,
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
        CAPTCHA_PROVIDER: "none",
        SIGNIN_IP_LIMIT: "0",
        SIGNUP_IP_LIMIT: "0",
        // The fair-use limits would refuse a bench member within a second; BENCH_MEMBER_LIMITS sets them to measure
        // their cost (docs/benchmarks.md).
        MEMBER_LIMITS: process.env.BENCH_MEMBER_LIMITS ?? "off",
        // The event-stream run opens thousands of streams from one address for a few members (event-streams.ts).
        EVENT_STREAMS_PER_IP: "0",
        EVENT_STREAMS_PER_MEMBER: "0",
        AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("the server did not answer /api/health within 3 minutes");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
