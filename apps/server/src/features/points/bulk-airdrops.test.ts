import type { TNotification } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { openEventStream } from "../../testing/event-stream.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, seedSignedInUsers } from "../posts/testing.ts";
import { awardPointsToMany } from "./award-points.ts";
import { driftedProfiles } from "./testing.ts";

/** Airdrops to long lists: every recipient paid, told and signalled, in statements that do not grow with them. */

let server: TTestServer;
let admin: TTestUser;
/** The SQL statements the app sends while `counting` is on. */
const statements: string[] = [];
let counting = false;

beforeAll(async () => {
  server = await startTestServer({}, { onQuery: (query) => counting && statements.push(query) });
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
});
afterAll(() => server?.close());

/** Airdrops to these people through the admin route and expects every one of them granted. */
async function airdropTo(people: { username: string }[], points: number, reason: string) {
  const res = await call<{ items: { recipient: string; batchId: string }[] }>(
    server,
    "POST",
    "/api/admin/airdrops",
    { cookie: admin.cookie, json: { usernames: people.map((p) => p.username), points, reason } },
  );
  expect(res.status).toBe(201);
  expect(res.body.items).toHaveLength(people.length);
  return res.body.items;
}

type TRecipientRow = {
  id: string;
  points: number;
  ledger_rows: number;
  ledger_points: number;
  description: string | null;
  notifications: number;
  notification_amount: number | null;
  notification_actor: string | null;
  notification_matches_ledger: boolean;
  audit_rows: number;
  audit_matches_ledger: boolean;
};

/** For each user: balance, airdrop ledger rows, airdrop notifications and audit rows, in one query. */
async function recipientRows(userIds: string[]): Promise<TRecipientRow[]> {
  return queryRows<TRecipientRow>(
    server.deps.db,
    sql`select p.id, p.points,
          (select count(*)::int from points_transactions t where t.user_id = p.id) as ledger_rows,
          (select coalesce(sum(t.points), 0)::int from points_transactions t where t.user_id = p.id) as ledger_points,
          (select max(t.description) from points_transactions t where t.user_id = p.id) as description,
          (select count(*)::int from notifications n where n.user_id = p.id and n.kind = 'airdrop') as notifications,
          (select max(n.amount) from notifications n where n.user_id = p.id and n.kind = 'airdrop')
            as notification_amount,
          (select max(n.actor_id::text) from notifications n where n.user_id = p.id and n.kind = 'airdrop')
            as notification_actor,
          exists (select 1 from notifications n join points_transactions t on t.id::text = n.source_key
                  where n.user_id = p.id and t.user_id = p.id) as notification_matches_ledger,
          (select count(*)::int from points_airdrops a where a.recipient_id = p.id) as audit_rows,
          exists (select 1 from points_airdrops a join points_transactions t on t.id = a.transaction_id
                  where a.recipient_id = p.id and t.user_id = p.id) as audit_matches_ledger
        from profiles p
        where p.id in (select unnest(${`{${userIds.join(",")}}`}::uuid[]))
        order by p.id`,
  );
}

describe("bulk airdrops", () => {
  it("pays, tells and signals each of 300 recipients once", async () => {
    const people = await seedSignedInUsers(server, 300);
    const watched = [people[0], people[150], people[299]].filter((p) => p !== undefined);
    const streams = await Promise.all(watched.map((p) => openEventStream(server, p.cookie)));
    try {
      await Promise.all(streams.map((s) => s.next("ready")));
      const items = await airdropTo(people, 40, "Launch party");
      expect(new Set(items.map((i) => i.batchId)).size).toBe(1);
      expect(new Set(items.map((i) => i.recipient))).toEqual(new Set(people.map((p) => p.username)));

      const rows = await recipientRows(people.map((p) => p.id));
      expect(rows).toHaveLength(300);
      for (const row of rows) {
        expect(row).toEqual({
          id: row.id,
          points: 40,
          ledger_rows: 1,
          ledger_points: 40,
          description: "Airdrop: Launch party",
          notifications: 1,
          notification_amount: 40,
          notification_actor: admin.id,
          notification_matches_ledger: true,
          audit_rows: 1,
          audit_matches_ledger: true,
        });
      }
      for (const stream of streams) {
        const event = JSON.parse((await stream.next("notification")).data) as TNotification;
        expect(event).toMatchObject({ kind: "airdrop", amount: 40, actor: { username: admin.username } });
      }
    } finally {
      for (const stream of streams) stream.close();
    }
    expect(await driftedProfiles(server)).toEqual([]);
  });

  it("sends as many statements for 300 recipients as for 3", async () => {
    const statementsFor = async (count: number) => {
      const people = await seedSignedInUsers(server, count);
      statements.length = 0;
      counting = true;
      try {
        await airdropTo(people, 5, `Round of ${count}`);
      } finally {
        counting = false;
      }
      return [...statements];
    };
    const few = await statementsFor(3);
    const many = await statementsFor(300);
    expect(few.length).toBeGreaterThan(0);
    expect(many).toHaveLength(few.length);
  });

  it("two bulk airdrops over the same people at once both pay everyone, and the ledger holds", async () => {
    const people = await seedSignedInUsers(server, 60);
    await Promise.all([airdropTo(people, 3, "First"), airdropTo([...people].reverse(), 4, "Second")]);
    for (const row of await recipientRows(people.map((p) => p.id))) {
      expect(row).toMatchObject({ points: 7, ledger_rows: 2, ledger_points: 7, notifications: 2 });
    }
    expect(await driftedProfiles(server)).toEqual([]);
  });

  it("pays a repeated bulk award once and tells each recipient once", async () => {
    const people = await seedSignedInUsers(server, 20);
    const input = {
      activity: "admin_airdrop" as const,
      actorId: admin.id,
      amount: 9,
      referenceType: "airdrop",
      recipients: people.map((p) => ({ userId: p.id, referenceId: `repeat-${p.id}` })),
    };
    const runs = await Promise.all(Array.from({ length: 5 }, () => awardPointsToMany(server.deps.db, input)));
    expect(runs.flat()).toHaveLength(20);
    expect(await awardPointsToMany(server.deps.db, input)).toEqual([]);
    for (const row of await recipientRows(people.map((p) => p.id))) {
      expect(row).toMatchObject({
        points: 9,
        ledger_rows: 1,
        notifications: 1,
        notification_matches_ledger: true,
      });
    }
  });

  it("keeps the award when the notifications cannot be written", async () => {
    const people = await seedSignedInUsers(server, 30);
    // A constraint new rows cannot meet makes the notifications' insert fail.
    await server.deps.db.execute(
      sql`alter table notifications add constraint test_no_airdrops check (kind <> 'airdrop') not valid`,
    );
    try {
      await airdropTo(people, 12, "Quiet");
    } finally {
      await server.deps.db.execute(sql`alter table notifications drop constraint test_no_airdrops`);
    }
    for (const row of await recipientRows(people.map((p) => p.id))) {
      expect(row).toMatchObject({ points: 12, ledger_rows: 1, notifications: 0, audit_rows: 1 });
    }
  });
});
