import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, profiles, users } from "../../db/schema/index.ts";
import { createUser, signIn } from "../../testing/factories.ts";
import { startOidcServer, type TOidcAccount, type TOidcServer } from "../../testing/oidc-server.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { errorOf, me, postJson, readOutbox, withCookies } from "./testing.ts";

/*
 * Linked sign-ins through the whole OAuth code flow against a real OpenID Connect provider (oidc-provider, started
 * here): discovery, the authorization request with PKCE and state, the provider's sign-in step, the code exchange
 * and the signed ID token. Google is configured too, to show what is offered and where its trip starts.
 */

let oidc: TOidcServer;
let server: TTestServer;
beforeAll(async () => {
  oidc = await startOidcServer();
  server = await startTestServer({
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_NAME: "Test ID",
    GOOGLE_CLIENT_ID: "google-client-id.apps.example",
    GOOGLE_CLIENT_SECRET: "google-client-secret",
  });
  oidc.allowApp(server.url);
});
afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

function newIdentity(overrides: Partial<TOidcAccount> = {}) {
  const sub = `sub-${randomBytes(4).toString("hex")}`;
  const account = {
    email: `${sub}@idp.example`,
    emailVerified: true,
    name: "Ana María Test",
    ...overrides,
  };
  oidc.addAccount(sub, account);
  return { sub, ...account };
}

/**
 * Starts the trip with `start` (our route's answer: the provider's URL and the state cookie), signs in at the
 * provider as `sub` (or cancels), and follows the provider back to our callback. Answers the callback's response
 * and the browser's cookies for this site after it.
 */
async function throughProvider(
  start: Response,
  cookie: string,
  sub: string | null,
  options: { otherBrowser?: boolean } = {},
) {
  expect(start.status).toBe(200);
  let appCookie = withCookies(cookie, start);
  const { url } = (await start.json()) as { url: string };
  let idpCookie = "";
  const idp = async (target: string, init: RequestInit = {}) => {
    const res = await fetch(target, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: idpCookie },
    });
    idpCookie = withCookies(idpCookie, res);
    return res;
  };
  const authorize = await idp(url);
  expect(authorize.status).toBe(303);
  const interaction = new URL(authorize.headers.get("location") ?? "", url).toString();
  expect((await (await idp(interaction)).text()).includes("Test Identity Provider")).toBe(true);
  let res = await idp(sub === null ? `${interaction}/abort` : interaction, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ login: sub ?? "" }).toString(),
  });
  let location = new URL(res.headers.get("location") ?? "", interaction);
  while (location.origin === oidc.issuer) {
    res = await idp(location.toString());
    location = new URL(res.headers.get("location") ?? "", location);
  }
  expect(location.origin).toBe(server.url);
  const callback = await server.fetch(`${location.pathname}${location.search}`, {
    redirect: "manual",
    headers: { cookie: options.otherBrowser ? "" : appCookie },
  });
  appCookie = withCookies(appCookie, callback);
  return { callback, cookie: appCookie, landing: callback.headers.get("location") ?? "" };
}

const startSignIn = (body: unknown, cookie = "") =>
  postJson(server, "/api/auth/sign-in/provider", body, cookie ? { cookie } : {});

describe("what is offered", () => {
  it("lists the configured providers in button order, the OpenID Connect one by its OIDC_NAME", async () => {
    const res = await server.fetch("/api/auth/providers");
    expect(await res.json()).toEqual({
      providers: [
        { id: "google", name: "Google" },
        { id: "oidc", name: "Test ID" },
      ],
    });
  });

  it("refuses a provider the server does not offer, or an unknown one, with the field's message", async () => {
    for (const provider of ["discord", "myspace"]) {
      const res = await startSignIn({ provider });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.message).toBe("This sign-in method is not available");
      expect(error.fields?.provider).toBe("This sign-in method is not available");
    }
  });

  it("sends a Google sign-in to Google's authorization page with our client, callback, state and PKCE", async () => {
    const res = await startSignIn({ provider: "google", next: "/plugfeed" });
    expect(res.status).toBe(200);
    const url = new URL(((await res.json()) as { url: string }).url);
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("client_id")).toBe("google-client-id.apps.example");
    expect(url.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/google`);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    // The state is bound to this browser by a cookie.
    expect(res.headers.getSetCookie().join("\n")).toMatch(/state/);
  });
});

describe("signing in with the OpenID Connect provider", () => {
  it("makes a new account on the first visit: a username from the name, the name shown, the e-mail verified", async () => {
    const who = newIdentity();
    const trip = await throughProvider(
      await startSignIn({ provider: "oidc", next: "/plugfeed?x=1" }),
      "",
      who.sub,
    );
    expect(trip.callback.status).toBe(302);
    expect(trip.landing).toBe("/plugfeed?x=1");
    const res = await me(server, trip.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      user: { email: string; emailVerified: boolean };
      profile: { username: string; displayName: string };
    };
    expect(body.user.email).toBe(who.email);
    expect(body.user.emailVerified).toBe(true);
    expect(body.profile.username).toMatch(/^AnaMariaTest(_\d+)?$/);
    expect(body.profile.displayName).toBe("Ana María Test");
    const [profile] = await server.deps.db
      .select({ username: profiles.username, displayName: profiles.displayName })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.email, who.email));
    expect(profile).toEqual({ username: body.profile.username, displayName: "Ana María Test" });
  });

  it("signs the same person in to the same account on the next visit, and gives the next one another username", async () => {
    const who = newIdentity({ name: "Twin" });
    const first = await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub);
    const again = await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub);
    expect(again.landing).toBe("/");
    const idOf = async (cookie: string) =>
      ((await (await me(server, cookie)).json()) as { user: { id: string } }).user.id;
    expect(await idOf(again.cookie)).toBe(await idOf(first.cookie));
    const other = newIdentity({ name: "Twin" });
    const second = await throughProvider(await startSignIn({ provider: "oidc" }), "", other.sub);
    const names = await Promise.all(
      [first.cookie, second.cookie].map(
        async (cookie) =>
          ((await (await me(server, cookie)).json()) as { profile: { username: string } }).profile.username,
      ),
    );
    expect(names[0]).toMatch(/^Twin(_\d+)?$/);
    expect(names[1]).toMatch(/^Twin_\d+$/);
    expect(names[0]).not.toBe(names[1]);
  });

  it("keeps `next` to this site's own paths", async () => {
    const who = newIdentity();
    const trip = await throughProvider(
      await startSignIn({ provider: "oidc", next: "//evil.example/x" }),
      "",
      who.sub,
    );
    expect(trip.landing).toBe("/");
  });

  it("says the person cancelled when they cancel at the provider, and signs nobody in", async () => {
    const trip = await throughProvider(await startSignIn({ provider: "oidc", next: "/kols" }), "", null);
    const landing = new URL(trip.landing, server.url);
    expect(landing.pathname).toBe("/signin");
    expect(landing.searchParams.get("error")).toBe("access_denied");
    expect(landing.searchParams.get("next")).toBe("/kols");
    expect((await me(server, trip.cookie)).status).toBe(401);
  });

  it("refuses a callback whose state this browser did not start (a forged or replayed link)", async () => {
    const who = newIdentity();
    // The trip is made in one browser; its callback is opened in another, which holds no state cookie.
    const trip = await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub, {
      otherBrowser: true,
    });
    expect(trip.callback.status).toBe(302);
    const landing = new URL(trip.landing, server.url);
    expect(landing.pathname).toBe("/signin");
    expect(landing.searchParams.get("error")).toMatch(/state/);
    expect(trip.callback.headers.getSetCookie().join("\n")).not.toMatch(/session_token=[^;]/);
  });

  it("does not join an account whose e-mail is unverified here: the visitor is told to sign in and link it", async () => {
    const local = await createUser(server, { emailVerified: false });
    const who = newIdentity({ email: local.email });
    const trip = await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub);
    const landing = new URL(trip.landing, server.url);
    expect(landing.pathname).toBe("/signin");
    expect(landing.searchParams.get("error")).toBe("account_not_linked");
    const linked = await server.deps.db
      .select({ providerId: accounts.providerId })
      .from(accounts)
      .where(eq(accounts.userId, local.id));
    expect(linked.map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("joins an account whose e-mail both sides have verified", async () => {
    const local = await createUser(server);
    const who = newIdentity({ email: local.email });
    const trip = await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub);
    expect(trip.landing).toBe("/");
    const body = (await (await me(server, trip.cookie)).json()) as { user: { id: string } };
    expect(body.user.id).toBe(local.id);
  });

  it("refuses a banned member at the callback, with the ban's message code", async () => {
    const who = newIdentity();
    const made = await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub);
    const id = ((await (await me(server, made.cookie)).json()) as { user: { id: string } }).user.id;
    await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, id));
    const trip = await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub);
    const landing = new URL(trip.landing, server.url);
    expect(landing.pathname).toBe("/signin");
    expect(landing.searchParams.get("error")).toBe("BANNED_USER");
  });
});

describe("linking and unlinking from the dashboard", () => {
  const link = (cookie: string, provider: string) =>
    postJson(server, "/api/me/sign-ins", { provider }, { cookie });
  const unlink = (cookie: string, provider: string) =>
    server.fetch(`/api/me/sign-ins/${provider}`, { method: "DELETE", headers: { cookie } });
  const mine = async (cookie: string) =>
    (await (await server.fetch("/api/me/sign-ins", { headers: { cookie } })).json()) as {
      password: boolean;
      passkeys: number;
      providers: { id: string; name: string; linkedAt: string | null; offered: boolean }[];
    };

  it("needs a session for every route", async () => {
    expect((await server.fetch("/api/me/sign-ins")).status).toBe(401);
    expect((await link("", "oidc")).status).toBe(401);
    expect((await unlink("", "oidc")).status).toBe(401);
  });

  it("links a provider account with another e-mail, lists it, signs in with it, and unlinks it", async () => {
    const member = await createUser(server);
    expect(await mine(member.cookie)).toEqual({
      password: true,
      passkeys: 0,
      providers: [
        { id: "google", name: "Google", linkedAt: null, offered: true },
        { id: "oidc", name: "Test ID", linkedAt: null, offered: true },
      ],
    });
    // A provider account whose e-mail the provider has not verified is refused.
    const unverified = newIdentity({ emailVerified: false });
    const refused = await throughProvider(await link(member.cookie, "oidc"), member.cookie, unverified.sub);
    expect(refused.landing).toBe("/dashboard/security?linked=oidc&error=unable_to_link_account");

    const who = newIdentity({ email: "someone-else@idp.example" });
    const trip = await throughProvider(await link(member.cookie, "oidc"), member.cookie, who.sub);
    expect(trip.landing).toBe("/dashboard/security?linked=oidc");
    const listed = await mine(member.cookie);
    expect(listed.providers.find((p) => p.id === "oidc")?.linkedAt).toEqual(expect.any(String));

    // Signed out, the provider now signs in to this account.
    const back = await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub);
    const body = (await (await me(server, back.cookie)).json()) as { user: { id: string } };
    expect(body.user.id).toBe(member.id);

    const res = await unlink(member.cookie, "oidc");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Test ID was unlinked from your account" });
    expect((await mine(member.cookie)).providers.find((p) => p.id === "oidc")?.linkedAt).toBeNull();
    expect((await unlink(member.cookie, "oidc")).status).toBe(404);
    expect((await errorOf(await unlink(member.cookie, "myspace"))).message).toBe(
      "That sign-in method is not linked to your account",
    );
  });

  it("lets an account a provider made set a first password, then sign in with it and unlink the provider", async () => {
    const who = newIdentity();
    const trip = await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub);
    const setPassword = (cookie: string, newPassword: string) =>
      postJson(server, "/api/me/password", { newPassword }, { cookie });
    const deletion = await postJson(
      server,
      "/api/me/deletion",
      { password: "anything" },
      { cookie: trip.cookie },
    );
    expect(deletion.status).toBe(400);
    expect((await errorOf(deletion)).message).toBe(
      "Set a password first (under Password, above): deleting your account asks for it.",
    );
    const weak = await setPassword(trip.cookie, "short");
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).message).toBe("Password must be at least 8 characters");

    const res = await setPassword(trip.cookie, "First-Pass99");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: "Password set. You can now also sign in with your e-mail and this password.",
    });
    expect(
      readOutbox(server)
        .filter((m) => m.to === who.email)
        .map((m) => m.subject),
    ).toContain("Your Plugs & Rugs password was changed");
    expect((await mine(trip.cookie)).password).toBe(true);
    await signIn(server, who.email, "First-Pass99");
    const again = await setPassword(trip.cookie, "Second-Pass99");
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("Your account already has a password. Change it instead.");
    expect((await unlink(trip.cookie, "oidc")).status).toBe(200);
    expect((await setPassword("", "First-Pass99")).status).toBe(401);
  });

  it("refuses to link a provider account that already belongs to another member", async () => {
    const who = newIdentity();
    await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub);
    const member = await createUser(server);
    const trip = await throughProvider(await link(member.cookie, "oidc"), member.cookie, who.sub);
    const landing = new URL(trip.landing, server.url);
    expect(landing.pathname).toBe("/dashboard/security");
    expect(landing.searchParams.get("linked")).toBe("oidc");
    expect(landing.searchParams.get("error")).toBe("account_already_linked_to_different_user");
  });

  it("never unlinks the only way to sign in, even when two unlinks race", async () => {
    const who = newIdentity();
    const trip = await throughProvider(await startSignIn({ provider: "oidc" }), "", who.sub);
    const res = await unlink(trip.cookie, "oidc");
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(
      "This is your only way to sign in. Set a password or add a passkey before you unlink it, so you can still sign in.",
    );
    expect((await mine(trip.cookie)).password).toBe(false);

    // Two providers, both unlinked at once: one goes, the other stays.
    const member = await createUser(server);
    const idA = newIdentity();
    await throughProvider(await link(member.cookie, "oidc"), member.cookie, idA.sub);
    await server.deps.db
      .delete(accounts)
      .where(and(eq(accounts.userId, member.id), eq(accounts.providerId, "credential")));
    await server.deps.db.insert(accounts).values({
      userId: member.id,
      providerId: "google",
      accountId: `google-${member.id}`,
    });
    const both = await Promise.all([unlink(member.cookie, "oidc"), unlink(member.cookie, "google")]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await mine(member.cookie)).providers.filter((p) => p.linkedAt !== null)).toHaveLength(1);
    await expect(signIn(server, member.email, member.password)).rejects.toThrow(/HTTP 401/);
  });
});
