import { M } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { randomPassword, randomUsername } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";

/** A sign-up sent with this Origin: it passes our guard and better-auth's own origin check, or neither. */
async function signUpFrom(server: TTestServer, origin: string) {
  const username = randomUsername();
  const res = await server.fetch("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      email: `${username}@example.test`,
      password: randomPassword(),
      username,
      acceptTerms: true,
    }),
  });
  const body = (await res.json()) as { email?: string; error?: { code: string; message: string } };
  // better-auth made the account only if its own origin check passed too.
  const made = await server.deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `${username}@example.test`.toLowerCase()));
  return { status: res.status, body, created: made.length === 1 };
}

describe("writes with PUBLIC_URL unset", () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it("are accepted from each loopback name on the server's port, by our guard and by better-auth", async () => {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      const res = await signUpFrom(server, `http://${host}:${server.port}`);
      expect(res.status, host).toBe(200);
      expect(res.created, host).toBe(true);
    }
  });

  it("are refused from another port or host, naming the origins expected", async () => {
    const expected = `http://localhost:${server.port}, http://127.0.0.1:${server.port} or http://[::1]:${server.port}`;
    for (const origin of [`http://localhost:${server.port + 1}`, "http://evil.example", "null"]) {
      const res = await signUpFrom(server, origin);
      expect(res.status, origin).toBe(403);
      expect(res.body.error).toEqual({ code: "FORBIDDEN", message: M.auth.foreignOrigin(expected) });
    }
  });
});

describe("writes with PUBLIC_URL set", () => {
  const publicUrl = "http://plugs.example:8080";
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: `${publicUrl}/` });
  });
  afterAll(() => server?.close());

  it("are accepted from its origin alone", async () => {
    const res = await signUpFrom(server, publicUrl);
    expect(res.status).toBe(200);
    expect(res.created).toBe(true);
  });

  it("are refused from the loopback names, with a message naming PUBLIC_URL's origin", async () => {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      const res = await signUpFrom(server, `http://${host}:${server.port}`);
      expect(res.status, host).toBe(403);
      expect(res.body.error).toEqual({ code: "FORBIDDEN", message: M.auth.foreignOrigin(publicUrl) });
    }
  });

  it("are judged by the Referer when there is no Origin", async () => {
    const write = (referer: string) =>
      fetch(`${server.url}/api/auth/sign-out`, { method: "POST", headers: { referer } });
    expect((await write(`http://127.0.0.1:${server.port}/signin`)).status).toBe(403);
    expect((await write(`${publicUrl}/signin`)).status).not.toBe(403);
  });
});
