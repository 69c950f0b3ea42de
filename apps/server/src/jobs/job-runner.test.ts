import { JOB_MESSAGES, type TJobList } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/query-rows.ts";
import { call } from "../features/posts/testing.ts";
import { createLogger } from "../logger.ts";
import { createUser, makeAdmin, type TTestUser } from "../testing/factories.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";
import { startJobRunner, type TJobRunner } from "./job-runner.ts";

let server: TTestServer;
let admin: TTestUser;
let member: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  member = await createUser(server);
});
afterAll(() => server?.close());

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(server.deps.db, query))[0]?.n ?? 0);

/** A second runner on the server's database with jobs of the test's own, as another instance would be. */
async function extraRunner(jobs: Parameters<typeof startJobRunner>[2]): Promise<TJobRunner> {
  return startJobRunner(server.deps.database, createLogger("silent"), jobs, { pollingIntervalSeconds: 0.5 });
}

describe("the job runner", () => {
  it("runs the hourly clean-up on demand: expired sessions and limits go, live ones stay", async () => {
    await queryRows(
      server.deps.db,
      sql`insert into member_action_counts (user_id, action, count, window_ends_at)
          values (${member.id}, 'post', 3, now() - interval '1 minute'), (${member.id}, 'comment', 2, now() + interval '1 hour')`,
    );
    await queryRows(
      server.deps.db,
      sql`update sessions set expires_at = now() - interval '1 second'
          where id = (select id from sessions where user_id = ${admin.id} order by created_at limit 1)
            and (select count(*) from sessions where user_id = ${admin.id}) > 1`,
    );
    await queryRows(
      server.deps.db,
      sql`insert into sweep_challenges (nonce, user_id, address, message, expires_at)
          values ('expired-nonce', ${member.id}, 'addr', 'm', now() - interval '1 minute'),
                 ('live-nonce', ${member.id}, 'addr', 'm', now() + interval '10 minutes')`,
    );
    const liveSessions = await count(sql`select count(*)::int as n from sessions where expires_at > now()`);
    expect(await server.deps.jobs?.send("clean-up")).toBeTruthy();
    await until(
      () => count(sql`select count(*)::int as n from member_action_counts where window_ends_at < now()`),
      (n) => n === 0,
      "the expired day total to go",
    );
    expect(
      await count(sql`select count(*)::int as n from member_action_counts where user_id = ${member.id}`),
    ).toBe(1);
    expect(await count(sql`select count(*)::int as n from sessions where expires_at > now()`)).toBe(
      liveSessions,
    );
    expect(await count(sql`select count(*)::int as n from sweep_challenges`)).toBe(1);
    // The member is still signed in.
    expect((await call(server, "GET", "/api/me", { cookie: member.cookie })).status).toBe(200);
  });

  it("keeps a failed job with its error, shows it to admins only, and an admin's retry runs it again", async () => {
    let runs = 0;
    const other = await extraRunner({
      "test-flaky": {
        retryLimit: 0,
        handler: async () => {
          runs += 1;
          if (runs === 1) throw new Error("the mail server said no");
        },
      },
    });
    try {
      const id = await other.send("test-flaky", { to: "someone" });
      const failed = await until(
        () => call<TJobList>(server, "GET", "/api/admin/jobs?state=failed", { cookie: admin.cookie }),
        (res) => res.body.items.some((job) => job.id === id),
        "the job to fail",
      );
      expect(failed.body.items.find((job) => job.id === id)).toMatchObject({
        name: "test-flaky",
        state: "failed",
        error: "the mail server said no",
        attempts: 1,
      });
      expect((await call(server, "GET", "/api/admin/jobs", { cookie: member.cookie })).status).toBe(403);
      expect((await call(server, "GET", "/api/admin/jobs")).status).toBe(401);
      expect(
        (await call(server, "POST", `/api/admin/jobs/${id}/retry`, { cookie: member.cookie })).status,
      ).toBe(403);

      const retried = await call(server, "POST", `/api/admin/jobs/${id}/retry`, { cookie: admin.cookie });
      expect(retried.status).toBe(200);
      await until(
        async () => runs,
        (n) => n === 2,
        "the retried job to run",
      );
      const after = await until(
        () => call<TJobList>(server, "GET", "/api/admin/jobs?state=failed", { cookie: admin.cookie }),
        (res) => !res.body.items.some((job) => job.id === id),
        "the job to leave the failed list",
      );
      expect(after.status).toBe(200);

      const again = await call<{ error: { message: string } }>(
        server,
        "POST",
        `/api/admin/jobs/${id}/retry`,
        {
          cookie: admin.cookie,
        },
      );
      expect(again.status).toBe(404);
      expect(again.body.error.message).toBe(JOB_MESSAGES.notFound);
      const bad = await call<{ error: { message: string } }>(server, "POST", "/api/admin/jobs/nope/retry", {
        cookie: admin.cookie,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe(JOB_MESSAGES.invalidId);
    } finally {
      await other.stop();
    }
  });

  it("runs each job once across instances, and a job sent for later survives a restart", async () => {
    const ran: string[] = [];
    const jobs = {
      "test-once": {
        handler: async (data: Record<string, unknown>) => {
          ran.push(String(data.n));
        },
      },
    };
    const first = await extraRunner(jobs);
    const second = await extraRunner(jobs);
    try {
      await Promise.all(Array.from({ length: 20 }, (_, n) => first.send("test-once", { n })));
      await until(
        async () => ran.length,
        (n) => n >= 20,
        "20 jobs to run",
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect([...ran].sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: 20 }, (_, n) => String(n)),
      );

      // Sent for two seconds from now, then every runner stops before it is due: a new one runs it.
      await second.send("test-once", { n: "later" }, { startAfter: new Date(Date.now() + 2000) });
    } finally {
      await first.stop();
      await second.stop();
    }
    expect(ran).not.toContain("later");
    const restarted = await extraRunner(jobs);
    try {
      await until(
        async () => ran.includes("later"),
        (done) => done,
        "the later job after a restart",
      );
      expect(ran.filter((n) => n === "later")).toHaveLength(1);
    } finally {
      await restarted.stop();
    }
  });
});
