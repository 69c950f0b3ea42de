import { M } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { awardPoints } from "../points/award-points.ts";
import { balanceOf, setActivity } from "../points/testing.ts";
import { call } from "../posts/testing.ts";

type TStats = {
  totalReferrals: number;
  pointsEarned: number;
  referredUsers: { username: string; avatarUrl: string | null; joinedAt: string }[];
};

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function statsOf(cookie: string) {
  return call<TStats>(server, "GET", "/api/referrals/me", { cookie });
}

describe("GET /api/referrals/me", () => {
  it("asks visitors to sign in", async () => {
    const res = await call<{ error: { message: string } }>(server, "GET", "/api/referrals/me");
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(M.auth.signInRequired);
  });

  it("starts at zero", async () => {
    const user = await createUser(server);
    expect((await statsOf(user.cookie)).body).toEqual({
      totalReferrals: 0,
      pointsEarned: 0,
      referredUsers: [],
    });
  });

  it("pays the referrer once per referred sign-up and lists who joined, newest first", async () => {
    const referrer = await createUser(server);
    const first = await createUser(server, { referralCode: referrer.username.toUpperCase() });
    let stats = await statsOf(referrer.cookie);
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      totalReferrals: 1,
      pointsEarned: 200,
      referredUsers: [{ username: first.username, avatarUrl: null, joinedAt: expect.any(String) }],
    });
    expect(Date.now() - Date.parse(stats.body.referredUsers[0]?.joinedAt ?? "")).toBeLessThan(60_000);
    expect(await balanceOf(server, referrer.id)).toEqual({ points: 300, ledger: 300, rows: 2 });
    // The referred account earns its own account_creation points, nothing for the referral.
    expect(await balanceOf(server, first.id)).toEqual({ points: 100, ledger: 100, rows: 1 });

    // A retry of the same referral award pays nothing.
    const retry = await awardPoints(server.deps.db, {
      userId: referrer.id,
      activity: "referral",
      referenceType: "referral",
      referenceId: first.id,
    });
    expect(retry).toBeNull();

    const second = await createUser(server, { referralCode: referrer.username });
    stats = await statsOf(referrer.cookie);
    expect(stats.body.totalReferrals).toBe(2);
    expect(stats.body.pointsEarned).toBe(400);
    expect(stats.body.referredUsers.map((u) => u.username)).toEqual([second.username, first.username]);

    const ledger = await call<{ items: { description: string; activity: string }[] }>(
      server,
      "GET",
      "/api/points/me",
      { cookie: referrer.cookie },
    );
    expect(ledger.body.items[0]).toEqual(
      expect.objectContaining({ activity: "referral", description: `Referral: ${second.username} joined` }),
    );
    // The referred user sees their own stats, not the referrer's.
    expect((await statsOf(first.cookie)).body.totalReferrals).toBe(0);
  });

  it("counts a referral past the daily cap without paying for it", async () => {
    const referrer = await createUser(server);
    await setActivity(server, "referral", { dailyCap: 1 });
    try {
      await createUser(server, { referralCode: referrer.username });
      await createUser(server, { referralCode: referrer.username });
    } finally {
      await setActivity(server, "referral", { dailyCap: 10 });
    }
    const stats = await statsOf(referrer.cookie);
    expect(stats.body.totalReferrals).toBe(2);
    expect(stats.body.pointsEarned).toBe(200);
  });

  it("still creates the account when referral points are switched off", async () => {
    const referrer = await createUser(server);
    await setActivity(server, "referral", { active: false });
    try {
      const joined = await createUser(server, { referralCode: referrer.username });
      expect(joined.id).toBeTruthy();
    } finally {
      await setActivity(server, "referral", { active: true });
    }
    const stats = await statsOf(referrer.cookie);
    expect(stats.body).toMatchObject({ totalReferrals: 1, pointsEarned: 0 });
  });
});
