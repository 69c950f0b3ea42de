import {
  M,
  MODERATION_M,
  type TAdminAuditPage,
  type TCommunitiesPage,
  type TFeedPage,
  type TPostsPage,
  type TRemovedCommunities,
} from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs, seedCommunity, seedMember } from "../posts/testing.ts";

let server: TTestServer;
let admin: TTestUser;
let member: TTestUser;
let outsider: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  member = await createUser(server);
  outsider = await createUser(server);
});
afterAll(() => server?.close());

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

const removeIt = (slug: string, json: unknown, cookie: string | null = admin.cookie) =>
  call<TErr>(server, "POST", `/api/admin/communities/${slug}/remove`, {
    ...(cookie ? { cookie } : {}),
    json,
  });
const restoreIt = (id: string, cookie: string | null = admin.cookie) =>
  call<TErr>(server, "POST", `/api/admin/communities/${id}/restore`, cookie ? { cookie } : {});
const removedList = async () =>
  (
    await call<TRemovedCommunities>(server, "GET", "/api/admin/moderation/removed-communities", {
      cookie: admin.cookie,
    })
  ).body.items;
const audit = async (action: string) =>
  (await call<TAdminAuditPage>(server, "GET", `/api/admin/audit?action=${action}`, { cookie: admin.cookie }))
    .body.items;
const listed = async (search: string) =>
  (
    await call<TCommunitiesPage>(server, "GET", `/api/communities?search=${encodeURIComponent(search)}`)
  ).body.items.map((c) => c.id);
const feedIds = async (cookie: string) =>
  (await call<TFeedPage>(server, "GET", "/api/feed", { cookie })).body.items.map((p) => p.id);

async function communityWithPost(name: string) {
  const community = await seedCommunity(server, name);
  await seedMember(server, community.id, member.id);
  const post = await createPostAs(server, member.cookie, {
    content: `Inside ${name}`,
    communityId: community.id,
  });
  return { community, post };
}

describe("removing a community", () => {
  it("is for admins only, with a reason; an unknown community is 404", async () => {
    const { community } = await communityWithPost("Guarded Place");
    expect((await removeIt(community.slug, { reason: "x" }, null)).status).toBe(401);
    expect((await removeIt(community.slug, { reason: "x" }, member.cookie)).status).toBe(403);
    expect((await restoreIt(community.id, null)).status).toBe(401);
    expect((await restoreIt(community.id, member.cookie)).status).toBe(403);
    const list = await call(server, "GET", "/api/admin/moderation/removed-communities", {
      cookie: member.cookie,
    });
    expect(list.status).toBe(403);
    expect((await call(server, "GET", "/api/admin/moderation/removed-communities")).status).toBe(401);
    const noReason = await removeIt(community.slug, { reason: "   " });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields?.reason).toBe(MODERATION_M.removeReasonRequired);
    const tooLong = await removeIt(community.slug, { reason: "x".repeat(501) });
    expect(tooLong.body.error.fields?.reason).toBe(MODERATION_M.removeReasonTooLong);
    const unknown = await removeIt("no-such-place", { reason: "Spam" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(M.communities.notFound);
    expect((await restoreIt("not-a-uuid")).status).toBe(404);
    expect(await listed("Guarded Place")).toEqual([community.id]);
  });

  it("hides it and its posts from everyone (list, search, page, feed, post, joins, new posts), audited; restore brings all back", async () => {
    const { community, post } = await communityWithPost("Rug Pull Central");
    expect(await feedIds(member.cookie)).toContain(post.id);

    const res = await removeIt(community.slug, { reason: "  Coordinated pump and dump  " });
    expect(res.status).toBe(200);
    expect(await listed("Rug Pull Central")).toEqual([]);
    for (const cookie of [undefined, member.cookie, admin.cookie]) {
      const page = await call<TErr>(
        server,
        "GET",
        `/api/communities/${community.slug}`,
        cookie ? { cookie } : {},
      );
      expect(page.status).toBe(404);
      expect(page.body.error.message).toBe(M.communities.notFound);
    }
    expect((await call(server, "GET", `/api/communities/${community.id}/members`)).status).toBe(404);
    expect(await feedIds(member.cookie)).not.toContain(post.id);
    // Not even its author reaches the post.
    expect((await call(server, "GET", `/api/posts/${post.id}`, { cookie: member.cookie })).status).toBe(404);
    const pageOfPosts = await call<TPostsPage>(server, "GET", `/api/posts?communityId=${community.id}`, {
      cookie: member.cookie,
    });
    expect(pageOfPosts.body.items ?? []).toEqual([]);
    expect(
      (
        await call(server, "POST", `/api/communities/${community.id}/join`, {
          cookie: outsider.cookie,
          json: { acceptRules: true },
        })
      ).status,
    ).toBe(404);
    const form = new FormData();
    form.set("content", "Still here?");
    form.set("communityId", community.id);
    const newPost = await call<TErr>(server, "POST", "/api/posts", { cookie: member.cookie, form });
    expect(newPost.status).toBe(404);
    const theirs = await call<{ items: { id: string }[] }>(
      server,
      "GET",
      `/api/users/${member.username}/communities`,
    );
    expect(theirs.body.items.map((c) => c.id)).not.toContain(community.id);
    // Removing it again: it is not found, as for everyone.
    expect((await removeIt(community.slug, { reason: "Again" })).status).toBe(404);

    const [item] = (await removedList()).filter((c) => c.id === community.id);
    expect(item).toMatchObject({
      name: "Rug Pull Central",
      slug: community.slug,
      reason: "Coordinated pump and dump",
      removedBy: admin.username,
      restorable: true,
    });
    expect((await audit("community.remove"))[0]).toMatchObject({
      actor: { id: admin.id },
      targetType: "community",
      targetId: community.id,
      summary: "Removed the community Rug Pull Central: Coordinated pump and dump",
      detail: { removed: { before: false, after: true }, reason: "Coordinated pump and dump" },
    });

    expect((await restoreIt(community.id)).status).toBe(200);
    expect(await listed("Rug Pull Central")).toEqual([community.id]);
    expect((await call(server, "GET", `/api/communities/${community.slug}`)).status).toBe(200);
    expect(await feedIds(member.cookie)).toContain(post.id);
    expect((await removedList()).some((c) => c.id === community.id)).toBe(false);
    expect((await audit("community.restore"))[0]).toMatchObject({
      targetId: community.id,
      summary: "Restored the community Rug Pull Central",
    });
    const again = await restoreIt(community.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MODERATION_M.notRemoved);
  });

  it("refuses to restore after 30 days", async () => {
    const { community } = await communityWithPost("Long Gone");
    await removeIt(community.slug, { reason: "Scam" });
    await server.deps.db.execute(
      sql`update communities set removed_at = now() - interval '31 days' where id = ${community.id}`,
    );
    expect((await removedList()).find((c) => c.id === community.id)?.restorable).toBe(false);
    const res = await restoreIt(community.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MODERATION_M.restoreExpired);
    expect((await call(server, "GET", `/api/communities/${community.slug}`)).status).toBe(404);
  });

  it("a removal whose audit row cannot be written is rolled back whole", async () => {
    const { community } = await communityWithPost("Atomic Place");
    // A fault in the audit log's insert, for this one reason only.
    await server.deps.db.execute(sql`create function fail_audit() returns trigger language plpgsql as $$
      begin
        if new.summary like '%Fail the audit%' then raise exception 'audit refused'; end if;
        return new;
      end $$`);
    await server.deps.db.execute(
      sql`create trigger fail_audit before insert on admin_audit_log for each row execute function fail_audit()`,
    );
    try {
      const res = await removeIt(community.slug, { reason: "Fail the audit" });
      expect(res.status).toBe(500);
    } finally {
      await server.deps.db.execute(sql`drop trigger fail_audit on admin_audit_log`);
      await server.deps.db.execute(sql`drop function fail_audit()`);
    }
    const [row] = await queryRows<{ removed: boolean }>(
      server.deps.db,
      sql`select removed_at is not null as removed from communities where id = ${community.id}`,
    );
    expect(row?.removed).toBe(false);
    expect(await listed("Atomic Place")).toEqual([community.id]);
    expect((await audit("community.remove")).some((a) => a.targetId === community.id)).toBe(false);
  });
});
