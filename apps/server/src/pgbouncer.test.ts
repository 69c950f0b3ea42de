import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type TScratchDatabase } from "./db/scratch-database.ts";
import { postComment } from "./features/comments/testing.ts";
import { call, createPostAs } from "./features/posts/testing.ts";
import { freePort } from "./lib/free-port.ts";
import { openEventStream } from "./testing/event-stream.ts";
import { createUser } from "./testing/factories.ts";
import { postgresTemplate } from "./testing/snapshot.ts";
import { startTestServer, type TTestServer } from "./testing/test-server.ts";

/*
 * docs/deploy.md's PgBouncer set-up: the server's pool goes through PgBouncer in transaction mode
 * (DATABASE_PREPARED_STATEMENTS=off), and what needs a session of its own (the LISTEN for live events, the
 * migrations' and job queue's advisory lock) connects straight to PostgreSQL (DATABASE_DIRECT_URL). .ci/run installs
 * Debian's pgbouncer.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const PGBOUNCER = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].find((file) => fs.existsSync(file));

/** Starts PgBouncer in transaction mode in front of `adminUrl`'s server; resolves once it takes connections. */
async function startPgBouncer(
  target: URL,
): Promise<{ port: number; stats(db: string): Promise<number>; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-pgbouncer-"));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const user = decodeURIComponent(target.username) || "postgres";
  fs.writeFileSync(path.join(dir, "users.txt"), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "users.txt")}`,
      `admin_users = ${user}`,
      "pool_mode = transaction",
      "default_pool_size = 4",
      "max_client_conn = 100",
      // node-postgres sends these at connect; PgBouncer refuses unknown startup parameters.
      "ignore_startup_parameters = extra_float_digits,options",
    ].join("\n"),
  );
  // PgBouncer will not run as root: it switches to the database's own system user.
  const asUser = process.getuid?.() === 0 ? ["-u", "postgres"] : [];
  const child: ChildProcess = spawn(PGBOUNCER ?? "pgbouncer", [...asUser, path.join(dir, "pgbouncer.ini")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-2000);
  });
  const url = (db: string) => `postgres://${user}@127.0.0.1:${port}/${db}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new pg.Client({ connectionString: url("pgbouncer") });
    try {
      await probe.connect();
      await probe.end();
      break;
    } catch (err) {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill();
        throw new Error(`PgBouncer did not start: ${String(err)}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    port,
    /** How many transactions PgBouncer has passed to database `db` (its admin console's SHOW STATS). */
    async stats(db) {
      const admin = new pg.Client({ connectionString: url("pgbouncer") });
      await admin.connect();
      try {
        // The admin console speaks only the simple query protocol: no parameters.
        const { rows } = await admin.query<{ database: string; total_xact_count: string }>("SHOW STATS");
        return Number(rows.find((r) => r.database === db)?.total_xact_count ?? 0);
      } finally {
        await admin.end();
      }
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!adminUrl || !PGBOUNCER)("behind PgBouncer in transaction mode", () => {
  let database: TScratchDatabase;
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
  let server: TTestServer;

  beforeAll(async () => {
    const admin = new URL(adminUrl ?? "");
    database = await createScratchDatabase(
      adminUrl ?? "",
      "plugs_test",
      await postgresTemplate(adminUrl ?? ""),
    );
    bouncer = await startPgBouncer(admin);
    const pooled = new URL(database.url);
    pooled.hostname = "127.0.0.1";
    pooled.port = String(bouncer.port);
    server = await startTestServer(
      { DATABASE_DIRECT_URL: database.url, DATABASE_PREPARED_STATEMENTS: "off" },
      { databaseUrl: pooled.toString() },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await bouncer?.stop();
    await database?.drop();
  });

  it("serves members through the pooler, and live events and jobs through their own connection", async () => {
    const before = await bouncer.stats(database.name);
    const writer = await createUser(server);
    const reader = await createUser(server);
    // The LISTEN is on the direct connection: a transaction-mode pooler would hand its session to someone else.
    const stream = await openEventStream(server, reader.cookie);
    try {
      await stream.next("ready");
      const post = await createPostAs(server, writer.cookie, {
        content: `through the pooler @${reader.username}`,
      });
      const event = await stream.next("notification", { timeoutMs: 2000 });
      expect(JSON.parse(event.data)).toMatchObject({ kind: "mention_post", postId: post.id });
      const read = await call<{ id: string; content: string }>(server, "GET", `/api/posts/${post.id}`);
      expect(read.body).toMatchObject({ id: post.id, content: `through the pooler @${reader.username}` });
      // A comment's transaction is sent in one flight (pipeline mode): the pooler keeps its statements together.
      const comment = await postComment(server, reader.cookie, post.id, {
        content: "answered through the pooler",
      });
      expect(comment.status).toBe(201);
      const thread = await call<{ items: { content: string }[] }>(
        server,
        "GET",
        `/api/posts/${post.id}/comments`,
      );
      expect(thread.body.items.map((c) => c.content)).toEqual(["answered through the pooler"]);
      const counted = await call<{ commentsCount: number }>(server, "GET", `/api/posts/${post.id}`);
      expect(counted.body.commentsCount).toBe(1);
    } finally {
      stream.close();
    }
    // The job queue works through the pooler too.
    expect(await server.deps.jobs?.send("clean-up")).toBeTruthy();
    let checks = 0;
    await server.untilJob("clean-up", async () => checks++ > 0);
    // Those requests' transactions went through PgBouncer.
    expect(await bouncer.stats(database.name)).toBeGreaterThan(before);
  });
});
