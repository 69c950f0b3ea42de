import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createScratchDatabase } from "../../../apps/server/src/db/scratch-database.ts";
import { freePort } from "../../../apps/server/src/lib/free-port.ts";
import { postgresTemplateName } from "../../../apps/server/src/testing/snapshot-key.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const WEB_INDEX = path.join(ROOT, "apps/web/dist/index.html");

export type TE2EServerOptions = {
  /** The name the server is reached by and its PUBLIC_URL names: localhost where an IP address will not do (WebAuthn). */
  hostname?: string;
};

export type TE2EServer = {
  /** http://127.0.0.1:<port> (or the hostname asked for) */
  url: string;
  /** The server's DATA_DIR (its mail outbox is `outbox/` in it). */
  dataDir: string;
  /** The last 8,000 characters the server wrote (its warnings and errors at the tests' log level). */
  output(): string;
  stop(): Promise<void>;
};

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`) serving the built web app, on a free port,
 * with a fresh data folder, and on a fresh PostgreSQL database when TEST_DATABASE_URL is set. Resolves once
 * /api/health answers. The web app must have been built (`npm test` builds it first). `extraEnv` adds or
 * overrides settings (e.g. ADMIN_EMAILS, CAPTCHA_PROVIDER, GIPHY_API_KEY with GIPHY_API_URL at a local fake).
 */
export async function startE2EServer(
  extraEnv: Record<string, string> = {},
  { hostname = "127.0.0.1" }: TE2EServerOptions = {},
): Promise<TE2EServer> {
  if (!fs.existsSync(WEB_INDEX)) {
    throw new Error(
      `The web app is not built (${path.relative(ROOT, WEB_INDEX)} is missing). Run \`npm run build\` first; \`npm test\` does it for you.`,
    );
  }
  const port = await freePort();
  const url = `http://${hostname}:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-e2e-"));
  const database = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(
        process.env.TEST_DATABASE_URL,
        "plugs_test",
        // Made by the project's global setup (apps/server/src/testing/global-setup.ts).
        postgresTemplateName(),
      )
    : null;

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    CAPTCHA_PROVIDER: "none",
    LOG_LEVEL: "warn",
    // Journeys write quickly and every browser is at 127.0.0.1; the fair-use limits are tested on the server.
    MEMBER_LIMITS: "off",
    EVENT_STREAMS_PER_IP: "0",
    ...extraEnv,
  };
  if (database) env.DATABASE_URL = database.url;

  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  const cleanup = async () => {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      if (!(await waitForExit(child, 10_000))) {
        child.kill("SIGKILL");
        await waitForExit(child, 5_000);
      }
    }
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await cleanup();
      throw new Error(`The server exited (code ${child.exitCode}) before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await cleanup();
      throw new Error(`The server did not answer /api/health within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, dataDir, output: () => output, stop: cleanup };
}
