import type { TPost } from "@plugs/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMentions } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { addKol } from "../kols/testing.ts";
import { call, createPostAs, seedCommunity, seedMember } from "../posts/testing.ts";

let server: TTestServer;
let admin: TTestUser;
let author: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { username: "kolm_admin" });
  await makeAdmin(server, admin.id);
  author = await createUser(server, { username: "kolm_author" });
  await addKol(server, admin.cookie, { handle: "Zork_Alpha", name: "Zork Alpha" });
  await addKol(server, admin.cookie, { handle: "zork_beta" });
  // A user and a KOL with the same name: the user wins the mention.
  await createUser(server, { username: "zork_gamma" });
  await addKol(server, admin.cookie, { handle: "zork_gamma" });
});
afterAll(() => server?.close());

describe("KOL mentions", () => {
  it("suggests KOLs by handle prefix after users", async () => {
    const res = await call<{ items: { type: string; username?: string; handle?: string }[] }>(
      server,
      "GET",
      "/api/mentions/suggest?q=@ZORK",
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => `${i.type}:${i.username ?? i.handle}`)).toEqual([
      "user:zork_gamma",
      "kol:Zork_Alpha",
      "kol:zork_beta",
      "kol:zork_gamma",
    ]);
  });

  it("stores a KOL mention on a post, and the KOL page lists the posts that mention it (visible ones only)", async () => {
    const post = (await createPostAs(server, author.cookie, {
      content: "Was @zork_alpha right? Ask @zork_gamma, not @nobody_known.",
    })) as unknown as TPost;
    expect(post.mentions).toEqual([
      { username: "Zork_Alpha", type: "kol", position: 4 },
      { username: "zork_gamma", type: "user", position: 27 },
    ]);
    const [row] = await server.deps.db
      .select({ kolId: postMentions.mentionedKolId, userId: postMentions.mentionedUserId })
      .from(postMentions)
      .where(and(eq(postMentions.postId, post.id), eq(postMentions.mentionType, "kol")));
    expect(row?.kolId).toBeTruthy();
    expect(row?.userId).toBeNull();

    // A post in a community the visitor cannot see never shows on the KOL page.
    const community = await seedCommunity(server);
    await seedMember(server, community.id, author.id);
    await createPostAs(server, author.cookie, {
      content: "members only: @Zork_Alpha",
      communityId: community.id,
    });

    const visitor = await call<{ items: TPost[] }>(server, "GET", "/api/kols/zork_alpha/posts");
    expect(visitor.status).toBe(200);
    expect(visitor.body.items.map((p) => p.id)).toEqual([post.id]);
    const member = await call<{ items: TPost[] }>(server, "GET", "/api/kols/zork_alpha/posts", {
      cookie: author.cookie,
    });
    expect(member.body.items).toHaveLength(2);
    expect((await call(server, "GET", "/api/kols/nobody_known/posts")).status).toBe(404);
  });
});
