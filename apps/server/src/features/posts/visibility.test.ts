import { M } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, postViews } from "../../db/schema/index.ts";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, createPostAs, seedCommunity, seedFollow, seedMember } from "./testing.ts";

/*
 * The visibility matrix: a visitor, an active member, a signed-in non-member and a banned member, across the feed
 * (both tabs, both sorts), Community Posts, the post page, its history and likes. Public posts outside communities
 * are for everyone; community posts only for active members; nothing else leaks.
 */

type TList = { items: { id: string }[]; nextCursor?: string | null; total?: number };
type TViewerName = "visitor" | "member" | "nonMember" | "bannedMember";

let server: TTestServer;
const cookies: Record<TViewerName, string | undefined> = {
  visitor: undefined,
  member: undefined,
  nonMember: undefined,
  bannedMember: undefined,
};
let community: { id: string; slug: string; name: string };
let publicPost: string;
let communityPost: string;
let otherCommunityPost: string;

beforeAll(async () => {
  server = await startTestServer();
  const author = await createUser(server, { username: "author" });
  const member = await createUser(server, { username: "member" });
  const nonMember = await createUser(server, { username: "outsider" });
  const banned = await createUser(server, { username: "banned_one" });
  cookies.member = member.cookie;
  cookies.nonMember = nonMember.cookie;
  cookies.bannedMember = banned.cookie;

  community = await seedCommunity(server, "Inner Circle");
  const other = await seedCommunity(server, "Other Circle");
  await seedMember(server, community.id, author.id);
  await seedMember(server, other.id, author.id);
  await seedMember(server, community.id, member.id);
  await seedMember(server, community.id, banned.id);

  publicPost = (await createPostAs(server, author.cookie, { content: "for everyone" })).id;
  communityPost = (
    await createPostAs(server, author.cookie, { content: "members only", communityId: community.id })
  ).id;
  otherCommunityPost = (
    await createPostAs(server, author.cookie, { content: "elsewhere", communityId: other.id })
  ).id;
  // Banned after the posts exist, as happens in life.
  await seedMember(server, community.id, banned.id, "banned");
  for (const user of [member, nonMember, banned]) await seedFollow(server, user.id, author.id);
});
afterAll(() => server?.close());

const sees = (name: TViewerName) => (name === "member" ? [communityPost, publicPost] : [publicPost]);
const viewers: TViewerName[] = ["visitor", "member", "nonMember", "bannedMember"];

describe.each(viewers)("what a %s sees", (name) => {
  it("in the For You feed, newest and most popular", async () => {
    for (const sort of ["newest", "popular"]) {
      const res = await call<TList>(server, "GET", `/api/feed?tab=all&sort=${sort}`, {
        cookie: cookies[name],
      });
      expect(res.status).toBe(200);
      expect(res.body.items.map((p) => p.id).sort()).toEqual(sees(name).sort());
      expect(res.body.items.map((p) => p.id)).not.toContain(otherCommunityPost);
    }
  });

  it("in the Following feed", async () => {
    const res = await call<TList>(server, "GET", "/api/feed?tab=following", { cookie: cookies[name] });
    expect(res.status).toBe(200);
    expect(res.body.items.map((p) => p.id).sort()).toEqual(name === "visitor" ? [] : sees(name).sort());
  });

  it("on the Community Posts page, all and one community", async () => {
    const all = await call<TList>(server, "GET", "/api/posts", { cookie: cookies[name] });
    expect(all.status).toBe(200);
    expect(all.body.items.map((p) => p.id)).toEqual(sees(name));
    expect(all.body.total).toBe(sees(name).length);

    const one = await call<TList>(server, "GET", `/api/posts?communityId=${community.id}`, {
      cookie: cookies[name],
    });
    expect(one.status).toBe(200);
    // One page, the only one.
    const single = { totalCapped: false, page: 1, pageCount: 1, previousCursor: null, nextCursor: null };
    expect(one.body).toEqual(
      name === "member"
        ? { items: [expect.objectContaining({ id: communityPost })], total: 1, ...single }
        : { items: [], total: 0, ...single },
    );
  });

  it("on the post page and its history", async () => {
    const open = await call(server, "GET", `/api/posts/${communityPost}`, { cookie: cookies[name] });
    const history = await call(server, "GET", `/api/posts/${communityPost}/edits`, { cookie: cookies[name] });
    if (name === "member") {
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({ id: communityPost, communitySlug: community.slug });
      expect(history.status).toBe(200);
    } else {
      for (const res of [open, history]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: M.posts.notFound } });
      }
    }
    // Only the member's opening counted a view: a refused one writes nothing.
    const views = await server.deps.db.select().from(postViews).where(eq(postViews.postId, communityPost));
    const [row] = await server.deps.db
      .select({ viewsCount: posts.viewsCount })
      .from(posts)
      .where(eq(posts.id, communityPost));
    const memberOpened = viewers.indexOf(name) >= viewers.indexOf("member");
    expect(views).toHaveLength(memberOpened ? 1 : 0);
    expect(row?.viewsCount).toBe(memberOpened ? 1 : 0);
    const pub = await call(server, "GET", `/api/posts/${publicPost}`, { cookie: cookies[name] });
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ id: publicPost, communitySlug: null, community: null });
  });

  it("when liking", async () => {
    const res = await call(server, "PUT", `/api/posts/${communityPost}/like`, { cookie: cookies[name] });
    if (name === "visitor") {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: "UNAUTHORIZED", message: M.posts.signInToLike } });
    } else if (name === "member") {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ liked: true, likesCount: 1 });
    } else {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: M.posts.notFound } });
    }
  });
});

describe("an author who is no longer a member", () => {
  it("still reaches their own community post, but may not like it", async () => {
    const author = await createUser(server);
    const club = await seedCommunity(server);
    await seedMember(server, club.id, author.id);
    const post = await createPostAs(server, author.cookie, {
      content: "before the ban",
      communityId: club.id,
    });
    await seedMember(server, club.id, author.id, "banned");

    const open = await call(server, "GET", `/api/posts/${post.id}`, { cookie: author.cookie });
    expect(open.status).toBe(200);
    const like = await call(server, "PUT", `/api/posts/${post.id}/like`, { cookie: author.cookie });
    expect(like.status).toBe(403);
    expect(like.body).toEqual({ error: { code: "FORBIDDEN", message: M.posts.memberToLike } });
    // Out of the community's feed, like any other non-member.
    const feed = await call<TList>(server, "GET", "/api/feed", { cookie: author.cookie });
    expect(feed.body.items.map((p) => p.id)).not.toContain(post.id);
  });
});
