import type { AddressInfo } from "node:net";
import type { TJobList } from "@plugs/domain";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../features/posts/testing.ts";
import { createUser, makeAdmin, type TTestUser } from "../testing/factories.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";

// E-mail over SMTP goes through the job queue: a mail server that refuses for a while delays the message (retried
// with backoff, visible to admins) instead of failing the request that sent it.

let smtp: SMTPServer;
// What the mail server answers a recipient for now: a refusal (its code and text), or null to accept.
let refusal: { code: number; text: string } | null = { code: 451, text: "Mailbox busy, try again later" };
const delivered: { to: string; raw: string }[] = [];
let server: TTestServer;
let admin: TTestUser;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusal) callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        delivered.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
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
    expect(delivered).toEqual([]);

    refusal = null;
    const resets = () => delivered.filter((m) => m.raw.includes("Subject: Reset your Plugs & Rugs password"));
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
    refusal = { code: 550, text: "Sender not allowed to relay" };
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
    refusal = null;
    const sentTo = () => delivered.filter((m) => m.to === member.email);
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
