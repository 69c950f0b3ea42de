import {
  CONTACT_LIMITS,
  CONTACT_M,
  M,
  REFERENCE_PATTERN,
  type TAssigneeList,
  type TContactMessage,
  type TContactMessagePage,
  type TContactReceipt,
  type TNotification,
  type TNotificationsPage,
} from "@plugs/domain";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema/index.ts";
import { getMailer, setMailer } from "../../lib/mailer.ts";
import { solvedAltcha } from "../../testing/altcha.ts";
import { openEventStream } from "../../testing/event-stream.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { readOutbox } from "../auth/testing.ts";
import { call } from "../posts/testing.ts";

const CONTACT_COPY = "team-inbox@example.test";

let server: TTestServer;
let admin: TTestUser;
let otherAdmin: TTestUser;
let member: TTestUser;

beforeAll(async () => {
  // One proxy in front: each test sends from its own address (X-Forwarded-For), so the per-IP limit is per test.
  server = await startTestServer(
    { TRUST_PROXY: "1", CONTACT_EMAIL: CONTACT_COPY },
    { realtimeHeartbeatMs: 200 },
  );
  admin = await createUser(server);
  otherAdmin = await createUser(server);
  await makeAdmin(server, admin.id);
  await makeAdmin(server, otherAdmin.id);
  member = await createUser(server);
});
afterAll(() => server?.close());

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

let addresses = 0;
/** A fresh client address (documentation range), so one test's sends never count toward another's limit. */
const newIp = () => `198.51.100.${++addresses}`;

function uniqueEmail(tag = "sender") {
  return `${tag}.${Math.random().toString(36).slice(2, 10)}@example.test`;
}

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: "Dana Visitor",
    email: uniqueEmail(),
    topic: "partnership",
    message: "Hello team, we would like to talk about a partnership.",
    ...overrides,
  };
}

const send = (json: unknown, options: { cookie?: string; ip?: string } = {}) =>
  call<TContactReceipt & TErr>(server, "POST", "/api/contact", {
    cookie: options.cookie,
    json,
    headers: { "x-forwarded-for": options.ip ?? newIp() },
  });

async function storedCount(email: string): Promise<number> {
  const [row] = await server.deps.db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(sql`lower(${contactMessages.email})`, email.toLowerCase()));
  return row?.n ?? 0;
}

async function idOf(reference: string): Promise<string> {
  const [row] = await server.deps.db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.reference, reference));
  if (!row) throw new Error(`no message ${reference}`);
  return row.id;
}

const mailsTo = (to: string) => readOutbox(server).filter((m) => m.to === to);

describe("sending a message", () => {
  it("stores it, answers with a reference, acknowledges by e-mail and tells every admin (bell, live, CONTACT_EMAIL)", async () => {
    const stream = await openEventStream(server, admin.cookie);
    try {
      await stream.next("ready");
      const input = message({
        name: "Dana <b>Visitor</b>",
        message: "<script>alert(1)</script> & more words",
      });
      const res = await send(input);
      expect(res.status).toBe(201);
      expect(res.body.reference).toMatch(REFERENCE_PATTERN);
      const id = await idOf(res.body.reference);

      // The live event reaches the admin's open tab, linking to the message.
      const event = JSON.parse((await stream.next("notification")).data) as TNotification;
      expect(event).toMatchObject({ kind: "contact_message", actor: null, link: `/admin/messages/${id}` });

      // Both admins have it in their bell.
      for (const who of [admin, otherAdmin]) {
        const bell = await call<TNotificationsPage>(server, "GET", "/api/notifications", {
          cookie: who.cookie,
        });
        expect(bell.body.items[0]).toMatchObject({ kind: "contact_message", link: `/admin/messages/${id}` });
      }
      // A member does not.
      const theirs = await call<TNotificationsPage>(server, "GET", "/api/notifications", {
        cookie: member.cookie,
      });
      expect(theirs.body.items.some((n) => n.kind === "contact_message")).toBe(false);

      // The sender's acknowledgement names the reference and quotes nothing they wrote.
      const [ack] = mailsTo(input.email as string);
      expect(ack?.subject).toBe(`We received your message (ref. ${res.body.reference})`);
      expect(ack?.text).toContain(`Your reference number is ${res.body.reference}`);
      expect(ack?.text).toContain('"Partnership"');
      expect(ack?.text).not.toContain("script");
      expect(ack?.text).not.toContain("Dana");

      // The copy to CONTACT_EMAIL has the message as text, escaped in its HTML part.
      const copy = mailsTo(CONTACT_COPY).find((m) => m.subject.includes(res.body.reference));
      expect(copy?.text).toContain("<script>alert(1)</script> & more words");
      expect(copy?.html).not.toContain("<script>");
      expect(copy?.html).toContain("&#60;script&#62;alert(1)&#60;/script&#62; &#38; more words");
      expect(copy?.links).toEqual([`${server.url}/admin/messages/${id}`]);

      // The admin reads it exactly as written: text, never markup.
      const stored = await call<TContactMessage>(server, "GET", `/api/admin/messages/${id}`, {
        cookie: admin.cookie,
      });
      expect(stored.body).toMatchObject({
        reference: res.body.reference,
        name: "Dana <b>Visitor</b>",
        email: input.email,
        topic: "partnership",
        status: "new",
        message: "<script>alert(1)</script> & more words",
        member: null,
        assignee: null,
        replies: [],
      });
    } finally {
      stream.close();
    }
  });

  it("refuses bad input with the field's message, and stores nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", CONTACT_M.nameRequired],
      [{ name: "   " }, "name", CONTACT_M.nameRequired],
      [{ name: "x".repeat(101) }, "name", CONTACT_M.nameTooLong],
      [{ name: undefined }, "name", CONTACT_M.nameRequired],
      [{ email: "not-an-email" }, "email", M.auth.invalidEmail],
      [{ email: undefined }, "email", M.auth.invalidEmail],
      [{ topic: "gossip" }, "topic", CONTACT_M.topicInvalid],
      [{ topic: undefined }, "topic", CONTACT_M.topicInvalid],
      [{ message: "Too short" }, "message", CONTACT_M.messageMin],
      [{ message: "x".repeat(5001) }, "message", CONTACT_M.messageMax],
      [{ message: "Hello there\u0000 friend" }, "message", M.kols.invalidCharacters],
    ];
    for (const [fields, field, text] of cases) {
      const input = message(fields);
      const res = await send(input);
      expect(res.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(res.body.error.message).toBe(text);
      expect(res.body.error.fields?.[field]).toBe(text);
      if (typeof input.email === "string") expect(await storedCount(input.email)).toBe(0);
    }
    // The bounds themselves are fine: 10 and 5000 characters.
    expect((await send(message({ message: "x".repeat(CONTACT_LIMITS.messageMin) }))).status).toBe(201);
    expect((await send(message({ message: "y".repeat(CONTACT_LIMITS.messageMax) }))).status).toBe(201);
  });

  it("takes a member's message from their account's e-mail only, and records who they are", async () => {
    const other = await send(message({ email: uniqueEmail("someone-else") }), { cookie: member.cookie });
    expect(other.status).toBe(400);
    expect(other.body.error.fields?.email).toBe(CONTACT_M.memberEmail);

    const res = await send(message({ email: member.email.toUpperCase(), topic: "account" }), {
      cookie: member.cookie,
    });
    expect(res.status).toBe(201);
    const stored = await call<TContactMessage>(
      server,
      "GET",
      `/api/admin/messages/${await idOf(res.body.reference)}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(stored.body.member).toEqual({ id: member.id, username: member.username });
    expect(stored.body.topic).toBe("account");
    // The admins' notification names the member.
    const bell = await call<TNotificationsPage>(server, "GET", "/api/notifications", {
      cookie: admin.cookie,
    });
    expect(bell.body.items[0]).toMatchObject({
      kind: "contact_message",
      actor: { username: member.username },
    });
  });

  it("answers a filled honeypot like a success, and stores, mails and counts nothing", async () => {
    const input = message({ website: "https://spam.example" });
    const before = readOutbox(server).length;
    const res = await send(input);
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(REFERENCE_PATTERN);
    expect(await storedCount(input.email as string)).toBe(0);
    expect(readOutbox(server).length).toBe(before);
    // An empty honeypot is a person's form.
    expect((await send(message({ website: "" }))).status).toBe(201);
  });
});

describe("the contact limits", () => {
  it(`allows ${CONTACT_LIMITS.perEmail} messages per e-mail an hour, then says how long to wait`, async () => {
    const email = uniqueEmail("eager");
    for (let i = 0; i < CONTACT_LIMITS.perEmail; i++) {
      // From different addresses: the e-mail is what counts here (and in any case).
      const res = await send(message({ email: i === 1 ? email.toUpperCase() : email }));
      expect(res.status).toBe(201);
    }
    const refused = await call<TErr>(server, "POST", "/api/contact", {
      json: message({ email }),
      headers: { "x-forwarded-for": newIp() },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    // The wait is the window less the moments the sends took.
    expect(refused.body.error.message).toMatch(
      /^You have sent too many messages\. Please try again in (1 hour|60 minutes)\.$/,
    );
    const res = await server.fetch("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": newIp() },
      body: JSON.stringify(message({ email })),
    });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await storedCount(email)).toBe(CONTACT_LIMITS.perEmail);
  });

  it(`allows ${CONTACT_LIMITS.perIp} messages per address an hour; the wait shrinks as the oldest ages`, async () => {
    const ip = newIp();
    for (let i = 0; i < CONTACT_LIMITS.perIp; i++) expect((await send(message(), { ip })).status).toBe(201);
    const input = message();
    const refused = await send(input, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(
      /^You have sent too many messages\. Please try again in (1 hour|60 minutes)\.$/,
    );
    expect(await storedCount(input.email as string)).toBe(0);
    // Another address is not held back.
    expect((await send(message())).status).toBe(201);

    // The window is read from the database: with the oldest send 35 minutes old, the wait is 25 minutes.
    await server.deps.db.execute(
      sql`update contact_messages set created_at = now() - interval '35 minutes'
          where id = (select id from contact_messages where ip = ${ip} order by created_at limit 1)`,
    );
    const later = await send(message(), { ip });
    expect(later.body.error.message).toBe("You have sent too many messages. Please try again in 25 minutes.");
  });
});

describe("the inbox", () => {
  const get = <T>(path: string, cookie?: string) => call<T & TErr>(server, "GET", path, { cookie });

  it("refuses visitors (401) and members (403) on every route, before judging what they sent", async () => {
    const id = await idOf((await send(message())).body.reference);
    const routes: [string, string, unknown][] = [
      ["GET", "/api/admin/messages", undefined],
      ["GET", "/api/admin/messages?status=bogus&cursor=junk", undefined],
      ["GET", "/api/admin/messages/assignees", undefined],
      ["GET", `/api/admin/messages/${id}`, undefined],
      ["PATCH", `/api/admin/messages/${id}`, { status: "closed" }],
      ["PATCH", `/api/admin/messages/${id}`, { status: 42, junk: true }],
      ["POST", `/api/admin/messages/${id}/replies`, { body: "Hello" }],
      ["POST", `/api/admin/messages/${id}/replies`, { body: "" }],
    ];
    for (const [method, path, json] of routes) {
      const visitor = await call<TErr>(server, method, path, { json });
      expect(visitor.status, `${method} ${path} visitor`).toBe(401);
      const asMember = await call<TErr>(server, method, path, { json, cookie: member.cookie });
      expect(asMember.status, `${method} ${path} member`).toBe(403);
      expect(asMember.body.error.message).toBe("Admin access required");
    }
    // Nothing changed.
    const stored = await get<TContactMessage>(`/api/admin/messages/${id}`, admin.cookie);
    expect(stored.body).toMatchObject({ status: "new", replies: [] });
  });

  it("lists newest first by status with counts, in pages", async () => {
    const first = await get<TContactMessagePage>("/api/admin/messages?pageSize=2", admin.cookie);
    expect(first.status).toBe(200);
    const { counts } = first.body;
    const all = counts.new + counts.open + counts.answered + counts.closed;
    expect(first.body.total).toBe(all);
    expect(first.body.pageCount).toBe(Math.ceil(all / 2));
    expect(first.body.items).toHaveLength(2);
    const [a, b] = first.body.items;
    expect(Date.parse(a?.createdAt ?? "") >= Date.parse(b?.createdAt ?? "")).toBe(true);
    expect(first.body).toMatchObject({ previousCursor: null, totalCapped: false });
    expect(first.body.countsCapped).toEqual({ new: false, open: false, answered: false, closed: false });
    // Every page by its cursor, then back: each message once, newest first, and the same pages going back.
    const pages = [first.body];
    for (let last = first.body; last.nextCursor; ) {
      last = (
        await get<TContactMessagePage>(
          `/api/admin/messages?pageSize=2&cursor=${last.nextCursor}`,
          admin.cookie,
        )
      ).body;
      expect(last.page).toBe(pages.length + 1);
      pages.push(last);
    }
    const listed = pages.flatMap((p) => p.items);
    expect(listed).toHaveLength(all);
    expect(new Set(listed.map((m) => m.id)).size).toBe(all);
    for (let i = 1; i < listed.length; i++) {
      expect(Date.parse(listed[i - 1]?.createdAt ?? "") >= Date.parse(listed[i]?.createdAt ?? "")).toBe(true);
    }
    for (let at = pages.length - 1; at > 1; at--) {
      const back = await get<TContactMessagePage>(
        `/api/admin/messages?pageSize=2&cursor=${pages[at]?.previousCursor}`,
        admin.cookie,
      );
      expect(back.body.items.map((m) => m.id)).toEqual(pages[at - 1]?.items.map((m) => m.id));
    }
    const stale = await get<TErr>("/api/admin/messages?cursor=nope", admin.cookie);
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toBe(CONTACT_M.cursorInvalid);

    const long = await send(message({ message: `${"z".repeat(300)} tail` }));
    const newOnes = await get<TContactMessagePage>("/api/admin/messages?status=new", admin.cookie);
    expect(newOnes.body.total).toBe(counts.new + 1);
    expect(newOnes.body.items.every((m) => m.status === "new")).toBe(true);
    const top = newOnes.body.items[0];
    expect(top?.reference).toBe(long.body.reference);
    expect(top?.preview).toBe("z".repeat(160));

    const bad = await get<TErr>("/api/admin/messages?status=bogus", admin.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(CONTACT_M.statusInvalid);
    expect((await get(`/api/admin/messages/${crypto.randomUUID()}`, admin.cookie)).status).toBe(404);
    expect((await get("/api/admin/messages/not-a-uuid", admin.cookie)).status).toBe(404);
  });

  it("assigns to an admin (a new message opens), changes status, and refuses anyone else as assignee", async () => {
    const id = await idOf((await send(message())).body.reference);
    const patch = (json: unknown) =>
      call<TContactMessage & TErr>(server, "PATCH", `/api/admin/messages/${id}`, {
        cookie: admin.cookie,
        json,
      });

    const assignees = await get<TAssigneeList>("/api/admin/messages/assignees", admin.cookie);
    expect(assignees.body.items.map((a) => a.id).sort()).toEqual([admin.id, otherAdmin.id].sort());

    const assigned = await patch({ assigneeId: otherAdmin.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      status: "open",
      assignee: { id: otherAdmin.id, username: otherAdmin.username },
    });

    const notAdmin = await patch({ assigneeId: member.id });
    expect(notAdmin.status).toBe(400);
    expect(notAdmin.body.error.fields?.assigneeId).toBe(CONTACT_M.assigneeInvalid);
    expect((await patch({})).body.error.message).toBe(CONTACT_M.nothingToChange);
    expect((await patch({ status: "spam" })).body.error.message).toBe(CONTACT_M.statusInvalid);

    const closed = await patch({ status: "closed", assigneeId: null });
    expect(closed.body).toMatchObject({ status: "closed", assignee: null });
    const list = await get<TContactMessagePage>("/api/admin/messages?status=closed", admin.cookie);
    expect(list.body.items.map((m) => m.id)).toContain(id);
  });

  it("replies by e-mail: the reply is kept in the thread, mailed to the sender, and the message is answered", async () => {
    const input = message({ topic: "press" });
    const id = await idOf((await send(input)).body.reference);
    const reply = (json: unknown) =>
      call<TContactMessage & TErr>(server, "POST", `/api/admin/messages/${id}/replies`, {
        cookie: admin.cookie,
        json,
      });

    const empty = await reply({ body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields?.body).toBe(CONTACT_M.replyRequired);
    expect((await reply({ body: "x".repeat(5001) })).body.error.message).toBe(CONTACT_M.replyTooLong);

    const text = "Thanks for asking! <b>Yes</b>, we can talk on Monday.";
    const res = await reply({ body: text });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("answered");
    expect(res.body.replies).toEqual([
      {
        id: expect.any(String),
        body: text,
        author: { id: admin.id, username: admin.username, avatarUrl: null },
        createdAt: expect.any(String),
      },
    ]);
    const mails = mailsTo(input.email as string);
    const sent = mails.find((m) => m.subject.startsWith("Re: "));
    expect(sent?.subject).toBe(`Re: your message to Plugs & Rugs (ref. ${res.body.reference})`);
    expect(sent?.text).toContain(text);
    expect(sent?.html).toContain("&#60;b&#62;Yes&#60;/b&#62;");

    // A second reply joins the thread in order; the list shows the count.
    const again = await reply({ body: "One more thing: bring the deck." });
    expect(again.body.replies.map((r) => r.body)).toEqual([text, "One more thing: bring the deck."]);
    const list = await get<TContactMessagePage>("/api/admin/messages?status=answered", admin.cookie);
    expect(list.body.items.find((m) => m.id === id)?.replyCount).toBe(2);

    expect(
      (
        await call(server, "POST", `/api/admin/messages/${crypto.randomUUID()}/replies`, {
          cookie: admin.cookie,
          json: { body: "Hello" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("when e-mail fails", () => {
  /** Runs `fn` with a mailer that refuses everything, then puts the real one back. */
  async function withBrokenMailer(fn: () => Promise<void>) {
    const real = getMailer(server.deps);
    setMailer(server.deps, {
      send: async () => {
        throw new Error("mail server down");
      },
    });
    try {
      await fn();
    } finally {
      setMailer(server.deps, real);
    }
  }

  it("still takes the message (the acknowledgement is only logged as failed)", async () => {
    await withBrokenMailer(async () => {
      const input = message();
      const res = await send(input);
      expect(res.status).toBe(201);
      expect(await storedCount(input.email as string)).toBe(1);
    });
  });

  it("keeps no reply it could not e-mail, and leaves the status as it was (502, try again)", async () => {
    const id = await idOf((await send(message())).body.reference);
    await withBrokenMailer(async () => {
      const res = await call<TErr>(server, "POST", `/api/admin/messages/${id}/replies`, {
        cookie: admin.cookie,
        json: { body: "This will not arrive." },
      });
      expect(res.status).toBe(502);
      expect(res.body.error.message).toBe(CONTACT_M.replyFailed);
    });
    const stored = await call<TContactMessage>(server, "GET", `/api/admin/messages/${id}`, {
      cookie: admin.cookie,
    });
    expect(stored.body).toMatchObject({ status: "new", replies: [] });
  });
});

describe("the captcha", () => {
  let altcha: TTestServer;
  beforeAll(async () => {
    altcha = await startTestServer({ CAPTCHA_PROVIDER: "altcha" });
  });
  afterAll(() => altcha?.close());

  it("is needed as on sign-up, and each solution works once", async () => {
    const post = (headers: Record<string, string> = {}) =>
      call<TContactReceipt & TErr>(altcha, "POST", "/api/contact", { json: message(), headers });
    const none = await post();
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(M.auth.captchaFailed);

    const token = await solvedAltcha(altcha.url);
    expect((await post({ "x-captcha-token": token })).status).toBe(201);
    expect((await post({ "x-captcha-token": token })).body.error.message).toBe(M.auth.captchaFailed);
  });
});
