import {
  COMMUNITY_LIMITS,
  M,
  type TCommunityDetail,
  type TCommunityMember,
  type TCommunityMembersPage,
} from "@plugs/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communities, communityMembers, profiles } from "../../db/schema/index.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, seedFollow, seedSignedInUsers } from "../posts/testing.ts";
import { createCommunityAs, joinAs, type TErrorResult } from "./testing.ts";

/* The members sheet: the list (search, pages, order), bans and roles by creators only, adding users. */

let server: TTestServer;
let creator: TTestUser;
let member: TTestUser;
let other: TTestUser;
let community: TCommunityDetail;
let bulk: { id: string; cookie: string }[];

beforeAll(async () => {
  server = await startTestServer();
  creator = await createUser(server, { username: "boss" });
  member = await createUser(server, { username: "regular" });
  other = await createUser(server, { username: "stranger" });
  community = await createCommunityAs(server, creator.cookie, { name: "Members Club" });
  await joinAs(server, member.cookie, community.id);
  // 23 more members, joined one after another so their order is known (bulk_<tag>_0 first).
  bulk = await seedSignedInUsers(server, 23);
  for (const p of bulk) await joinAs(server, p.cookie, community.id);
  await seedFollow(server, member.id, creator.id);
});
afterAll(() => server?.close());

type TPage = TCommunityMembersPage & TErrorResult;
const list = (query = "", cookie?: string, id = community.id) =>
  call<TPage>(server, "GET", `/api/communities/${id}/members${query}`, { cookie });
const patch = (cookie: string | undefined, memberId: string, json: unknown, id = community.id) =>
  call<TCommunityMember & TErrorResult>(server, "PATCH", `/api/communities/${id}/members/${memberId}`, {
    cookie,
    json,
  });

async function memberIdOf(userId: string) {
  const [row] = await server.deps.db
    .select({ id: communityMembers.id })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, community.id), eq(communityMembers.userId, userId)));
  return row?.id ?? "";
}

async function memberCount() {
  const [row] = await server.deps.db
    .select({ n: communities.memberCount })
    .from(communities)
    .where(eq(communities.id, community.id));
  return row?.n;
}

describe("GET /api/communities/:id/members", () => {
  it("lists active members newest first in pages of 10, with the total, for anyone", async () => {
    await server.deps.db.execute(sql`update profiles set display_name = 'The Boss' where id = ${creator.id}`);
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      total: 25,
      totalCapped: false,
      page: 1,
      pageCount: 3,
      previousCursor: null,
    });
    expect(first.body.items).toHaveLength(10);
    const second = await list(`?cursor=${first.body.nextCursor}`);
    const third = await list(`?cursor=${second.body.nextCursor}`);
    expect(second.body).toMatchObject({ page: 2, pageCount: 3, previousCursor: null });
    expect(third.body).toMatchObject({ page: 3, pageCount: 3, nextCursor: null });
    // Back from page 3: page 2 again.
    const back = await list(`?cursor=${third.body.previousCursor}`);
    expect(back.body.page).toBe(2);
    expect(back.body.items.map((m) => m.id)).toEqual(second.body.items.map((m) => m.id));
    const all = [...first.body.items, ...second.body.items, ...third.body.items];
    const bulkNames = await Promise.all(bulk.map((p) => usernameOf(p.id)));
    expect(all.map((m) => m.username)).toEqual([...bulkNames.reverse(), "regular", "boss"]);
    expect(third.body.items[4]).toMatchObject({
      userId: creator.id,
      role: "creator",
      status: "active",
      isVerified: false,
      avatarUrl: null,
      displayName: "The Boss",
    });
    expect(third.body.items[3]?.displayName).toBeNull();
    expect(new Date(third.body.items[4]?.joinedAt ?? "").getTime()).not.toBeNaN();
  });

  it("searches usernames case-insensitively, with LIKE characters taken literally", async () => {
    const res = await list("?search=REGU");
    expect(res.body.items.map((m) => m.username)).toEqual(["regular"]);
    expect(res.body.total).toBe(1);
    const all = await list("?search=bulk");
    expect(all.body.total).toBe(23);
    expect((await list("?search=%25")).body.total).toBe(0);
    expect((await list("?search=_")).body.total).toBe(23);
    expect((await list("?search=nobody")).body).toMatchObject({ items: [], total: 0, pageCount: 1 });
  });

  it("says whether the viewer follows each member", async () => {
    const second = await list(`?cursor=${(await list("", member.cookie)).body.nextCursor}`, member.cookie);
    const res = await list(`?cursor=${second.body.nextCursor}`, member.cookie);
    const boss = res.body.items.find((m) => m.username === "boss");
    expect(boss?.followedByMe).toBe(true);
    expect(res.body.items.find((m) => m.username === "regular")?.followedByMe).toBe(false);
  });

  it("answers 404 for an unknown community and 400 for a cursor it did not make", async () => {
    expect((await list("", undefined, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const bad = await list("?cursor=page-2");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M.communities.invalidCursor);
  });

  it("keeps the banned list for creators", async () => {
    const visitor = await list("?status=banned");
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe(M.communities.loginToManage);
    const asMember = await list("?status=banned", member.cookie);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.message).toBe(M.communities.creatorsOnlyManage);
    expect((await list("?status=banned", creator.cookie)).status).toBe(200);
  });
});

describe("PATCH /api/communities/:id/members/:memberId", () => {
  it("refuses visitors with the spec's message, before their body is read", async () => {
    const id = await memberIdOf(member.id);
    for (const change of [{ status: "banned" }, { role: "creator" }]) {
      const res = await patch(undefined, id, change);
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(M.communities.loginToManage);
    }
  });

  it("refuses a member and an outsider (403) and changes nothing", async () => {
    const target = await memberIdOf(bulk[0]?.id ?? "");
    for (const cookie of [member.cookie, other.cookie]) {
      const ban = await patch(cookie, target, { status: "banned" });
      expect(ban.status).toBe(403);
      expect(ban.body.error.message).toBe(M.communities.creatorsOnlyManage);
      const role = await patch(cookie, target, { role: "creator" });
      expect(role.status).toBe(403);
    }
    const [row] = await server.deps.db.select().from(communityMembers).where(eq(communityMembers.id, target));
    expect(row).toMatchObject({ status: "active", role: "member" });
  });

  it("never acts on oneself", async () => {
    const own = await memberIdOf(creator.id);
    const res = await patch(creator.cookie, own, { role: "member" });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(M.communities.notOnSelf);
    expect((await patch(creator.cookie, own, { status: "banned" })).status).toBe(403);
  });

  it("refuses bad input (400) and unknown members (404)", async () => {
    const id = await memberIdOf(member.id);
    const empty = await patch(creator.cookie, id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(M.communities.nothingToUpdate);
    expect((await patch(creator.cookie, id, { status: "kicked" })).body.error.message).toBe(
      M.communities.invalidStatus,
    );
    expect((await patch(creator.cookie, id, { role: "admin" })).body.error.message).toBe(
      M.communities.invalidRole,
    );
    const missing = await patch(creator.cookie, "00000000-0000-4000-8000-000000000000", { status: "banned" });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(M.communities.memberNotFound);
    // A membership of another community is not found through this one.
    const elsewhere = await createCommunityAs(server, other.cookie, { name: "Elsewhere" });
    const [foreign] = await server.deps.db
      .select({ id: communityMembers.id })
      .from(communityMembers)
      .where(eq(communityMembers.communityId, elsewhere.id));
    expect((await patch(creator.cookie, foreign?.id ?? "", { status: "banned" })).status).toBe(404);
  });

  it("bans and unbans: the member leaves the list and the count, then comes back", async () => {
    const target = bulk[1] as { id: string; cookie: string };
    const id = await memberIdOf(target.id);
    const before = await memberCount();
    const ban = await patch(creator.cookie, id, { status: "banned" });
    expect(ban.status).toBe(200);
    expect(ban.body).toMatchObject({ id, userId: target.id, status: "banned", role: "member" });
    expect(await memberCount()).toBe((before ?? 0) - 1);
    expect((await list()).body.total).toBe(24);
    const banned = await list("?status=banned", creator.cookie);
    expect(banned.body.items.map((m) => m.userId)).toEqual([target.id]);
    // Banning twice changes nothing.
    expect((await patch(creator.cookie, id, { status: "banned" })).status).toBe(200);
    expect(await memberCount()).toBe((before ?? 0) - 1);
    const unban = await patch(creator.cookie, id, { status: "active" });
    expect(unban.body.status).toBe("active");
    expect(await memberCount()).toBe(before);
  });

  it("makes and unmakes creators; the new creator can then manage; a banned member cannot be made one", async () => {
    const id = await memberIdOf(member.id);
    const make = await patch(creator.cookie, id, { role: "creator" });
    expect(make.status).toBe(200);
    expect(make.body.role).toBe("creator");
    const detail = await call<TCommunityDetail>(server, "GET", `/api/communities/${community.id}`);
    expect(detail.body.creators.map((c) => c.username)).toEqual(["boss", "regular"]);
    // The new creator bans someone, which also takes away a creator role.
    const target = await memberIdOf(bulk[2]?.id ?? "");
    expect((await patch(member.cookie, target, { role: "creator" })).body.role).toBe("creator");
    const ban = await patch(member.cookie, target, { status: "banned" });
    expect(ban.body).toMatchObject({ status: "banned", role: "member" });
    const refused = await patch(member.cookie, target, { role: "creator" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(M.communities.bannedCannotBeCreator);
    const both = await patch(member.cookie, target, { status: "banned", role: "creator" });
    expect(both.status).toBe(400);
    const unmake = await patch(creator.cookie, id, { role: "member" });
    expect(unmake.body.role).toBe("member");
    expect((await patch(member.cookie, target, { status: "active" })).status).toBe(403);
  });
});

describe("adding users: user search and POST /api/communities/:id/members", () => {
  it("searches users not yet in the community by username prefix, 2+ characters, 10 at most", async () => {
    const search = (q: string, cookie = creator.cookie) =>
      call<{ items: { id: string; username: string }[] } & TErrorResult>(
        server,
        "GET",
        `/api/communities/${community.id}/user-search?q=${encodeURIComponent(q)}`,
        { cookie },
      );
    const extra = await seedSignedInUsers(server, 12);
    // bulk_<tag>_<n>: the tag is shared by these 12 and no one else.
    const prefix = (await usernameOf(extra[0]?.id ?? "")).replace(/_\d+$/, "");
    expect((await search(" s ")).body.items).toEqual([]);
    const res = await search(prefix.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(10);
    expect((await search("STRANG")).body.items.map((u) => u.username)).toEqual(["stranger"]);
    // Members are not offered.
    expect((await search("regul")).body.items).toEqual([]);
    expect((await search("stran", member.cookie)).status).toBe(403);
    expect((await search("stran", other.cookie)).body.error.message).toBe(M.communities.creatorsOnlyManage);
    const visitor = await call<TErrorResult>(
      server,
      "GET",
      `/api/communities/${community.id}/user-search?q=st`,
    );
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe(M.communities.loginToManage);
  });

  it("lets a creator add a user once; others are refused", async () => {
    const add = (cookie: string | undefined, json: unknown) =>
      call<TCommunityMember & TErrorResult>(server, "POST", `/api/communities/${community.id}/members`, {
        cookie,
        json,
      });
    expect((await add(undefined, { userId: other.id })).status).toBe(401);
    const asMember = await add(bulk[3]?.cookie, { userId: other.id });
    expect(asMember.status).toBe(403);
    expect((await add(creator.cookie, { userId: "nope" })).status).toBe(400);
    const unknown = await add(creator.cookie, { userId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(M.communities.userNotFound);
    const before = await memberCount();
    const added = await add(creator.cookie, { userId: other.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      userId: other.id,
      username: "stranger",
      role: "member",
      status: "active",
    });
    expect(await memberCount()).toBe((before ?? 0) + 1);
    const again = await add(creator.cookie, { userId: other.id });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M.communities.alreadyMember);
    const bannedOne = bulk[2]?.id ?? "";
    const banned = await add(creator.cookie, { userId: bannedOne });
    expect(banned.status).toBe(409);
    expect(banned.body.error.message).toBe(M.communities.userBanned);
  });
});

describe("a user banned from the site", () => {
  it("is neither offered by the user search nor added", async () => {
    const [outcast] = await seedSignedInUsers(server, 1);
    if (!outcast) throw new Error("no user");
    await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, outcast.id));
    const search = await call<{ items: { id: string }[] }>(
      server,
      "GET",
      `/api/communities/${community.id}/user-search?q=${encodeURIComponent(outcast.username)}`,
      { cookie: creator.cookie },
    );
    expect(search.status).toBe(200);
    expect(search.body.items).toEqual([]);
    const before = await memberCount();
    const add = await call<TErrorResult>(server, "POST", `/api/communities/${community.id}/members`, {
      cookie: creator.cookie,
      json: { userId: outcast.id },
    });
    expect(add.status).toBe(404);
    expect(add.body.error.message).toBe(M.communities.userNotFound);
    expect(await memberIdOf(outcast.id)).toBe("");
    expect(await memberCount()).toBe(before);
  });
});

async function usernameOf(userId: string) {
  const [row] = await server.deps.db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.username ?? "";
}

describe("a community of more than a thousand", () => {
  it("counts its members up to 1,000, then says there are more; the pages go on by cursor", async () => {
    const big = await createCommunityAs(server, creator.cookie, { name: "Thousand Club" });
    await server.deps.db.execute(sql`insert into users (id, name, email, created_at, updated_at)
      select gen_random_uuid(), 'Crowd ' || g, 'crowd' || g || '@example.test', now(), now()
      from generate_series(1, ${COMMUNITY_LIMITS.membersCountCap + 1}) g`);
    await server.deps.db.execute(sql`insert into profiles (id, username)
      select id, 'crowd_' || substr(email, 6, position('@' in email) - 6) from users where email like 'crowd%'`);
    await server.deps.db.execute(sql`insert into community_members (community_id, user_id, role, status, joined_at)
      select ${big.id}, id, 'member', 'active', now() - interval '1 day' from users where email like 'crowd%'`);
    const first = await list("", undefined, big.id);
    expect(first.body).toMatchObject({
      total: COMMUNITY_LIMITS.membersCountCap,
      totalCapped: true,
      page: 1,
      pageCount: 100,
    });
    const second = await list(`?cursor=${first.body.nextCursor}`, undefined, big.id);
    expect(second.body).toMatchObject({ page: 2, totalCapped: true });
    expect(second.body.items).toHaveLength(10);
  });
});
