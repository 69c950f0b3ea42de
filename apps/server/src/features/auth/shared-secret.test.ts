import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";

/*
 * Without AUTH_SECRET, instances on one PostgreSQL share the secret they generate (kept in app_secrets), so a session
 * made on one is good on every other, as behind a load balancer. Each test server has a DATA_DIR of its own, as
 * separate machines do; before, each generated its own secret there and refused the other's cookies with 401.
 */

const started: TTestServer[] = [];

afterEach(async () => {
  // The first server's close() drops the database, so the second closes first.
  for (const s of started.reverse()) await s.close();
  started.length = 0;
});

async function start(databaseUrl?: string, dataDir?: string) {
  const server = await startTestServer({}, { databaseUrl, dataDir });
  started.push(server);
  return server;
}

describe("the auth secret without AUTH_SECRET", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is one for all instances on a PostgreSQL: a session made on A works on B, and signing out on B ends it on A",
    async () => {
      const a = await start();
      const b = await start(a.deps.config.databaseUrl ?? "");
      expect(a.dataDir).not.toBe(b.dataDir);
      const member = await createUser(a);
      const onB = await b.fetch("/api/me", { headers: { cookie: member.cookie } });
      expect(onB.status).toBe(200);
      expect(await onB.json()).toMatchObject({ user: { id: member.id } });
      // Nothing is written to either DATA_DIR: the secret lives only in the database.
      expect(fs.existsSync(path.join(a.dataDir, "auth-secret"))).toBe(false);
      expect(fs.existsSync(path.join(b.dataDir, "auth-secret"))).toBe(false);
      const out = await b.fetch("/api/auth/sign-out", { method: "POST", headers: { cookie: member.cookie } });
      expect(out.status).toBe(200);
      expect((await a.fetch("/api/me", { headers: { cookie: member.cookie } })).status).toBe(401);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is the same for instances started together on an empty database",
    async () => {
      const a = await start();
      const url = a.deps.config.databaseUrl ?? "";
      const [b, c] = await Promise.all([start(url), start(url)]);
      const member = await createUser(c);
      for (const server of [a, b]) {
        expect((await server.fetch("/api/me", { headers: { cookie: member.cookie } })).status).toBe(200);
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "keeps a single instance's sessions when it moves to the database: the secret in its DATA_DIR becomes the shared one",
    async () => {
      // A server that ran alone has its secret in DATA_DIR/auth-secret; the first instance on the database adopts it.
      const secret = "s".repeat(40);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-secret-"));
      fs.writeFileSync(path.join(dataDir, "auth-secret"), `${secret}\n`);
      try {
        const a = await start(undefined, dataDir);
        const b = await start(a.deps.config.databaseUrl ?? "");
        const member = await createUser(b);
        expect((await a.fetch("/api/me", { headers: { cookie: member.cookie } })).status).toBe(200);
        const rows = await a.deps.database.pool?.query("select value from app_secrets where name = 'auth'");
        expect(rows?.rows).toEqual([{ value: secret }]);
      } finally {
        for (const s of started.reverse()) await s.close();
        started.length = 0;
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL)(
    "is kept in DATA_DIR on the embedded database, so a session outlives a restart",
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-secret-"));
      try {
        const before = await startTestServer({}, { dataDir });
        const member = await createUser(before);
        await before.close();
        expect(
          fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim().length,
        ).toBeGreaterThanOrEqual(32);
        const after = await startTestServer({}, { dataDir });
        try {
          expect((await after.fetch("/api/me", { headers: { cookie: member.cookie } })).status).toBe(200);
        } finally {
          await after.close();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
