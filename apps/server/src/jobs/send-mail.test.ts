import type { TJobList } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../features/posts/testing.ts";
import { createUser, makeAdmin, type TTestUser } from "../testing/factories.ts";
import { startTestSmtp, type TTestSmtp } from "../testing/smtp-server.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";

// E-mail over SMTP goes through the job queue: a mail server that refuses for a while delays the message (retried
// with backoff, visible to admins) instead of failing the request that sent it.

let smtp: TTestSmtp;
let server: TTestServer;
let admin: TTestUser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  smtp.refuse({ code: 451, text: "Mailbox busy, try again later" });
  server = await startTestServer({ SMTP_URL: smtp.url });
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("e-mail over SMTP", () => {
  it("is queued, retried while the mail server refuses, and delivered once it accepts", {
    timeout: 60_000,
  }, async () => {
    const member = await createUser(server);
    const asked = await call(server, "POST", "/api/auth/request-password-reset", {
      json: { email: member.email },
    });
    expect(asked.status).toBe(200);

    // The mail server said 451: the job waits for its next try, and admins see why.
    const pending = await until(
      () => call<TJobList>(server, "GET", "/api/admin/jobs?state=pending", { cookie: admin.cookie }),
      (res) => res.body.items.some((job) => job.name === "send-mail" && job.state === "retry"),
      "the send-mail job to be retrying",
    );
    const job = pending.body.items.find((j) => j.name === "send-mail" && j.state === "retry");
    expect(job?.error).toContain("451 Mailbox busy");
    // What a job carries (here a reset link) is never shown.
    expect(JSON.stringify(pending.body)).not.toContain("reset-password?token=");
    expect(smtp.delivered).toEqual([]);

    smtp.refuse(null);
    const resets = () =>
      smtp.delivered.filter((m) => m.raw.includes("Subject: Reset your Plugs & Rugs password"));
    const [mail] = await until(
      async () => resets(),
      (list) => list.length > 0,
      "the e-mail to be delivered",
    );
    expect(mail?.to).toBe(member.email);
    expect(mail?.raw).toContain("reset-password");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(resets()).toHaveLength(1);
  });

  it("keeps a message the mail server refuses for good (5xx) failed at once, and an admin's Retry delivers it", {
    timeout: 60_000,
  }, async () => {
    smtp.refuse({ code: 550, text: "Sender not allowed to relay" });
    const member = await createUser(server);
    const asked = await call(server, "POST", "/api/auth/request-password-reset", {
      json: { email: member.email },
    });
    expect(asked.status).toBe(200);
    // No tries after the first: it is failed at once, with the server's answer.
    const failed = await until(
      () => call<TJobList>(server, "GET", "/api/admin/jobs?state=failed", { cookie: admin.cookie }),
      (res) => res.body.items.some((job) => job.name === "send-mail"),
      "the send-mail job to fail",
    );
    const job = failed.body.items.find((j) => j.name === "send-mail");
    expect(job).toMatchObject({ state: "failed", attempts: 1 });
    expect(job?.error).toContain("550 Sender not allowed to relay");

    // The relay is allowed now; an admin retries the message.
    smtp.refuse(null);
    const sentTo = () => smtp.delivered.filter((m) => m.to === member.email);
    expect(sentTo()).toEqual([]);
    const retried = await call(server, "POST", `/api/admin/jobs/${job?.id}/retry`, { cookie: admin.cookie });
    expect(retried.status).toBe(200);
    await until(
      async () => sentTo(),
      (list) => list.length > 0,
      "the retried e-mail to be delivered",
    );
    const after = await call<TJobList>(server, "GET", "/api/admin/jobs?state=failed", {
      cookie: admin.cookie,
    });
    expect(after.body.items.filter((j) => j.id === job?.id)).toEqual([]);
  });
});
