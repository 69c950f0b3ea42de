import type { THomePage } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { addKol } from "../kols/testing.ts";
import { call, createPostAs, seedCommunity, seedMember } from "../posts/testing.ts";

let server: TTestServer;
let admin: TTestUser;
let alice: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  alice = await createUser(server);
});
afterAll(() => server?.close());

describe("GET /api/home", () => {
  it("answers top KOLs (unrated last), latest plugs and rugs, recent posts and the leaderboard's top at once", async () => {
    const unrated = await addKol(server, admin.cookie, { name: "Nobody Voted" });
    const rug = await addKol(server, admin.cookie, { name: "Low Score" });
    const plug = await addKol(server, admin.cookie, { name: "High Score" });
    await call(server, "POST", `/api/kols/${rug.handle}/votes`, {
      cookie: alice.cookie,
      json: { verdict: "rug" },
    });
    await call(server, "POST", `/api/kols/${plug.handle}/votes`, {
      cookie: alice.cookie,
      json: { verdict: "plug" },
    });
    const post = await createPostAs(server, alice.cookie, { content: "Home page hello from PlugFeed" });
    const community = await seedCommunity(server);
    await seedMember(server, community.id, admin.id);
    const hidden = await createPostAs(server, admin.cookie, {
      content: "Members only",
      communityId: community.id,
    });

    const res = await call<THomePage>(server, "GET", "/api/home");
    expect(res.status).toBe(200);
    const home = res.body;
    expect(home.topKols.map((k) => k.handle)).toEqual([plug.handle, rug.handle, unrated.handle]);
    expect(home.topKols.at(-1)?.score).toBeNull();
    expect(home.latestPlugs.map((k) => k.handle)).toEqual([plug.handle]);
    expect(home.latestRugs.map((k) => k.handle)).toEqual([rug.handle]);
    // A visitor sees public posts only; the community's member sees theirs too.
    expect(home.recentPosts.map((p) => p.id)).toEqual([post.id]);
    const asMember = await call<THomePage>(server, "GET", "/api/home", { cookie: admin.cookie });
    expect(asMember.body.recentPosts.map((p) => p.id)).toEqual([hidden.id, post.id]);
    // Alice (two votes, a post) earned points and tops the board; the admin earned some too but staff are not ranked.
    expect(home.leaders.map((l) => [l.rank, l.username])).toEqual([[1, alice.username]]);
    expect(home.leaders[0]?.points).toBeGreaterThan(0);
  });
});
