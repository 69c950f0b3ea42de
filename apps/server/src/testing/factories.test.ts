import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, pointsTransactions, profiles, sessions, users } from "../db/schema/index.ts";
import { createUser, signIn, signUpUser } from "./factories.ts";
import { startTestServer, type TTestServer } from "./test-server.ts";

// The fast factory must leave an account exactly as a real sign-up does, or every test built on it tests
// something no member can be.
describe("the user factory", () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function rowsOf(userId: string) {
    const { db } = server.deps;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
    const credentials = await db
      .select({ providerId: accounts.providerId, accountId: accounts.accountId })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    const ledger = await db
      .select({ points: pointsTransactions.points, description: pointsTransactions.description })
      .from(pointsTransactions)
      .where(eq(pointsTransactions.userId, userId));
    const signedIn = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    return { user, profile, credentials, ledger, sessions: signedIn.length };
  }

  /** The parts of an account that do not name it (ids, names, times). */
  function shape(rows: Awaited<ReturnType<typeof rowsOf>>, id: string, username: string) {
    const { user, profile } = rows;
    if (!user || !profile) throw new Error("account rows missing");
    expect(user.username).toBe(username.toLowerCase());
    expect(user.displayUsername).toBe(username);
    expect(user.name).toBe(username);
    expect(profile.username).toBe(username);
    expect(rows.credentials).toEqual([{ providerId: "credential", accountId: id }]);
    return {
      user: {
        ...user,
        id: 0,
        name: 0,
        email: 0,
        username: 0,
        displayUsername: 0,
        createdAt: 0,
        updatedAt: 0,
      },
      profile: { ...profile, id: 0, username: 0, createdAt: 0, updatedAt: 0 },
      ledger: rows.ledger,
      sessions: rows.sessions,
    };
  }

  it("makes the rows a sign-up makes, signed in, with a password that signs in", async () => {
    const real = await signUpUser(server, { username: "Real_Member" });
    // Unverified, as sign-up leaves an account until its owner opens the link.
    const made = await createUser(server, { username: "Made_Member", emailVerified: false });
    const realShape = shape(await rowsOf(real.id), real.id, "Real_Member");
    expect(realShape.ledger).toEqual([{ points: 100, description: expect.any(String) }]);
    expect(shape(await rowsOf(made.id), made.id, "Made_Member")).toEqual(realShape);

    for (const member of [real, made]) {
      const res = await server.fetch("/api/session", { headers: { cookie: member.cookie } });
      const body = (await res.json()) as { me: { profile: { username: string } } | null };
      expect(body.me?.profile.username).toBe(member.username);
    }
    const again = await signIn(server, made.email, made.password);
    expect(again.id).toBe(made.id);
  });

  it("refuses a second account with a taken username, as sign-up does", async () => {
    await createUser(server, { username: "Only_Once" });
    await expect(createUser(server, { username: "only_once" })).rejects.toThrow();
  });
});
