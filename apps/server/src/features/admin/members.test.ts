import {
  ADMIN_M,
  MEMBER_SEARCH_COUNT_CAP,
  type TAdminAuditPage,
  type TAdminMember,
  type TAdminMemberDetail,
  type TAdminMemberPage,
} from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { twoFactors, users } from "../../db/schema/index.ts";
import { createUser, makeAdmin, signIn, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs } from "../posts/testing.ts";

let server: TTestServer;
let admin: TTestUser;
let member: TTestUser;
let other: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { username: "boss_admin" });
  await makeAdmin(server, admin.id);
  member = await createUser(server, { username: "Zed_Member", email: "zed.member@example.test" });
  other = await createUser(server, { username: "other_person" });
});
afterAll(() => server?.close());

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

const members = (query: string, cookie = admin.cookie) =>
  call<TAdminMemberPage & TErr>(server, "GET", `/api/admin/members${query}`, { cookie });
const ban = (id: string, reason: unknown, cookie = admin.cookie, verb = "ban") =>
  call<TAdminMember & TErr>(server, "POST", `/api/admin/members/${id}/${verb}`, {
    cookie,
    json: reason === undefined ? {} : { reason },
  });
const detail = (id: string) =>
  call<TAdminMemberDetail & TErr>(server, "GET", `/api/admin/members/${id}`, { cookie: admin.cookie });
const role = (method: "PUT" | "DELETE", id: string, cookie = admin.cookie) =>
  call<TAdminMember & TErr>(server, method, `/api/admin/members/${id}/admin`, { cookie });
const lastAudit = async (action: string) =>
  (await call<TAdminAuditPage>(server, "GET", `/api/admin/audit?action=${action}`, { cookie: admin.cookie }))
    .body.items[0];

describe("the admins' member list", () => {
  it("is for admins only", async () => {
    expect((await call(server, "GET", "/api/admin/members")).status).toBe(401);
    expect((await members("", member.cookie)).status).toBe(403);
    expect((await ban(other.id, "x", member.cookie)).status).toBe(403);
    expect((await role("PUT", member.id, member.cookie)).status).toBe(403);
    expect(
      (await call(server, "POST", `/api/admin/members/${other.id}/ban`, { json: { reason: "x" } })).status,
    ).toBe(401);
  });

  it("finds members by username or e-mail prefix, any case, with role, points and join date", async () => {
    const byName = await members("?search=ZED_m");
    expect(byName.status).toBe(200);
    expect(byName.body.items).toEqual([
      {
        id: member.id,
        username: "Zed_Member",
        email: "zed.member@example.test",
        avatarUrl: null,
        isAdmin: false,
        isBanned: false,
        banReason: null,
        points: expect.any(Number),
        joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect((await members("?search=zed.member@")).body.items.map((m) => m.id)).toEqual([member.id]);
    // A LIKE wildcard is a character like any other.
    expect((await members("?search=%25")).body.total).toBe(0);
    const all = await members("");
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((m) => m.username)).toEqual(["other_person", "Zed_Member", "boss_admin"]);
    expect((await members("?filter=admins")).body.items.map((m) => m.username)).toEqual(["boss_admin"]);
  });

  it("refuses bad input with the field's message", async () => {
    const filter = await members("?filter=everyone");
    expect(filter.status).toBe(400);
    expect(filter.body.error.fields?.filter).toBe(ADMIN_M.filterInvalid);
    const long = await members(`?search=${"a".repeat(101)}`);
    expect(long.body.error.fields?.search).toBe(ADMIN_M.searchTooLong);
  });
});

describe("banning", () => {
  it("needs a reason; a ban signs the member out at their next request and is recorded with its reason", async () => {
    const missing = await ban(other.id, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields?.reason).toBe(ADMIN_M.reasonRequired);
    const blank = await ban(other.id, "   ");
    expect(blank.body.error.fields?.reason).toBe(ADMIN_M.reasonRequired);
    expect((await ban(other.id, "x".repeat(501))).body.error.fields?.reason).toBe(ADMIN_M.reasonTooLong);

    expect((await call(server, "GET", "/api/me", { cookie: other.cookie })).status).toBe(200);
    const banned = await ban(other.id, "Spam links");
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ isBanned: true, banReason: "Spam links" });
    // Their open session is refused on its next request.
    expect((await call(server, "GET", "/api/me", { cookie: other.cookie })).status).toBe(401);
    expect((await members("?filter=banned")).body.items.map((m) => m.id)).toEqual([other.id]);
    expect(await lastAudit("member.ban")).toMatchObject({
      targetId: other.id,
      summary: "Banned @other_person: Spam links",
      detail: { reason: "Spam links" },
    });

    const lifted = await ban(other.id, "Appeal accepted", admin.cookie, "unban");
    expect(lifted.body).toMatchObject({ isBanned: false, banReason: null });
    expect((await lastAudit("member.unban"))?.summary).toBe("Unbanned @other_person: Appeal accepted");
    expect((await ban(admin.id, "Oops")).body.error.message).toBe("You cannot ban your own account");
    expect((await ban("00000000-0000-4000-8000-000000000000", "Gone")).status).toBe(404);
  });
});

describe("the admin role", () => {
  it("is granted and removed, recorded, and never changed on yourself", async () => {
    const granted = await role("PUT", member.id);
    expect(granted.status).toBe(200);
    expect(granted.body.isAdmin).toBe(true);
    // The new admin's own session is an admin's at once.
    expect((await members("", member.cookie)).status).toBe(200);
    expect((await lastAudit("member.grant_admin"))?.summary).toBe("Made @Zed_Member an admin");

    const self = await role("DELETE", admin.id);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(ADMIN_M.cannotChangeOwnRole);

    const removed = await role("DELETE", member.id);
    expect(removed.body.isAdmin).toBe(false);
    expect((await members("", member.cookie)).status).toBe(403);
    expect((await lastAudit("member.revoke_admin"))?.detail).toEqual({
      isAdmin: { before: true, after: false },
    });
  });

  it("two admins removing each other at once: one of them stays an admin", async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    await Promise.all([makeAdmin(server, a.id), makeAdmin(server, b.id)]);
    // Leave only a and b as admins.
    await role("DELETE", admin.id, a.cookie);
    const results = await Promise.all([role("DELETE", b.id, a.cookie), role("DELETE", a.id, b.cookie)]);
    // One succeeds. The other is refused: 403 when its session already reads as a member's (requests served one
    // after the other), 409 when it waited on the first one's lock and found itself the last admin.
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    const refused = results.find((r) => r.status !== 200);
    expect([403, 409]).toContain(refused?.status);
    if (refused?.status === 409) expect(refused.body.error.message).toBe(ADMIN_M.lastAdmin);
    const survivor = ok[0]?.body.id === b.id ? a : b;
    const left = await members("?filter=admins", survivor.cookie);
    expect(left.body.items.map((m) => m.id)).toEqual([survivor.id]);
    // The refused change left no audit row: one removal recorded for the two of them.
    const removals = (
      await call<TAdminAuditPage>(server, "GET", "/api/admin/audit?action=member.revoke_admin", {
        cookie: survivor.cookie,
      })
    ).body.items.filter((e) => e.targetId === a.id || e.targetId === b.id);
    expect(removals).toHaveLength(1);
  });
});

describe("a member's page", () => {
  // The role tests above took the admin role from `admin`: give it back.
  beforeAll(() => makeAdmin(server, admin.id));

  it("shows their two-factor state, sessions, writing, points and the admin actions about them", async () => {
    const someone = await createUser(server, { username: "page_person" });
    await signIn(server, someone.email, someone.password);
    await createPostAs(server, someone.cookie, { content: "A post for the member page" });
    expect((await call(server, "GET", `/api/admin/members/${someone.id}`)).status).toBe(401);
    expect(
      (await call(server, "GET", `/api/admin/members/${someone.id}`, { cookie: member.cookie })).status,
    ).toBe(403);
    expect((await detail("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await detail("nope")).status).toBe(404);
    expect((await detail(someone.id)).body.sessions).toBe(2);
    await ban(someone.id, "Testing the page");
    // Their next request ends every session of theirs.
    expect((await call(server, "GET", "/api/me", { cookie: someone.cookie })).status).toBe(401);
    await ban(someone.id, "Only a test", admin.cookie, "unban");
    const page = await detail(someone.id);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      username: "page_person",
      twoFactorEnabled: false,
      sessions: 0,
      posts: 1,
      comments: 0,
      reports: 0,
    });
    // Every line of their points so far (under the last-10 cap): they add up to the balance.
    expect(page.body.ledger.map((l) => l.points).reduce((a, b) => a + b, 0)).toBe(page.body.points);
    expect(page.body.history.map((e) => e.action)).toEqual(["member.unban", "member.ban"]);
  });

  it("resets two-factor for a member who lost their authenticator, recorded; not on yourself, not when off", async () => {
    const locked = await createUser(server);
    await server.deps.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, locked.id));
    await server.deps.db
      .insert(twoFactors)
      .values({ userId: locked.id, secret: "encrypted-secret", backupCodes: "encrypted-codes" });
    const reset = (id: string, cookie = admin.cookie) =>
      call<TAdminMemberDetail & TErr>(server, "POST", `/api/admin/members/${id}/reset-two-factor`, {
        cookie,
      });
    expect((await reset(locked.id, member.cookie)).status).toBe(403);
    expect((await reset(admin.id)).body.error.message).toBe(ADMIN_M.cannotResetOwnTwoFactor);
    const res = await reset(locked.id);
    expect(res.status).toBe(200);
    expect(res.body.twoFactorEnabled).toBe(false);
    expect(await server.deps.db.select().from(twoFactors).where(eq(twoFactors.userId, locked.id))).toEqual(
      [],
    );
    expect(res.body.history[0]).toMatchObject({ action: "member.reset_two_factor", actor: { id: admin.id } });
    const again = await reset(locked.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ADMIN_M.twoFactorNotOn);
    // The member signs in with the password alone now.
    expect((await signIn(server, locked.email, locked.password)).cookie).toMatch(/session_token=/);
  });
});

describe("paging the member list", () => {
  const walk = async (query: string) => {
    const pages: (TAdminMemberPage & TErr)[] = [];
    let cursor: string | null = null;
    do {
      const sep = query ? "&" : "?";
      const res = await members(cursor ? `${query}${sep}cursor=${encodeURIComponent(cursor)}` : query);
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.body.nextCursor;
    } while (cursor && pages.length < 20);
    return pages;
  };

  it("walks a search's pages by cursor, Page X of Y, and back again", async () => {
    for (let n = 0; n < 45; n += 1)
      await createUser(server, { username: `pager_${String(n).padStart(2, "0")}` });
    const names = (page: TAdminMemberPage) => page.items.map((m) => m.username);
    const expected = Array.from({ length: 45 }, (_, n) => `pager_${String(n).padStart(2, "0")}`);
    const pages = await walk("?search=pager_");
    expect(pages.map((p) => [p.page, p.pageCount, p.total])).toEqual([
      [1, 3, 45],
      [2, 3, 45],
      [3, 3, 45],
    ]);
    expect(pages.flatMap(names)).toEqual(expected);
    // Page 2's Previous is page 1 itself (no cursor); page 3's leads back to page 2.
    expect(pages[0]?.previousCursor).toBeNull();
    expect(pages[1]?.previousCursor).toBeNull();
    expect(pages[2]?.nextCursor).toBeNull();
    const back = await members(`?search=pager_&cursor=${encodeURIComponent(pages[2]?.previousCursor ?? "")}`);
    expect(back.body).toMatchObject({ page: 2, pageCount: 3 });
    expect(names(back.body)).toEqual(expected.slice(20, 40));
    expect(back.body.nextCursor).not.toBeNull();
    // Going back past the start of what is left (here: a narrower search, ten matches before the cursor) reads
    // page 1 afresh.
    const start = await members(
      `?search=pager_1&cursor=${encodeURIComponent(pages[2]?.previousCursor ?? "")}`,
    );
    expect(start.body).toMatchObject({ page: 1, pageCount: 1, previousCursor: null, nextCursor: null });
    expect(names(start.body)).toEqual(expected.slice(10, 20));
  });

  it("walks every member newest first, each once, the last page saying it is the last", async () => {
    const pages = await walk("");
    const all = await queryRows<{ id: string }>(
      server.deps.db,
      sql`select id from profiles order by created_at desc, id desc`,
    );
    expect(pages.flatMap((p) => p.items.map((m) => m.id))).toEqual(all.map((u) => u.id));
    const last = pages.at(-1);
    expect(last?.page).toBe(pages.length);
    expect(last?.pageCount).toBe(pages.length);
    expect(pages[0]?.total).toBe(all.length);
  });

  it("refuses a cursor it did not make, or one from another list", async () => {
    const bad = await members("?cursor=not-a-cursor");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.cursor).toBe(ADMIN_M.memberCursorInvalid);
    const searchCursor = (await members("?search=pager_")).body.nextCursor ?? "";
    const crossed = await members(`?cursor=${encodeURIComponent(searchCursor)}`);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.message).toBe(ADMIN_M.memberCursorInvalid);
  });

  it("counts a search's matches up to 1,000, then says there are more", async () => {
    await server.deps.db.execute(sql`insert into users (id, name, email, created_at, updated_at)
      select gen_random_uuid(), 'Many ' || g, 'many' || g || '@example.test', now(), now()
      from generate_series(1, ${MEMBER_SEARCH_COUNT_CAP + 1}) g`);
    await server.deps.db.execute(sql`insert into profiles (id, username)
      select id, 'many_' || substr(email, 5, position('@' in email) - 5) from users where email like 'many%'`);
    const many = await members("?search=many");
    expect(many.body).toMatchObject({
      total: MEMBER_SEARCH_COUNT_CAP,
      totalCapped: true,
      page: 1,
      pageCount: 50,
    });
    expect(many.body.items).toHaveLength(20);
    const few = await members("?search=pager_");
    expect(few.body).toMatchObject({ total: 45, totalCapped: false });
  });
});
