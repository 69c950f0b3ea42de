import { PROFILE_MESSAGES as P } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { postComment } from "../comments/testing.ts";
import { call, createPostAs } from "../posts/testing.ts";

type TError = { error: { code: string; message: string; fields?: Record<string, string> } };
type TProfile = {
  username: string;
  displayName: string | null;
  bio: string | null;
  website: string | null;
  xHandle: string | null;
  telegram: string | null;
  pointsRank: number | null;
  points: number;
};

let server: TTestServer;
let ada: TTestUser;
let ben: TTestUser;
beforeAll(async () => {
  server = await startTestServer();
  ada = await createUser(server, { username: "ada_details" });
  ben = await createUser(server, { username: "ben_details" });
});
afterAll(() => server?.close());

const patch = (cookie: string | undefined, json: unknown) =>
  call<{ profile: TProfile } & TError>(server, "PATCH", "/api/me/profile", {
    ...(cookie ? { cookie } : {}),
    json,
  });

describe("PATCH /api/me/profile with the public details", () => {
  it.each([
    [{ displayName: "x".repeat(51) }, "displayName", P.displayNameTooLong],
    [{ displayName: "<b>Ada</b>" }, "displayName", P.displayNameInvalid],
    [{ bio: "y".repeat(161) }, "bio", P.bioTooLong],
    [{ bio: "hi {there}" }, "bio", P.bioInvalid],
    [{ website: "http://example.com" }, "website", P.websiteInvalid],
    [{ website: "javascript:alert(1)" }, "website", P.websiteInvalid],
    [{ website: "https://user:pw@example.com" }, "website", P.websiteInvalid],
    [{ xHandle: "way_too_long_for_x" }, "xHandle", P.xHandleInvalid],
    [{ xHandle: "no-dash" }, "xHandle", P.xHandleInvalid],
    [{ telegram: "abc" }, "telegram", P.telegramInvalid],
    [{ telegram: "t.me/someone" }, "telegram", P.telegramInvalid],
    [{ bio: 42 }, "bio", P.bioInvalid],
  ])("refuses %j with 400 and the field's message, writing nothing", async (json, field, message) => {
    const res = await patch(ada.cookie, json);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.fields?.[field]).toBe(message);
    const [row] = await server.deps.db
      .select({ displayName: profiles.displayName, bio: profiles.bio })
      .from(profiles)
      .where(eq(profiles.id, ada.id));
    expect(row).toEqual({ displayName: null, bio: null });
  });

  it("needs a signed-in member", async () => {
    expect((await patch(undefined, { bio: "hello" })).status).toBe(401);
  });

  it("saves every field at once (trimmed, handles without @), returns them, and shows them publicly", async () => {
    const res = await patch(ada.cookie, {
      displayName: "  Ada Lovelace 🚀 ",
      bio: "Counting engines & rug pulls.",
      website: "https://ada.example.com/about?x=1",
      xHandle: "@ada_l",
      telegram: "@ada_lovelace",
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      username: "ada_details",
      displayName: "Ada Lovelace 🚀",
      bio: "Counting engines & rug pulls.",
      website: "https://ada.example.com/about?x=1",
      xHandle: "ada_l",
      telegram: "ada_lovelace",
    });
    const pub = await call<TProfile>(server, "GET", "/api/users/ADA_details");
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({
      displayName: "Ada Lovelace 🚀",
      bio: "Counting engines & rug pulls.",
      website: "https://ada.example.com/about?x=1",
      xHandle: "ada_l",
      telegram: "ada_lovelace",
    });
  });

  it("leaves out fields unchanged and clears empty ones", async () => {
    const res = await patch(ada.cookie, { bio: "", website: null });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      displayName: "Ada Lovelace 🚀",
      bio: null,
      website: null,
      xHandle: "ada_l",
    });
  });

  it("puts the display name beside the username on posts and comments", async () => {
    const post = await createPostAs(server, ada.cookie, { content: "Display names" });
    const page = await call<{ author: { username: string; displayName: string | null } }>(
      server,
      "GET",
      `/api/posts/${post.id}`,
    );
    expect(page.body.author).toMatchObject({ username: "ada_details", displayName: "Ada Lovelace 🚀" });
    const feed = await call<{ items: { id: string; author: { displayName: string | null } }[] }>(
      server,
      "GET",
      "/api/posts",
    );
    expect(feed.body.items.find((p) => p.id === post.id)?.author.displayName).toBe("Ada Lovelace 🚀");
    const comment = await postComment(server, ada.cookie, post.id, { content: "first" });
    expect(comment.status).toBe(201);
    expect(comment.body.author).toMatchObject({ username: "ada_details", displayName: "Ada Lovelace 🚀" });
    const without = await createPostAs(server, ben.cookie, { content: "No display name" });
    const benPage = await call<{ author: { displayName: string | null } }>(
      server,
      "GET",
      `/api/posts/${without.id}`,
    );
    expect(benPage.body.author.displayName).toBeNull();
  });

  it("puts the display name in follow lists", async () => {
    const res = await call(server, "PUT", "/api/users/ada_details/follow", { cookie: ben.cookie });
    expect(res.status).toBe(200);
    const list = await call<{ items: { username: string; displayName: string | null }[] }>(
      server,
      "GET",
      "/api/users/ben_details/following",
    );
    expect(list.body.items).toEqual([
      expect.objectContaining({ username: "ada_details", displayName: "Ada Lovelace 🚀" }),
    ]);
  });

  it("ranks a member on the all-time points board as the leaderboard does", async () => {
    await server.deps.db.update(profiles).set({ points: 50 }).where(eq(profiles.id, ada.id));
    await server.deps.db.update(profiles).set({ points: 80 }).where(eq(profiles.id, ben.id));
    const [adaPub, benPub] = await Promise.all([
      call<TProfile>(server, "GET", "/api/users/ada_details"),
      call<TProfile>(server, "GET", "/api/users/ben_details"),
    ]);
    const board = await call<{ items: { username: string; rank: number }[] }>(
      server,
      "GET",
      "/api/leaderboard?window=all",
    );
    const rankOf = (name: string) => board.body.items.find((i) => i.username === name)?.rank;
    expect(adaPub.body.pointsRank).toBe(rankOf("ada_details"));
    expect(benPub.body.pointsRank).toBe(rankOf("ben_details"));
    expect(benPub.body.pointsRank).toBeLessThan(adaPub.body.pointsRank ?? 0);

    // Staff are not ranked, and nobody counts them as ahead.
    await makeAdmin(server, ben.id);
    const [adaAfter, benAfter] = await Promise.all([
      call<TProfile>(server, "GET", "/api/users/ada_details"),
      call<TProfile>(server, "GET", "/api/users/ben_details"),
    ]);
    expect(benAfter.body.pointsRank).toBeNull();
    expect(adaAfter.body.pointsRank).toBe((adaPub.body.pointsRank ?? 0) - 1);
  });
});
