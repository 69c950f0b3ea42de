import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema/index.ts";
import { createUser, signIn, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, me } from "./testing.ts";

let server: TTestServer;
let alice: TTestUser;
let bob: TTestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser(server, { username: "alice_m" });
  bob = await createUser(server, { username: "bob_m" });
});
afterAll(() => server?.close());

function patchProfile(cookie: string | null, body: unknown) {
  return server.fetch("/api/me/profile", {
    method: "PATCH",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

describe("PATCH /api/me/profile", () => {
  it("needs a signed-in user", async () => {
    const res = await patchProfile(null, { username: "someone_new" });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).message).toBe("You must be signed in");
  });

  it.each([
    [{ username: "" }, "Username is required"],
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "x".repeat(31) }, "Username cannot exceed 30 characters"],
    [{ username: "no spaces" }, "Username can only contain letters, numbers, and underscores"],
  ])("refuses %j with the spec's message", async (body, message) => {
    const res = await patchProfile(alice.cookie, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
  });

  it("refuses another user's username in any case with 409", async () => {
    const res = await patchProfile(alice.cookie, { username: "BOB_M" });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("This username is already taken");
  });

  it("changes the username, keeping better-auth's copy in step", async () => {
    const res = await patchProfile(alice.cookie, { username: "Alice_Renamed" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { profile: { username: string } };
    expect(body.profile.username).toBe("Alice_Renamed");
    const [row] = await server.deps.db
      .select({ username: users.username, displayUsername: users.displayUsername })
      .from(users)
      .where(eq(users.id, alice.id));
    expect(row).toEqual({ username: "alice_renamed", displayUsername: "Alice_Renamed" });
    // Only a change of case of one's own name is fine too.
    expect((await patchProfile(alice.cookie, { username: "alice_renamed" })).status).toBe(200);
    // The old name is free again.
    expect((await createUser(server, { username: "alice_m" })).username).toBe("alice_m");
  });
});

describe("sessions", () => {
  it("signs out every other session and keeps this one", async () => {
    const other = await signIn(server, bob.email, bob.password);
    const res = await server.fetch("/api/me/sessions/revoke-others", {
      method: "POST",
      headers: { cookie: bob.cookie },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revoked: 1 });
    expect((await me(server, other.cookie)).status).toBe(401);
    expect((await me(server, bob.cookie)).status).toBe(200);
    expect((await server.fetch("/api/me/sessions/revoke-others", { method: "POST" })).status).toBe(401);
  });

  it("refreshes a session used a day after its last refresh: later expiry and a new cookie", async () => {
    const fiveDays = sql`now() + interval '5 days'`;
    await server.deps.db.update(sessions).set({ expiresAt: fiveDays }).where(eq(sessions.userId, bob.id));
    const res = await me(server, bob.cookie);
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join();
    expect(setCookie).toMatch(/better-auth\.session_token=.+Max-Age=604800/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const [row] = await server.deps.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, bob.id));
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);

    // A session refreshed less than a day ago is left alone.
    const again = await me(server, bob.cookie);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it("takes a session cookie only with its signature: another token or a changed signature is a visitor", async () => {
    const carol = await createUser(server, { username: "carol_m" });
    // name=value pairs, split at the first "=" (a signature ends in base64 padding).
    const pairs = carol.cookie
      .split("; ")
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]);
    const session = pairs.find(([name]) => name?.endsWith("session_token"));
    if (!session?.[0] || !session[1]) throw new Error("no session cookie");
    const [token, signature] = decodeURIComponent(session[1]).split(".");
    const cookieOf = (value: string) => `${session[0]}=${encodeURIComponent(value)}`;
    expect((await me(server, cookieOf(`${token}.${signature}`))).status).toBe(200);
    expect((await me(server, cookieOf(`${alice.id}.${signature}`))).status).toBe(401);
    const flipped = `${signature?.[0] === "A" ? "B" : "A"}${signature?.slice(1)}`;
    expect((await me(server, cookieOf(`${token}.${flipped}`))).status).toBe(401);
    expect((await me(server, cookieOf(`${token}`))).status).toBe(401);
  });

  it("treats an expired session as signed out", async () => {
    await server.deps.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, bob.id));
    expect((await me(server, bob.cookie)).status).toBe(401);
  });
});

describe("POST /api/me/avatar", () => {
  async function upload(cookie: string | null, file: Blob | null, name = "me.png") {
    const form = new FormData();
    if (file) form.set("avatar", file, name);
    return server.fetch("/api/me/avatar", { method: "POST", body: form, headers: cookie ? { cookie } : {} });
  }

  const png = async (color: string) =>
    new Blob([
      new Uint8Array(
        await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
          .png()
          .toBuffer(),
      ),
    ]);

  it("stores an image, shows it on the profile, and replaces the previous one", async () => {
    const carol = await createUser(server);
    const first = await upload(carol.cookie, await png("#ff0000"), "Holiday Photo.png");
    expect(first.status).toBe(200);
    const firstUrl = ((await first.json()) as { profile: { avatarUrl: string } }).profile.avatarUrl;
    expect(firstUrl).toMatch(new RegExp(`^/media/avatars/${carol.id}/Holiday-Photo\\.png$`));
    const image = await server.fetch(firstUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    const second = await upload(carol.cookie, await png("#00ff00"));
    const secondUrl = ((await second.json()) as { profile: { avatarUrl: string } }).profile.avatarUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await server.fetch(secondUrl)).status).toBe(200);
    expect((await server.fetch(firstUrl)).status).toBe(404);
  });

  it("refuses a visitor, a missing file and a file that is not an image", async () => {
    expect((await upload(null, await png("#0000ff"))).status).toBe(401);
    const none = await upload(alice.cookie, null);
    expect(none.status).toBe(400);
    expect((await errorOf(none)).message).toBe("No file provided");
    const text = await upload(alice.cookie, new Blob(["just some text"]), "avatar.png");
    expect(text.status).toBe(415);
  });
});

describe("POST and DELETE /api/me/banner", () => {
  async function upload(cookie: string | null, file: Blob | null, name = "banner.png") {
    const form = new FormData();
    if (file) form.set("banner", file, name);
    return server.fetch("/api/me/banner", { method: "POST", body: form, headers: cookie ? { cookie } : {} });
  }
  const wide = async (color: string) =>
    new Blob([
      new Uint8Array(
        await sharp({ create: { width: 300, height: 100, channels: 3, background: color } })
          .png()
          .toBuffer(),
      ),
    ]);
  const bannerOf = async (res: Response) =>
    ((await res.json()) as { profile: { bannerUrl: string | null } }).profile.bannerUrl;

  it("stores a banner, shows it on the public profile, replaces it and removes it", async () => {
    const dana = await createUser(server, { username: "dana_banner" });
    const first = await upload(dana.cookie, await wide("#112233"), "Skyline.png");
    expect(first.status).toBe(200);
    const firstUrl = await bannerOf(first);
    expect(firstUrl).toMatch(new RegExp(`^/media/banners/${dana.id}/Skyline\\.png$`));
    expect((await server.fetch(firstUrl as string)).headers.get("content-type")).toBe("image/png");
    const profile = (await (await server.fetch("/api/users/dana_banner")).json()) as { bannerUrl: string };
    expect(profile.bannerUrl).toBe(firstUrl);

    const second = await upload(dana.cookie, await wide("#445566"));
    const secondUrl = await bannerOf(second);
    expect(secondUrl).not.toBe(firstUrl);
    expect((await server.fetch(firstUrl as string)).status).toBe(404);
    // The avatar is a different picture: a new banner leaves it alone.
    expect(
      ((await (await me(server, dana.cookie)).json()) as { profile: { avatarUrl: null } }).profile.avatarUrl,
    ).toBe(null);

    const removed = await server.fetch("/api/me/banner", {
      method: "DELETE",
      headers: { cookie: dana.cookie },
    });
    expect(removed.status).toBe(200);
    expect(await bannerOf(removed)).toBe(null);
    expect((await server.fetch(secondUrl as string)).status).toBe(404);
    const after = (await (await server.fetch("/api/users/dana_banner")).json()) as {
      bannerUrl: string | null;
    };
    expect(after.bannerUrl).toBe(null);
  });

  it("refuses a visitor, a missing file and a file that is not an image", async () => {
    expect((await upload(null, await wide("#0000ff"))).status).toBe(401);
    expect((await server.fetch("/api/me/banner", { method: "DELETE" })).status).toBe(401);
    const none = await upload(alice.cookie, null);
    expect(none.status).toBe(400);
    expect((await errorOf(none)).message).toBe("No file provided");
    const text = await upload(alice.cookie, new Blob(["not a picture"]), "banner.png");
    expect(text.status).toBe(415);
  });
});

describe("GET /api/session", () => {
  it("answers a visitor with 200 and no account", async () => {
    const res = await server.fetch("/api/session");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ me: null });
  });

  it("answers a signed-in user with what /api/me says", async () => {
    const carol = await createUser(server, { username: "carol_s" });
    const [session, direct] = await Promise.all([
      server.fetch("/api/session", { headers: { cookie: carol.cookie } }),
      me(server, carol.cookie),
    ]);
    expect(session.status).toBe(200);
    const body = (await session.json()) as { me: { profile: { username: string } } };
    expect(body.me.profile.username).toBe("carol_s");
    expect(body).toEqual({ me: await direct.json() });
  });
});
