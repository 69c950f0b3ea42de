import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, me, postJson, readOutbox, withCookies } from "./testing.ts";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const change = (cookie: string, body: unknown) =>
  postJson(server, "/api/auth/change-password", body, { cookie });

const mailsTo = (email: string) =>
  readOutbox(server).filter((m) => m.to === email && m.subject === "Your Plugs & Rugs password was changed");

describe("POST /api/auth/change-password", () => {
  let user: TTestUser;
  beforeAll(async () => {
    user = await createUser(server);
  });

  it("needs a session", async () => {
    const res = await postJson(server, "/api/auth/change-password", {
      currentPassword: "x",
      newPassword: "BrandNew-Pass9",
    });
    expect(res.status).toBe(401);
  });

  it("answers each strict rule's message, and a wrong current password, changing nothing", async () => {
    for (const [newPassword, message] of [
      ["Sh0rt", "Password must be at least 8 characters"],
      ["alllower99", "Password must contain at least one uppercase letter"],
      ["ALLUPPER99", "Password must contain at least one lowercase letter"],
      ["NoDigitsHere", "Password must contain at least one number"],
    ]) {
      const res = await change(user.cookie, { currentPassword: user.password, newPassword });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    const wrong = await change(user.cookie, {
      currentPassword: "Not-the-one9",
      newPassword: "BrandNew-Pass9",
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe("Incorrect password");
    expect(mailsTo(user.email)).toHaveLength(0);
    await signIn(server, user.email, user.password);
  });

  it("changes it, keeps other sessions unless asked, and e-mails the owner", async () => {
    const other = await signIn(server, user.email, user.password);
    const res = await change(user.cookie, { currentPassword: user.password, newPassword: "BrandNew-Pass9" });
    expect(res.status).toBe(200);
    expect((await me(server, other.cookie)).status).toBe(200);
    await expect(signIn(server, user.email, user.password)).rejects.toThrow(/HTTP 401/);
    await signIn(server, user.email, "BrandNew-Pass9");
    const [mail] = mailsTo(user.email);
    expect(mail?.text).toContain(`Plugs & Rugs account (${user.username}) was changed`);
    expect(mail?.text).toContain("Devices already signed in stay signed in");
  });

  it("signs out every other session when asked, keeping this one", async () => {
    const owner = await createUser(server);
    const other = await signIn(server, owner.email, owner.password);
    const res = await change(owner.cookie, {
      currentPassword: owner.password,
      newPassword: "Second-Pass77",
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    expect((await me(server, other.cookie)).status).toBe(401);
    expect((await me(server, withCookies(owner.cookie, res))).status).toBe(200);
    expect(mailsTo(owner.email).at(-1)?.text).toContain(
      "Every other device signed in to your account was signed out.",
    );
  });
});
