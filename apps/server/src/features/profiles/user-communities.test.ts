import { M, type TUserCommunities } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, seedCommunity, seedMember } from "../posts/testing.ts";
import { userCommunitiesQuery } from "./user-communities.ts";

let server: TTestServer;
let member: TTestUser;
let viewer: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  [member, viewer] = await Promise.all([createUser(server), createUser(server)]);
});
afterAll(() => server?.close());

const list = (username: string, query = "", cookie?: string) =>
  call<TUserCommunities>(
    server,
    "GET",
    `/api/users/${username}/communities${query}`,
    cookie ? { cookie } : {},
  );

/** Makes the user a member of `community` who joined `daysAgo` days ago. */
async function joinedDaysAgo(community: { id: string }, userId: string, daysAgo: number, status = "active") {
  await server.deps.db.execute(sql`insert into community_members (community_id, user_id, status, joined_at)
    values (${community.id}, ${userId}, ${status}, now() - ${daysAgo} * interval '1 day')`);
}

describe("GET /api/users/:username/communities", () => {
  it("lists the communities a user is an active member of, most recently joined first, in keyset pages", async () => {
    const [old, mid, recent, banned] = await Promise.all(
      ["Old Guard", "Mid Club", "Fresh Start", "Banned Here"].map((name) =>
        seedCommunity(server, `${name} ${Math.random().toString(36).slice(2, 6)}`),
      ),
    );
    if (!old || !mid || !recent || !banned) throw new Error("no communities");
    await joinedDaysAgo(old, member.id, 30);
    await joinedDaysAgo(mid, member.id, 10);
    await joinedDaysAgo(recent, member.id, 1);
    // A membership a creator banned is not shown.
    await joinedDaysAgo(banned, member.id, 5, "banned");
    await server.deps.db.execute(sql`update community_members set role = 'creator'
      where community_id = ${mid.id} and user_id = ${member.id}`);

    const first = await list(member.username, "?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.items.map((c) => c.name)).toEqual([recent.name, mid.name]);
    expect(first.body.items[1]).toMatchObject({
      slug: mid.slug,
      role: "creator",
      memberCount: 0,
      avatarUrl: null,
    });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    // Anyone may look, signed in or not; the next page carries on where the first ended.
    const second = await list(member.username, `?limit=2&cursor=${first.body.nextCursor}`, viewer.cookie);
    expect(second.body.items.map((c) => c.name)).toEqual([old.name]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("is empty for a user in no community, 404 for an unknown user, 400 for a bad cursor", async () => {
    expect((await list(viewer.username)).body).toEqual({ items: [], nextCursor: null });
    const missing = await list("no_such_user_here");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { message: M.follows.userNotFound } });
    const bad = await list(member.username, "?cursor=nonsense");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { message: M.posts.invalidCursor } });
  });

  it("reads community_members_user_joined_idx, not the whole members table", async () => {
    const db = server.deps.db;
    await db.execute(sql`insert into profiles (id, username)
      select gen_random_uuid(), 'uc_' || g || '_' || md5(g::text) from generate_series(1, 500) g`);
    await db.execute(sql`insert into communities (name, slug)
      select 'UC ' || g, 'uc-' || g from generate_series(1, 400) g`);
    await db.execute(sql`insert into community_members (community_id, user_id, joined_at)
      select c.id, p.id, now() - random() * interval '300 days'
      from (select id from communities where slug like 'uc-%') c
      join (select id from profiles where username like 'uc\\_%') p on random() < 0.1`);
    for (const c of await queryRows<{ id: string }>(
      db,
      sql`select id from communities where slug like 'uc-%' limit 60`,
    )) {
      await seedMember(server, c.id, member.id);
    }
    await db.execute(sql`analyze`);
    const rows = await queryRows<{ "QUERY PLAN": string }>(
      db,
      sql`explain ${userCommunitiesQuery(member.id, 21, { t: new Date().toISOString(), i: member.id })}`,
    );
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("community_members_user_joined_idx");
    expect(plan).not.toMatch(/Seq Scan on community_members/);
  });
});
