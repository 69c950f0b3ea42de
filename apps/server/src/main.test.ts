import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.ts";
import { siteSettings } from "./db/schema/index.ts";
import { createScratchDatabase } from "./db/scratch-database.ts";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));
const started: ChildProcess[] = [];

type TProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function run(env: Record<string, string>): TProcess {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: { PATH: process.env.PATH ?? "", WEB_DIST: "", CAPTCHA_PROVIDER: "none", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The server's base URL once it prints its "running on" line (the test's timeout bounds the wait). */
function listening(p: TProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = p.output().match(/running on http:\/\/localhost:(\d+)/);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    p.child.stdout?.on("data", check);
    p.child.once("exit", () => reject(new Error(`server exited: ${p.output()}`)));
    check();
  });
}

const dataDirs: string[] = [];

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-main-"));
  dataDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

afterAll(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

describe("start-up", () => {
  // Each variable's rule and message: config.test.ts. Here, what main.ts does with one: a single line, exit 1.
  it("stops with one line naming a bad variable", async () => {
    const p = run({ DATA_DIR: tempDataDir(), DATABASE_POOL_SIZE: "1" });
    expect(await p.exited).toBe(1);
    expect(p.output().trim()).toBe(
      'Configuration error: DATABASE_POOL_SIZE must be a number of connections (2-1000), got "1"',
    );
  });

  it("refuses a second server on the same data folder, keeps data across restarts and stops cleanly", async () => {
    const dataDir = tempDataDir();
    const first = run({ DATA_DIR: dataDir, PORT: "0" });
    const url = await listening(first);
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: "ok", database: "pglite" });

    const second = run({ DATA_DIR: dataDir, PORT: "0" });
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(
      `Could not start: Another Plugs & Rugs server (pid ${first.child.pid}) is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    // Write through the database while no server runs, then check a new server sees it.
    const database = await openDatabase({ databaseUrl: null, dataDir });
    await database.db
      .update(siteSettings)
      .set({ siteName: "Kept Across Restarts" })
      .where(eq(siteSettings.settingName, "default"));
    await database.close();

    const again = run({ DATA_DIR: dataDir, PORT: "0" });
    const url2 = await listening(again);
    expect(await (await fetch(`${url2}/api/site`)).json()).toMatchObject({
      siteName: "Kept Across Restarts",
    });
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }, 180_000); // three servers migrate a new PGlite folder, one after another (7 s each alone, 35 s at load 11)

  it("takes over a lock left by a process that no longer runs", async () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(path.join(dataDir, "server.lock"), "999999");
    const p = run({ DATA_DIR: dataDir, PORT: "0" });
    await listening(p);
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(0);
  }, 120_000); // a server migrating a new PGlite folder: 7 s alone, 35 s at load 11

  it.runIf(process.env.TEST_DATABASE_URL)("runs on PostgreSQL when DATABASE_URL is set", async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, "plugs_test");
    try {
      const p = run({ DATA_DIR: tempDataDir(), PORT: "0", DATABASE_URL: scratch.url });
      const url = await listening(p);
      expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: "ok", database: "postgres" });
      p.child.kill("SIGTERM");
      expect(await p.exited).toBe(0);
    } finally {
      await scratch.drop();
    }
  });
});
