import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { createUser, signIn } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, postJson, readOutbox } from "../auth/testing.ts";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const change = (cookie: string, newEmail: string) =>
  postJson(server, "/api/auth/change-email", { newEmail }, { cookie });
const mailsTo = (email: string) => readOutbox(server).filter((m) => m.to === email);
const storedEmail = async (id: string) =>
  (await server.deps.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

describe("POST /api/auth/change-email", () => {
  it("needs a session, a valid address and a different one", async () => {
    expect((await postJson(server, "/api/auth/change-email", { newEmail: "a@example.test" })).status).toBe(
      401,
    );
    const user = await createUser(server);
    const bad = await change(user.cookie, "not-an-email");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("Please enter a valid email address");
    const same = await change(user.cookie, user.email.toUpperCase());
    expect(same.status).toBe(400);
    expect((await errorOf(same)).message).toBe("That is already your e-mail address");
  });

  it("mails a link to the new address, tells the old one, and changes it when the link is opened", async () => {
    const user = await createUser(server);
    const newEmail = `moved_${user.username}@example.test`;
    const res = await change(user.cookie, newEmail);
    expect(res.status).toBe(200);
    expect(await storedEmail(user.id)).toBe(user.email);
    const [confirm] = mailsTo(newEmail);
    expect(confirm?.subject).toBe("Confirm your new e-mail for Plugs & Rugs");
    const told = mailsTo(user.email).find(
      (m) => m.subject === "Your Plugs & Rugs e-mail address is being changed",
    );
    expect(told?.text).toContain(`to change its e-mail address to ${newEmail}`);
    expect(told?.links).toEqual([]);

    const link = new URL(confirm?.links[0] as string);
    expect(link.pathname).toBe("/api/auth/verify-email");
    const opened = await server.fetch(`${link.pathname}${link.search}`, { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toMatch(/^\/dashboard\/security(\?|$)/);
    expect(await storedEmail(user.id)).toBe(newEmail);
    await signIn(server, newEmail, user.password);
    await expect(signIn(server, user.email, user.password)).rejects.toThrow(/HTTP 401/);
  });

  it("answers a taken address like a free one, and sends nothing to it", async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const before = mailsTo(other.email).length;
    const res = await change(user.cookie, other.email);
    expect(res.status).toBe(200);
    expect(mailsTo(other.email)).toHaveLength(before);
    expect(await storedEmail(user.id)).toBe(user.email);
  });
});
