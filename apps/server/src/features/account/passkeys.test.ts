import { M_PASSKEY, M_SIGN_IN_PROVIDER, PASSKEYS_MAX } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, passkeys } from "../../db/schema/index.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, postJson } from "../auth/testing.ts";
import { call } from "../posts/testing.ts";

let server: TTestServer;
let alice: TTestUser;
let bob: TTestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser(server);
  bob = await createUser(server);
});
afterAll(() => server?.close());

/** A passkey row as the plugin writes it (the browser ceremony itself runs in tests/e2e/passkeys.test.ts). */
async function addPasskey(user: TTestUser, name: string) {
  const [row] = await server.deps.db
    .insert(passkeys)
    .values({
      name,
      userId: user.id,
      credentialID: `cred-${Math.random().toString(36).slice(2)}`,
      publicKey: "AAAA",
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      transports: "internal",
    })
    .returning({ id: passkeys.id });
  return row?.id as string;
}

type TList = { items: { id: string; name: string; createdAt: string }[] };

describe("my passkeys", () => {
  it("lists only my own, newest first, with their names and dates", async () => {
    const older = await addPasskey(alice, "Laptop");
    const newer = await addPasskey(alice, "Phone");
    await addPasskey(bob, "Bob's key");
    const list = await call<TList>(server, "GET", "/api/me/passkeys", { cookie: alice.cookie });
    expect(list.status).toBe(200);
    expect(list.body.items.map((p) => [p.id, p.name])).toEqual([
      [newer, "Phone"],
      [older, "Laptop"],
    ]);
    expect(Number.isNaN(Date.parse(list.body.items[0]?.createdAt ?? ""))).toBe(false);
  });

  it("refuses visitors (401) on every passkey route", async () => {
    expect((await call(server, "GET", "/api/me/passkeys")).status).toBe(401);
    const id = await addPasskey(alice, "Spare");
    expect((await call(server, "DELETE", `/api/me/passkeys/${id}`)).status).toBe(401);
    expect((await call(server, "GET", "/api/auth/passkey/generate-register-options")).status).toBe(401);
    const verify = await postJson(server, "/api/auth/passkey/verify-registration", {
      response: {},
      name: "X",
    });
    expect(verify.status).toBe(401);
  });

  it("lets a member remove their own passkey, and never another's (404, kept)", async () => {
    const bobs = await addPasskey(bob, "Bob's other key");
    const refused = await call<{ error: { message: string } }>(server, "DELETE", `/api/me/passkeys/${bobs}`, {
      cookie: alice.cookie,
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe("Passkey not found");
    expect(await server.deps.db.select().from(passkeys).where(eq(passkeys.id, bobs))).toHaveLength(1);
    expect(
      (await call(server, "DELETE", "/api/me/passkeys/not-a-uuid", { cookie: alice.cookie })).status,
    ).toBe(404);

    const mine = await addPasskey(alice, "Old tablet");
    expect((await call(server, "DELETE", `/api/me/passkeys/${mine}`, { cookie: alice.cookie })).status).toBe(
      200,
    );
    expect(await server.deps.db.select().from(passkeys).where(eq(passkeys.id, mine))).toEqual([]);
  });

  it("keeps the last passkey of a member who has no password or linked sign-in (409), and removes it once there is one", async () => {
    const carol = await createUser(server);
    const only = await addPasskey(carol, "Only key");
    await server.deps.db.delete(accounts).where(eq(accounts.userId, carol.id));
    const refused = await call<{ error: { message: string } }>(server, "DELETE", `/api/me/passkeys/${only}`, {
      cookie: carol.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(M_SIGN_IN_PROVIDER.lastWay);
    expect(await server.deps.db.select().from(passkeys).where(eq(passkeys.id, only))).toHaveLength(1);

    // With a second passkey, either one may go.
    await addPasskey(carol, "Spare key");
    const removed = await call(server, "DELETE", `/api/me/passkeys/${only}`, { cookie: carol.cookie });
    expect(removed.status).toBe(200);
  });
});

describe("the passkey ceremonies", () => {
  it("asks the browser for a discoverable, user-verified passkey for this site", async () => {
    const res = await call<{
      rp: { id: string; name: string };
      authenticatorSelection: { residentKey: string; userVerification: string };
      excludeCredentials: { id: string }[];
    }>(server, "GET", "/api/auth/passkey/generate-register-options", { cookie: bob.cookie });
    expect(res.status).toBe(200);
    expect(res.body.rp).toEqual({ id: new URL(server.url).hostname, name: "Plugs & Rugs" });
    expect(res.body.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    // Bob's passkeys are excluded, so the same authenticator is not added twice.
    const bobs = await server.deps.db
      .select({ id: passkeys.credentialID })
      .from(passkeys)
      .where(eq(passkeys.userId, bob.id));
    expect(bobs).not.toEqual([]);
    expect(res.body.excludeCredentials.map((c) => c.id).sort()).toEqual(bobs.map((p) => p.id).sort());
  });

  it("refuses a registration without its challenge, and a sign-in with an unknown passkey", async () => {
    const noChallenge = await postJson(
      server,
      "/api/auth/passkey/verify-registration",
      { response: { id: "x" }, name: "Laptop" },
      { cookie: alice.cookie },
    );
    expect(noChallenge.status).toBe(400);
    expect((await errorOf(noChallenge)).message).toBe("Could not check the passkey. Try again.");

    const unnamed = await postJson(
      server,
      "/api/auth/passkey/verify-registration",
      { response: { id: "x" }, name: " " },
      { cookie: alice.cookie },
    );
    expect(unnamed.status).toBe(400);
    expect((await errorOf(unnamed)).message).toBe("Name your passkey");

    const options = await server.fetch("/api/auth/passkey/generate-authenticate-options");
    expect(options.status).toBe(200);
    const challengeCookie = options.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const unknown = await postJson(
      server,
      "/api/auth/passkey/verify-authentication",
      { response: { id: "no-such-credential", response: {} } },
      { cookie: challengeCookie },
    );
    expect(unknown.status).toBe(401);
    expect((await errorOf(unknown)).message).toBe("That passkey is not on any account here");
    expect(unknown.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
  });

  it("uses each challenge once, and only for the ceremony it was issued for", async () => {
    const options = await server.fetch("/api/auth/passkey/generate-authenticate-options");
    const challengeCookie = options.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const assertion = { response: { id: "no-such-credential", response: {} } };
    const first = await postJson(server, "/api/auth/passkey/verify-authentication", assertion, {
      cookie: challengeCookie,
    });
    expect((await errorOf(first)).message).toBe(M_PASSKEY.notRecognised);
    const replayed = await postJson(server, "/api/auth/passkey/verify-authentication", assertion, {
      cookie: challengeCookie,
    });
    expect(replayed.status).toBe(400);
    expect((await errorOf(replayed)).message).toBe(M_PASSKEY.failed);

    // A sign-in challenge does not let a member add a passkey.
    const again = await server.fetch("/api/auth/passkey/generate-authenticate-options");
    const signInCookie = again.headers.getSetCookie().map((c) => c.split(";")[0]);
    const misused = await postJson(
      server,
      "/api/auth/passkey/verify-registration",
      { response: { id: "x" }, name: "Laptop" },
      { cookie: [alice.cookie, ...signInCookie].join("; ") },
    );
    expect(misused.status).toBe(400);
    expect((await errorOf(misused)).message).toBe(M_PASSKEY.failed);
  });

  it(`stops offering to add a passkey at ${PASSKEYS_MAX}`, async () => {
    const carol = await createUser(server);
    for (let i = 0; i < PASSKEYS_MAX; i++) await addPasskey(carol, `Key ${i}`);
    const full = await server.fetch("/api/auth/passkey/generate-register-options", {
      headers: { cookie: carol.cookie },
    });
    expect(full.status).toBe(400);
    expect((await errorOf(full)).message).toBe(M_PASSKEY.tooMany);
    expect(full.headers.getSetCookie().some((c) => c.includes("passkey_challenge"))).toBe(false);
  });
});
