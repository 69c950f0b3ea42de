import { ADMIN_M } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, sessions } from "../../db/schema/index.ts";
import { createUser, makeAdmin, signIn, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { onAuthStart } from "./startup.ts";
import { errorOf, me, postJson } from "./testing.ts";

const BANNED = "Your account has been banned. Please contact support for assistance.";

let server: TTestServer;
let admin: TTestUser;
let someone: TTestUser;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: "boss@example.test" });
  admin = await createUser(server, { username: "site_admin" });
  await makeAdmin(server, admin.id);
  someone = await createUser(server, { username: "just_someone" });
});
afterAll(() => server?.close());

/** POST /api/admin/members/:id/ban or /unban, with the reason the admin gives. */
function setBan(id: string, verb: "ban" | "unban", cookie = admin.cookie) {
  return postJson(server, `/api/admin/members/${id}/${verb}`, { reason: "Testing bans" }, { cookie });
}

async function sessionCount(userId: string) {
  return (await server.deps.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe("admin API authorization", () => {
  it("answers a visitor 401 and a signed-in non-admin 403", async () => {
    const visitor = await server.fetch("/api/admin/members");
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).message).toBe("You must be signed in");
    const user = await server.fetch("/api/admin/members", { headers: { cookie: someone.cookie } });
    expect(user.status).toBe(403);
    expect((await errorOf(user)).message).toBe("Admin access required");
    expect((await setBan(admin.id, "ban", someone.cookie)).status).toBe(403);
  });

  it("lists members for an admin, searched by username or e-mail prefix, with who is an admin", async () => {
    const res = await server.fetch("/api/admin/members?search=JUST_some", {
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      items: [
        { id: someone.id, username: "just_someone", email: someone.email, isBanned: false, isAdmin: false },
      ],
      total: 1,
      page: 1,
      pageCount: 1,
    });
    const byEmail = (await (
      await server.fetch(`/api/admin/members?search=${encodeURIComponent(admin.email.slice(0, 8))}`, {
        headers: { cookie: admin.cookie },
      })
    ).json()) as { items: { id: string; isAdmin: boolean }[] };
    expect(byEmail.items).toContainEqual(expect.objectContaining({ id: admin.id, isAdmin: true }));
  });
});

describe("ADMIN_EMAILS", () => {
  it("grants admin at sign-up to a listed e-mail (any case)", async () => {
    const boss = await createUser(server, { email: "Boss@Example.test" });
    const body = (await (await me(server, boss.cookie)).json()) as { roles: string[]; isAdmin: boolean };
    expect(body).toMatchObject({ roles: ["admin"], isAdmin: true });
  });

  it("grants admin at start to existing accounts on the list", async () => {
    const later = await createUser(server, { email: "later@example.test" });
    expect(((await (await me(server, later.cookie)).json()) as { isAdmin: boolean }).isAdmin).toBe(false);
    await onAuthStart({
      ...server.deps,
      config: { ...server.deps.config, adminEmails: ["later@example.test"] },
    });
    expect(((await (await me(server, later.cookie)).json()) as { isAdmin: boolean }).isAdmin).toBe(true);
    const list = await server.fetch("/api/admin/members", { headers: { cookie: later.cookie } });
    expect(list.status).toBe(200);
  });
});

describe("bans", () => {
  it("ends every session of the banned account at once; its open tab gets 401 with the ban message", async () => {
    const victim = await createUser(server);
    const secondTab = await signIn(server, victim.email, victim.password);
    expect(await sessionCount(victim.id)).toBe(2);

    const res = await setBan(victim.id, "ban");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: victim.id, isBanned: true, banReason: "Testing bans" });
    // The next request of any of its sessions is refused with the reason, and ends them all.
    const tab = await me(server, secondTab.cookie);
    expect(tab.status).toBe(401);
    expect((await errorOf(tab)).message).toBe(BANNED);
    expect(await sessionCount(victim.id)).toBe(0);
    expect((await me(server, victim.cookie)).status).toBe(401);

    const refused = await postJson(server, "/api/auth/sign-in/email", {
      email: victim.email,
      password: victim.password,
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(BANNED);

    const unban = await setBan(victim.id, "unban");
    expect(((await unban.json()) as { isBanned: boolean }).isBanned).toBe(false);
    expect((await signIn(server, victim.email, victim.password)).cookie).toMatch(/session_token=/);
  });

  it("signs out a live session whose profile was banned by any other means, on its next request", async () => {
    const victim = await createUser(server);
    await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, victim.id));

    // A public page still answers (as for a visitor); a route that needs a user says why it signs the tab out.
    const site = await server.fetch("/api/site", { headers: { cookie: victim.cookie } });
    expect(site.status).toBe(200);
    expect(site.headers.get("x-session-ended")).toBe("banned");
    expect(await sessionCount(victim.id)).toBe(0);
    expect(site.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=;.*Max-Age=0/i);

    const victim2 = await createUser(server);
    await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, victim2.id));
    const res = await me(server, victim2.cookie);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "UNAUTHORIZED", message: BANNED } });
    expect(res.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=;.*Max-Age=0/i);
    expect(res.headers.get("x-session-ended")).toBe("banned");
    expect(await sessionCount(victim2.id)).toBe(0);
    // A later request (the cookie is gone) is a visitor's, with no such header.
    expect((await server.fetch("/api/site")).headers.get("x-session-ended")).toBeNull();
  });

  it("refuses to ban yourself, an unknown account or a malformed id", async () => {
    const self = await setBan(admin.id, "ban");
    expect(self.status).toBe(400);
    expect((await errorOf(self)).message).toBe("You cannot ban your own account");
    const unknown = await setBan("00000000-0000-4000-8000-000000000000", "ban");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe(ADMIN_M.memberNotFound);
    const malformed = await setBan("not-a-uuid", "ban");
    expect(malformed.status).toBe(404);
  });
});
