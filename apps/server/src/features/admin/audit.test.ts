import { ADMIN_M, type TAdminAuditPage, type TContactReceipt } from "@plugs/domain";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, profiles } from "../../db/schema/index.ts";
import { getMailer, setMailer } from "../../lib/mailer.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { commentAs } from "../comments/testing.ts";
import { call, createPostAs } from "../posts/testing.ts";

let server: TTestServer;
let admin: TTestUser;
let otherAdmin: TTestUser;
let member: TTestUser;
let target: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, otherAdmin, member, target] = await Promise.all([
    createUser(server),
    createUser(server),
    createUser(server),
    createUser(server),
  ]);
  await makeAdmin(server, admin.id);
  await makeAdmin(server, otherAdmin.id);
});
afterAll(() => server?.close());

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

const audit = (query = "", cookie = admin.cookie) =>
  call<TAdminAuditPage & TErr>(server, "GET", `/api/admin/audit${query}`, { cookie });

async function rowsFor(targetId: string) {
  const [row] = await server.deps.db
    .select({ n: count() })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, targetId));
  return row?.n ?? 0;
}

describe("GET /api/admin/audit", () => {
  it("is for admins only: 401 for a visitor, 403 for a member", async () => {
    expect((await call(server, "GET", "/api/admin/audit")).status).toBe(401);
    expect((await audit("", member.cookie)).status).toBe(403);
  });

  it("refuses bad filters with the field's message", async () => {
    const date = await audit("?from=26-11-2026");
    expect(date.status).toBe(400);
    expect(date.body.error.fields?.from).toBe(ADMIN_M.auditDateInvalid);
    const range = await audit("?from=2026-11-02&to=2026-11-01");
    expect(range.status).toBe(400);
    expect(range.body.error.fields?.to).toBe(ADMIN_M.auditRangeInvalid);
    const action = await audit("?action=DROP%20TABLE");
    expect(action.status).toBe(400);
    expect(action.body.error.fields?.action).toBe(ADMIN_M.auditActionInvalid);
    const cursor = await audit("?cursor=nonsense");
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.fields?.cursor).toBe(ADMIN_M.auditCursorInvalid);
  });
});

describe("admin actions are recorded", () => {
  it("a ban and an unban: who, what, the target, before/after", async () => {
    expect(
      (
        await call(server, "POST", `/api/admin/members/${target.id}/ban`, {
          cookie: admin.cookie,
          json: { reason: "Spam links" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(server, "POST", `/api/admin/members/${target.id}/unban`, {
          cookie: otherAdmin.cookie,
          json: { reason: "Appeal accepted" },
        })
      ).status,
    ).toBe(200);
    const bans = await audit(`?action=member.ban`);
    const ban = bans.body.items.find((e) => e.targetId === target.id);
    expect(ban).toMatchObject({
      actor: { id: admin.id, username: admin.username },
      action: "member.ban",
      targetType: "member",
      summary: `Banned @${target.username}: Spam links`,
      detail: { isBanned: { after: true }, reason: "Spam links" },
    });
    const byOther = await audit(`?actor=${otherAdmin.username}`);
    expect(byOther.body.items.map((e) => e.action)).toEqual(["member.unban"]);
    expect(byOther.body.items[0]?.summary).toBe(`Unbanned @${target.username}: Appeal accepted`);
  });

  it("an airdrop is recorded; a refused one (unknown member) records nothing", async () => {
    const before = await audit("?action=points.airdrop");
    const ok = await call(server, "POST", "/api/admin/airdrops", {
      cookie: admin.cookie,
      json: { username: member.username, points: 25, reason: "Bug bounty" },
    });
    expect(ok.status).toBe(201);
    const refused = await call(server, "POST", "/api/admin/airdrops", {
      cookie: admin.cookie,
      json: { username: "nobody_by_this_name", points: 25, reason: "Bug bounty" },
    });
    expect(refused.status).toBe(400);
    const after = await audit("?action=points.airdrop");
    expect(after.body.items.length).toBe(before.body.items.length + 1);
    expect(after.body.items[0]).toMatchObject({
      targetType: "member",
      targetId: member.id,
      summary: `Airdropped 25 points to @${member.username}: Bug bounty`,
    });
  });

  it("a reply the mailer refuses is rolled back with its audit row", async () => {
    const sent = await call<TContactReceipt>(server, "POST", "/api/contact", {
      json: { name: "Dana", email: "dana@example.test", topic: "press", message: "Hello there, a question." },
    });
    expect(sent.status).toBe(201);
    const inbox = await call<{ items: { id: string; reference: string }[] }>(
      server,
      "GET",
      "/api/admin/messages",
      {
        cookie: admin.cookie,
      },
    );
    const id = inbox.body.items.find((m) => m.reference === sent.body.reference)?.id ?? "";
    const real = getMailer(server.deps);
    setMailer(server.deps, {
      send: async () => {
        throw new Error("mail server down");
      },
    });
    try {
      const failed = await call(server, "POST", `/api/admin/messages/${id}/replies`, {
        cookie: admin.cookie,
        json: { body: "Thanks for writing." },
      });
      expect(failed.status).toBe(502);
    } finally {
      setMailer(server.deps, real);
    }
    expect(await rowsFor(id)).toBe(0);
    const answered = await call(server, "POST", `/api/admin/messages/${id}/replies`, {
      cookie: admin.cookie,
      json: { body: "Thanks for writing." },
    });
    expect(answered.status).toBe(201);
    expect(await rowsFor(id)).toBe(1);
    const [entry] = (await audit("?action=message.reply")).body.items;
    expect(entry?.summary).toBe(`Answered message ${sent.body.reference}`);
  });

  it("an admin deleting a member's comment is recorded; an author deleting their own is not", async () => {
    const post = await createPostAs(server, member.cookie, { content: "A post to comment on" });
    const theirs = await commentAs(server, member.cookie, post.id, { content: "Spam spam spam" });
    const own = await commentAs(server, member.cookie, post.id, { content: "Mine to delete" });
    expect(
      (await call(server, "DELETE", `/api/comments/${theirs.id}`, { cookie: admin.cookie })).status,
    ).toBe(204);
    expect((await call(server, "DELETE", `/api/comments/${own.id}`, { cookie: member.cookie })).status).toBe(
      204,
    );
    expect(await rowsFor(theirs.id)).toBe(1);
    expect(await rowsFor(own.id)).toBe(0);
    const [entry] = (await audit("?action=comment.delete")).body.items;
    expect(entry).toMatchObject({
      targetType: "comment",
      targetId: theirs.id,
      detail: { authorId: member.id },
    });
  });

  it("an admin deletes a member's post, recorded with what it said; a member still cannot", async () => {
    const post = await createPostAs(server, target.cookie, { content: "Buy my coin before it moons" });
    const refused = await call(server, "DELETE", `/api/posts/${post.id}`, { cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect(await rowsFor(post.id)).toBe(0);
    expect((await call(server, "DELETE", `/api/posts/${post.id}`, { cookie: admin.cookie })).status).toBe(
      204,
    );
    expect((await call(server, "GET", `/api/posts/${post.id}`)).status).toBe(404);
    const [entry] = (await audit("?action=post.delete")).body.items;
    expect(entry).toMatchObject({
      targetType: "post",
      targetId: post.id,
      detail: { authorId: target.id, before: { content: "Buy my coin before it moons" } },
    });
    // An author deleting their own post is no admin action.
    const own = await createPostAs(server, admin.cookie, { content: "An admin's own post" });
    expect((await call(server, "DELETE", `/api/posts/${own.id}`, { cookie: admin.cookie })).status).toBe(204);
    expect(await rowsFor(own.id)).toBe(0);
  });

  it("a KOL edit keeps the before and after of each changed field", async () => {
    const created = await call<{ handle: string }>(server, "POST", "/api/admin/kols", {
      cookie: admin.cookie,
      json: { handle: "audit_kol", name: "Audit KOL" },
    });
    expect(created.status).toBe(201);
    const edited = await call(server, "PATCH", "/api/admin/kols/audit_kol", {
      cookie: admin.cookie,
      json: { name: "Audited KOL", isVerified: true },
    });
    expect(edited.status).toBe(200);
    const [entry] = (await audit("?action=kol.update")).body.items;
    expect(entry?.detail).toEqual({
      name: { before: "Audit KOL", after: "Audited KOL" },
      isVerified: { before: false, after: true },
    });
    expect((await audit("?action=kol.create")).body.items[0]?.summary).toBe("Added KOL @audit_kol");
  });
});

describe("paging and dates", () => {
  it("walks the log newest first by keyset, each row once", async () => {
    const all = await audit("?limit=50");
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: { body: TAdminAuditPage } = await audit(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.body.items.map((e) => e.id));
      cursor = page.body.nextCursor;
    }
    expect(seen).toEqual(all.body.items.map((e) => e.id));
    expect(seen.length).toBeGreaterThanOrEqual(7);
  });

  it("pages rows with one timestamp, and rows a microsecond apart, each once and in order", async () => {
    // Three rows share a moment to the microsecond; one is a microsecond later and one a microsecond earlier.
    const times = [
      "12:00:00.123457",
      "12:00:00.123456",
      "12:00:00.123456",
      "12:00:00.123456",
      "12:00:00.123455",
    ];
    await server.deps.db.execute(sql`insert into admin_audit_log (actor_username, action, target_type, summary, created_at)
      select 'same_time', 'test.same_time', 'member', 'Same time ' || t, ('2021-06-01 ' || t || '+00')::timestamptz
      from unnest(${sql.raw(`array['${times.join("','")}']`)}::text[]) as t`);
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: { body: TAdminAuditPage } = await audit(
        `?from=2021-06-01&to=2021-06-01&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    }
    const rows = await server.deps.db
      .select({ id: adminAuditLog.id })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "test.same_time"))
      .orderBy(sql`created_at desc, id desc`);
    expect(seen.map((e) => e.id)).toEqual(rows.map((r) => r.id));
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((e) => e.id)).size).toBe(5);
  });

  it("filters by UTC day", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const todays = (await audit(`?from=${today}&to=${today}`)).body.items;
    expect(todays.map((e) => e.createdAt.slice(0, 10))).toEqual(todays.map(() => today));
    expect(todays.map((e) => e.action)).toContain("member.ban");
    // The rows the test above dated 2021-06-01, and only they.
    const then = (await audit("?from=2021-06-01&to=2021-06-01")).body.items;
    expect(then.map((e) => e.action)).toEqual(Array(5).fill("test.same_time"));
    expect((await audit("?to=2020-01-01")).body.items).toEqual([]);
  });
});

describe("the log is append-only", () => {
  it("refuses to change or delete a row, even outside the app; a deleted actor's rows keep their username", async () => {
    const db = server.deps.db;
    const [row] = await db.select().from(adminAuditLog).limit(1);
    if (!row) throw new Error("no audit row");
    await expect(
      db.update(adminAuditLog).set({ summary: "rewritten" }).where(eq(adminAuditLog.id, row.id)),
    ).rejects.toThrow();
    await expect(db.delete(adminAuditLog).where(eq(adminAuditLog.id, row.id))).rejects.toThrow();
    const [kept] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.id, row.id));
    expect(kept?.summary).toBe(row.summary);

    // An admin's account goes: the foreign key empties actor_id, and nothing else changes.
    const gone = await createUser(server);
    await makeAdmin(server, gone.id);
    expect(
      (
        await call(server, "POST", `/api/admin/members/${member.id}/unban`, {
          cookie: gone.cookie,
          json: { reason: "Cleared" },
        })
      ).status,
    ).toBe(200);
    await db.delete(profiles).where(eq(profiles.id, gone.id));
    const [orphan] = (await audit("?action=member.unban")).body.items;
    expect(orphan?.actor).toEqual({ id: null, username: gone.username });
  });
});
