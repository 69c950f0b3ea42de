import { createHash } from "node:crypto";
import { M, type TCommunityDetail, type TCommunityMember, type TMembershipState } from "@plugs/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { communityMembers } from "../../db/schema/index.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, postForm, seedSignedInUsers } from "../posts/testing.ts";
import { createCommunityAs, joinAs, type TErrorResult } from "./testing.ts";

/*
 * Joining (rules accepted and recorded), leaving, the last-creator rule, bans keeping people out of the community
 * and its posts, and member_count staying equal to the active rows under concurrent joins and leaves.
 */

let server: TTestServer;
let creator: TTestUser;
let member: TTestUser;
let outsider: TTestUser;
let community: TCommunityDetail;
const RULES = "Rule one: be kind. Rule two: no shilling.";

beforeAll(async () => {
  server = await startTestServer();
  creator = await createUser(server, { username: "founder" });
  member = await createUser(server, { username: "joiner" });
  outsider = await createUser(server, { username: "outsider" });
  community = await createCommunityAs(server, creator.cookie, { name: "Rule Keepers", rules: RULES });
}, 180_000);
afterAll(() => server?.close());

type TState = TMembershipState & TErrorResult;
const join = (cookie: string | undefined, json?: unknown, id = community.id) =>
  call<TState>(server, "POST", `/api/communities/${id}/join`, { cookie, json });
const leave = (cookie: string | undefined, id = community.id) =>
  call<TState>(server, "POST", `/api/communities/${id}/leave`, { cookie });

async function counts(communityId: string) {
  const [row] = await queryRows<{ memberCount: number; active: number }>(
    server.deps.db,
    sql`select c.member_count as "memberCount",
          (select count(*)::int from community_members m
           where m.community_id = c.id and m.status = 'active') as active
        from communities c where c.id = ${communityId}`,
  );
  return row;
}

async function membershipOf(userId: string, communityId = community.id) {
  const [row] = await server.deps.db
    .select()
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  return row;
}

describe("joining", () => {
  it("refuses a visitor", async () => {
    const res = await join(undefined, { acceptRules: true });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(M.communities.loginToJoin);
  });

  it.each([
    ["no body", undefined],
    ["an empty body", {}],
    ["acceptRules false", { acceptRules: false }],
    ["acceptRules 'true' as a string", { acceptRules: "true" }],
  ])("refuses %s with 'Please accept the community rules to join'", async (_label, body) => {
    const res = await join(member.cookie, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(M.communities.acceptRules);
    expect(await membershipOf(member.id)).toBeUndefined();
  });

  it("answers 404 for an unknown community", async () => {
    const res = await join(member.cookie, { acceptRules: true }, "00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(M.communities.notFound);
    expect((await join(member.cookie, { acceptRules: true }, "not-an-id")).status).toBe(404);
  });

  it("joins with the rules accepted, recording which rules text; joining again changes nothing", async () => {
    const res = await join(member.cookie, { acceptRules: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ membership: { role: "member", status: "active" }, memberCount: 2 });
    const row = await membershipOf(member.id);
    expect(row).toMatchObject({
      role: "member",
      status: "active",
      acceptedRulesVersion: 1,
      acceptedRulesHash: createHash("sha256").update(RULES).digest("hex"),
    });
    expect(row?.acceptedRulesAt).toBeInstanceOf(Date);
    const again = await join(member.cookie, { acceptRules: true });
    expect(again.body).toEqual({ membership: { role: "member", status: "active" }, memberCount: 2 });
    const detail = await call<TCommunityDetail>(server, "GET", `/api/communities/${community.slug}`, {
      cookie: member.cookie,
    });
    expect(detail.body.membership).toEqual({ role: "member", status: "active" });
  });

  it("records the new rules version for people who join after the rules change", async () => {
    const other = await createCommunityAs(server, creator.cookie, { name: "Changing Rules" });
    const edit = await call(server, "PATCH", `/api/communities/${other.id}`, {
      cookie: creator.cookie,
      json: { rules: "The second edition of the rules." },
    });
    expect(edit.status).toBe(200);
    await joinAs(server, outsider.cookie, other.id);
    const row = await membershipOf(outsider.id, other.id);
    expect(row?.acceptedRulesVersion).toBe(2);
    expect(row?.acceptedRulesHash).toBe(
      createHash("sha256").update("The second edition of the rules.").digest("hex"),
    );
  });

  it("refuses a join for rules that changed after they were read, and joins with the version now shown", async () => {
    const other = await createCommunityAs(server, creator.cookie, { name: "Moving Rules" });
    const reader = await createUser(server);
    const read = await call<TCommunityDetail>(server, "GET", `/api/communities/${other.slug}`, {
      cookie: reader.cookie,
    });
    expect(read.body.rulesVersion).toBe(1);
    await call(server, "PATCH", `/api/communities/${other.id}`, {
      cookie: creator.cookie,
      json: { rules: "New rules: memes on Fridays only." },
    });
    const stale = await join(reader.cookie, { acceptRules: true, rulesVersion: 1 }, other.id);
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(M.communities.rulesChanged);
    expect(await membershipOf(reader.id, other.id)).toBeUndefined();
    expect((await counts(other.id))?.memberCount).toBe(1);

    const fresh = await join(reader.cookie, { acceptRules: true, rulesVersion: 2 }, other.id);
    expect(fresh.status).toBe(200);
    expect((await membershipOf(reader.id, other.id))?.acceptedRulesVersion).toBe(2);
  });

  it.each([
    ["a string", "1"],
    ["a fraction", 1.5],
    ["zero", 0],
  ])("refuses a rules version that is %s", async (_label, rulesVersion) => {
    const res = await join(outsider.cookie, { acceptRules: true, rulesVersion });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(M.communities.rulesVersionInvalid);
  });
});

describe("leaving", () => {
  it("refuses a visitor, and someone who is not a member", async () => {
    const visitor = await leave(undefined);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe(M.communities.loginToLeave);
    const notMember = await leave(outsider.cookie);
    expect(notMember.status).toBe(409);
    expect(notMember.body.error.message).toBe(M.communities.notAMember);
    expect((await leave(outsider.cookie, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("leaves: the row goes and the count with it", async () => {
    const temp = await createUser(server);
    await joinAs(server, temp.cookie, community.id);
    const before = await counts(community.id);
    const res = await leave(temp.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ membership: null, memberCount: (before?.memberCount ?? 0) - 1 });
    expect(await membershipOf(temp.id)).toBeUndefined();
  });

  it("refuses the last creator, and lets them go once another member is a creator", async () => {
    const own = await createCommunityAs(server, creator.cookie, { name: "Only Founder" });
    const refused = await leave(creator.cookie, own.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(M.communities.lastCreator);
    expect((await membershipOf(creator.id, own.id))?.role).toBe("creator");

    await joinAs(server, member.cookie, own.id);
    const members = await call<{ items: TCommunityMember[] }>(
      server,
      "GET",
      `/api/communities/${own.id}/members`,
    );
    const joined = members.body.items.find((m) => m.userId === member.id);
    const promote = await call(server, "PATCH", `/api/communities/${own.id}/members/${joined?.id}`, {
      cookie: creator.cookie,
      json: { role: "creator" },
    });
    expect(promote.status).toBe(200);
    const left = await leave(creator.cookie, own.id);
    expect(left.status).toBe(200);
    // The remaining creator is now the last one.
    expect((await leave(member.cookie, own.id)).body.error.message).toBe(M.communities.lastCreator);
  });
});

describe("bans", () => {
  let banned: TTestUser;
  beforeAll(async () => {
    banned = await createUser(server, { username: "troublemaker" });
    await joinAs(server, banned.cookie, community.id);
    const post = await call<{ id: string }>(server, "POST", "/api/posts", {
      cookie: banned.cookie,
      form: postForm({ content: "gm members", communityId: community.id }),
    });
    expect(post.status).toBe(201);
    const row = await membershipOf(banned.id);
    const res = await call(server, "PATCH", `/api/communities/${community.id}/members/${row?.id}`, {
      cookie: creator.cookie,
      json: { status: "banned" },
    });
    expect(res.status).toBe(200);
  });

  it("a banned member cannot rejoin, nor leave to rejoin later", async () => {
    const res = await join(banned.cookie, { acceptRules: true });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(M.communities.bannedCannotJoin);
    expect((await leave(banned.cookie)).status).toBe(409);
    expect((await membershipOf(banned.id))?.status).toBe("banned");
  });

  it("a banned member cannot post in the community, nor see its posts", async () => {
    const res = await call<TErrorResult>(server, "POST", "/api/posts", {
      cookie: banned.cookie,
      form: postForm({ content: "I am back", communityId: community.id }),
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(M.posts.joinToCreate);
    const list = await call<{ items: unknown[] }>(server, "GET", `/api/posts?communityId=${community.id}`, {
      cookie: banned.cookie,
    });
    expect(list.body.items).toEqual([]);
    const memberView = await call<{ items: { content: string }[] }>(
      server,
      "GET",
      `/api/posts?communityId=${community.id}`,
      { cookie: member.cookie },
    );
    expect(memberView.body.items.map((p) => p.content)).toEqual(["gm members"]);
  });

  it("the list and detail show the viewer's banned membership", async () => {
    const detail = await call<TCommunityDetail>(server, "GET", `/api/communities/${community.id}`, {
      cookie: banned.cookie,
    });
    expect(detail.body.membership).toEqual({ role: "member", status: "banned" });
  });
});

describe("member_count under concurrency", () => {
  it("stays equal to the active rows through 100 concurrent joins, then mixed joins and leaves", async () => {
    const crowd = await createCommunityAs(server, creator.cookie, { name: "Crowded Room" });
    const people = await seedSignedInUsers(server, 150);
    const first = people.slice(0, 100);
    const joins = await Promise.all(first.map((p) => join(p.cookie, { acceptRules: true }, crowd.id)));
    expect(joins.map((r) => r.status)).toEqual(Array(100).fill(200));
    // Every answer carried a distinct count: each join saw the ones before it.
    expect(new Set(joins.map((r) => r.body.memberCount)).size).toBe(100);
    expect(await counts(crowd.id)).toEqual({ memberCount: 101, active: 101 });

    // 25 of them joining again (no double count), 50 leaving and 50 new people joining, all at once.
    const mixed = await Promise.all([
      ...first.slice(50, 75).map((p) => join(p.cookie, { acceptRules: true }, crowd.id)),
      ...first.slice(0, 50).map((p) => leave(p.cookie, crowd.id)),
      ...people.slice(100).map((p) => join(p.cookie, { acceptRules: true }, crowd.id)),
    ]);
    expect(mixed.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const after = await counts(crowd.id);
    expect(after?.memberCount).toBe(after?.active);
    expect(after?.memberCount).toBe(101);
  });
});
