import { POINTS_LIMITS, type TLeaderboardPage, type TPublicProfile } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";

const CAP = POINTS_LIMITS.rankCountCap;

let server: TTestServer;
let member: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  member = await createUser(server);
  // CAP + 1 people far ahead of the member on every board: a million points each, paid this week.
  await server.deps.db.execute(sql`insert into users (id, name, email, created_at, updated_at)
    select gen_random_uuid(), 'Whale ' || g, 'whale' || g || '@example.test', now(), now()
    from generate_series(1, ${CAP + 1}) g`);
  await server.deps.db.execute(sql`insert into profiles (id, username, points)
    select id, 'whale_' || substr(email, 6, position('@' in email) - 6), 1000000
    from users where email like 'whale%'`);
  await server.deps.db.execute(sql`insert into points_transactions
      (user_id, points, description, activity_id, idempotency_key)
    select p.id, 1000000, 'Whale', a.id, 'whale-' || p.id
    from profiles p cross join points_activities a
    where p.username like 'whale%' and a.name = 'admin_airdrop'`);
});
afterAll(async () => {
  await server?.close();
});

/** The member's place on each board and on their public profile. */
async function places() {
  const board = async (window: string) =>
    (
      await call<TLeaderboardPage>(server, "GET", `/api/leaderboard?window=${window}`, {
        cookie: member.cookie,
      })
    ).body.me;
  const profile = (await call<TPublicProfile>(server, "GET", `/api/users/${member.username}`)).body;
  return {
    week: await board("week"),
    month: await board("month"),
    all: await board("all"),
    profile: { rank: profile.pointsRank, rankCapped: profile.pointsRankCapped },
  };
}

/** Deletes `count` of those ahead, with their ledgers and board rows. */
async function removeWhales(count: number) {
  await server.deps.db.execute(sql`delete from profiles where id in (
    select id from profiles where username like 'whale%' order by username limit ${count})`);
}

/** The member's place on all three boards and the profile. */
async function expectPlace(place: { rank: number; rankCapped: boolean }) {
  const at = await places();
  for (const window of ["week", "month", "all"] as const) expect(at[window], window).toMatchObject(place);
  expect(at.profile).toEqual(place);
  expect(at.all?.points).toBeGreaterThan(0);
}

describe("a member's own place far down the board", () => {
  it("counts at most 10,000 people ahead, then reads #10,000+; at 10,000 it is exact", async () => {
    await expectPlace({ rank: CAP, rankCapped: true });
    // CAP people ahead: place CAP + 1, still past the cap.
    await removeWhales(1);
    await expectPlace({ rank: CAP, rankCapped: true });
    // CAP - 1 ahead: the place is CAP itself, exact.
    await removeWhales(1);
    await expectPlace({ rank: CAP, rankCapped: false });
  });
});
