import { createHash } from "node:crypto";
import { M, type TCommunityDetail, type TCreateCommunityResponse } from "@plugs/domain";
import { asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communities, communityBranding, communityMembers } from "../../db/schema/index.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { padTo, sampleAnimatedGif, sampleHtml, samplePdf, samplePng } from "../../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";
import {
  communityForm,
  createCommunityAs,
  joinAs,
  type TErrorResult,
  validCommunityFields,
} from "./testing.ts";

let server: TTestServer;
let alice: TTestUser;
let bob: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser(server, { username: "alice_c" });
  bob = await createUser(server, { username: "bob_c" });
});
afterAll(() => server?.close());

type TCreated = TCreateCommunityResponse & TErrorResult;

async function create(cookie: string | undefined, overrides: Parameters<typeof communityForm>[0] = {}) {
  return call<TCreated>(server, "POST", "/api/communities", {
    cookie,
    form: communityForm(await validCommunityFields(overrides)),
  });
}

async function communityCount(): Promise<number> {
  const [row] = await server.deps.db.select({ n: sql<number>`count(*)::int` }).from(communities);
  return row?.n ?? 0;
}

describe("POST /api/communities", () => {
  it("refuses a visitor with the spec's message", async () => {
    const res = await create(undefined);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(M.communities.loginToCreate);
  });

  it.each([
    ["a 2-character name", { name: "ab" }, M.communities.nameMin],
    ["a name of spaces around 2 characters", { name: "   ab   " }, M.communities.nameMin],
    ["a 51-character name", { name: "x".repeat(51) }, M.communities.nameMax],
    ["a name with '&'", { name: "Plugs & Rugs" }, M.communities.nameChars],
    ["a name with accents", { name: "Café crème" }, M.communities.nameChars],
    ["a 9-character description", { description: "too short" }, M.communities.descriptionMin],
    ["a 501-character description", { description: "d".repeat(501) }, M.communities.descriptionMax],
    ["7-character rules", { rules: "be nice" }, M.communities.rulesMin],
    ["1001-character rules", { rules: "r".repeat(1001) }, M.communities.rulesMax],
    ["no avatar", { avatar: null }, M.communities.avatarRequired],
    ["no banner", { banner: null }, M.communities.bannerRequired],
  ])("refuses %s with its message and creates nothing", async (_label, overrides, message) => {
    const before = await communityCount();
    const res = await create(alice.cookie, overrides);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await communityCount()).toBe(before);
  });

  it("refuses missing fields with the first field's message, each field keeping its own", async () => {
    const res = await call<TErrorResult>(server, "POST", "/api/communities", {
      cookie: alice.cookie,
      form: communityForm({}),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(M.communities.nameMin);
    expect(res.body.error.fields).toMatchObject({
      name: M.communities.nameMin,
      description: M.communities.descriptionMin,
      rules: M.communities.rulesMin,
      avatar: M.communities.avatarRequired,
      banner: M.communities.bannerRequired,
    });
  });

  it("accepts the limits exactly (3 and 50 characters, 10 and 500, 10 and 1000)", async () => {
    const short = await create(alice.cookie, {
      name: "abc",
      description: "d".repeat(10),
      rules: "r".repeat(10),
    });
    expect(short.status).toBe(201);
    const long = await create(alice.cookie, {
      name: "Y".repeat(50),
      description: "d".repeat(500),
      rules: "r".repeat(1000),
    });
    expect(long.status).toBe(201);
    expect(long.body.community.description).toHaveLength(500);
  });

  it("refuses an HTML file named .png and a PDF as avatar or banner (checked by bytes), creating nothing", async () => {
    const before = await communityCount();
    const html = await create(alice.cookie, {
      avatar: { bytes: sampleHtml(), name: "avatar.png", type: "image/png" },
    });
    expect(html.status).toBe(415);
    expect(html.body.error.message).toBe(M.files.selectImage);
    expect(html.body.error.fields).toEqual({ avatar: M.files.selectImage });
    const pdf = await create(alice.cookie, {
      banner: { bytes: samplePdf(), name: "banner.png", type: "image/png" },
    });
    expect(pdf.status).toBe(415);
    expect(pdf.body.error.fields).toEqual({ banner: M.files.selectImage });
    expect(await communityCount()).toBe(before);
  });

  it("refuses an image over 5 MB with the size message", async () => {
    // A real PNG followed by padding: its bytes still say PNG, its size is over the limit.
    const big = padTo(await samplePng(), 5 * 1024 * 1024 + 1);
    expect(big.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    const res = await create(alice.cookie, { avatar: { bytes: big, name: "big.png", type: "image/png" } });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(M.files.tooLarge("image", 5));
  });

  it("creates the community with real PNGs: creator joined as creator, branding version 1, images served", async () => {
    const res = await create(alice.cookie, {
      name: "  Diamond Hands  ",
      description: "Holding through every dip, together.",
      rules: "No panic selling talk. Be respectful.",
    });
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([]);
    const c = res.body.community;
    expect(c).toMatchObject({
      name: "Diamond Hands",
      slug: "diamond-hands",
      description: "Holding through every dip, together.",
      rules: "No panic selling talk. Be respectful.",
      rulesVersion: 1,
      memberCount: 1,
      creatorId: alice.id,
      creators: [{ id: alice.id, username: "alice_c" }],
      membership: { role: "creator", status: "active" },
    });
    expect(c.avatarUrl).toMatch(new RegExp(`^/media/community-branding/${c.id}/avatar_\\d+\\.png$`));
    expect(c.bannerUrl).toMatch(new RegExp(`^/media/community-branding/${c.id}/banner_\\d+\\.png$`));

    const banner = await server.fetch(c.bannerUrl ?? "");
    expect(banner.status).toBe(200);
    expect(banner.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await banner.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([300, 100]);

    const members = await server.deps.db
      .select()
      .from(communityMembers)
      .where(eq(communityMembers.communityId, c.id));
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({
      userId: alice.id,
      role: "creator",
      status: "active",
      acceptedRulesVersion: 1,
      acceptedRulesHash: createHash("sha256").update("No panic selling talk. Be respectful.").digest("hex"),
    });
    const branding = await server.deps.db
      .select()
      .from(communityBranding)
      .where(eq(communityBranding.communityId, c.id))
      .orderBy(asc(communityBranding.type));
    expect(branding.map((b) => [b.type, b.version, b.isActive, b.publicUrl, b.createdBy])).toEqual([
      ["avatar", 1, true, c.avatarUrl, alice.id],
      ["banner", 1, true, c.bannerUrl, alice.id],
    ]);
  });

  it("accepts the picker's other formats, a WebP avatar and an animated GIF banner, and serves them as such", async () => {
    const webp = new Uint8Array(
      await sharp({ create: { width: 48, height: 48, channels: 3, background: "#36c" } })
        .webp()
        .toBuffer(),
    );
    const res = await create(alice.cookie, {
      avatar: { bytes: webp, name: "avatar.webp", type: "image/webp" },
      banner: { bytes: await sampleAnimatedGif(2, 60, 20), name: "banner.gif", type: "image/gif" },
    });
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([]);
    const { avatarUrl, bannerUrl } = res.body.community;
    expect(avatarUrl).toMatch(/avatar_\d+\.webp$/);
    expect(bannerUrl).toMatch(/banner_\d+\.gif$/);
    expect((await server.fetch(avatarUrl ?? "")).headers.get("content-type")).toBe("image/webp");
    const banner = await server.fetch(bannerUrl ?? "");
    expect(banner.headers.get("content-type")).toBe("image/gif");
    const meta = await sharp(Buffer.from(await banner.arrayBuffer()), { animated: true }).metadata();
    expect(meta.pages).toBe(2);
  });

  it("keeps slugs unique for names that slugify alike (-2, -3)", async () => {
    const a = await createCommunityAs(server, alice.cookie, { name: "Moon Club" });
    const b = await createCommunityAs(server, bob.cookie, { name: "moon   club" });
    const c = await createCommunityAs(server, alice.cookie, { name: "MOON CLUB" });
    // A name that already looks like a suffixed slug takes the next free one.
    const d = await createCommunityAs(server, bob.cookie, { name: "Moon Club 4" });
    const e = await createCommunityAs(server, alice.cookie, { name: "Moon Club" });
    expect([a.slug, b.slug, c.slug, d.slug, e.slug]).toEqual([
      "moon-club",
      "moon-club-2",
      "moon-club-3",
      "moon-club-4",
      "moon-club-5",
    ]);
  });

  it("gives concurrent creates of one name distinct slugs", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => create(bob.cookie, { name: "Race Club" })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const slugs = results.map((r) => r.body.community.slug).sort();
    expect(new Set(slugs).size).toBe(6);
    expect(slugs).toContain("race-club");
  });

  it("still creates the community when storing a branding image fails, with the spec's warning", async () => {
    const storage = server.deps.storage;
    const put = storage.put;
    storage.put = async (folder, name, bytes, type) => {
      if (name.startsWith("banner_")) throw new Error("disk full");
      return put.call(storage, folder, name, bytes, type);
    };
    try {
      const res = await create(alice.cookie, { name: "Half Branded" });
      expect(res.status).toBe(201);
      expect(res.body.warnings).toEqual([M.communities.brandingUploadFailed("banner")]);
      expect(res.body.warnings[0]).toBe("Failed to upload banner image, but community was created");
      expect(res.body.community.avatarUrl).toMatch(/avatar_\d+\.png$/);
      expect(res.body.community.bannerUrl).toBeNull();
      expect(res.body.community.memberCount).toBe(1);
    } finally {
      storage.put = put;
    }
  });
});

describe("PUT /api/communities/:id/branding/:type", () => {
  let community: TCommunityDetail;
  beforeAll(async () => {
    community = await createCommunityAs(server, alice.cookie, { name: "Brand New" });
    await joinAs(server, bob.cookie, community.id);
  });

  function upload(cookie: string | undefined, type: string, bytes: Uint8Array | null, id = community.id) {
    const form = new FormData();
    if (bytes) form.set("file", new File([bytes], "new.png", { type: "image/png" }));
    return call<{ type: string; url: string; version: number; community: TCommunityDetail } & TErrorResult>(
      server,
      "PUT",
      `/api/communities/${id}/branding/${type}`,
      { cookie, form },
    );
  }

  it("adds version 2 as the active one and updates the community's URL", async () => {
    const res = await upload(alice.cookie, "banner", await samplePng(600, 200));
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(2);
    expect(res.body.community.bannerUrl).toBe(res.body.url);
    expect(res.body.community.avatarUrl).toBe(community.avatarUrl);
    const third = await upload(alice.cookie, "banner", await samplePng(90, 30));
    expect(third.body.version).toBe(3);
    const rows = await server.deps.db
      .select({ version: communityBranding.version, isActive: communityBranding.isActive })
      .from(communityBranding)
      .where(eq(communityBranding.communityId, community.id))
      .orderBy(asc(communityBranding.type), asc(communityBranding.version));
    expect(rows).toEqual([
      { version: 1, isActive: true },
      { version: 1, isActive: false },
      { version: 2, isActive: false },
      { version: 3, isActive: true },
    ]);
  });

  it("refuses visitors (401), members (403), unknown communities (404), bad types and files (400, 415)", async () => {
    const png = await samplePng();
    expect((await upload(undefined, "avatar", png)).body.error.message).toBe(M.communities.loginToEdit);
    const member = await upload(bob.cookie, "avatar", png);
    expect(member.status).toBe(403);
    expect(member.body.error.message).toBe(M.communities.creatorsOnlyEdit);
    const missing = await upload(alice.cookie, "avatar", png, "00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(M.communities.notFound);
    const badType = await upload(alice.cookie, "logo", png);
    expect(badType.status).toBe(400);
    expect(badType.body.error.message).toBe(M.communities.invalidBrandingType);
    const noFile = await upload(alice.cookie, "avatar", null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.message).toBe(M.communities.avatarRequired);
    const html = await upload(alice.cookie, "avatar", sampleHtml());
    expect(html.status).toBe(415);
    expect(html.body.error.message).toBe(M.files.selectImage);
    const big = await upload(alice.cookie, "banner", padTo(png, 5 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe(M.files.tooLarge("image", 5));
    // Nothing of the refused files was recorded: the active versions are the ones the community shows.
    const active = await server.deps.db
      .select({ url: communityBranding.publicUrl })
      .from(communityBranding)
      .where(eq(communityBranding.communityId, community.id));
    const [row] = await server.deps.db.select().from(communities).where(eq(communities.id, community.id));
    expect(active.map((b) => b.url)).toEqual(
      expect.arrayContaining([row?.communityAvatarUrl, row?.communityBannerUrl]),
    );
    expect(active).toHaveLength(4);
  });
});

describe("PATCH /api/communities/:id", () => {
  let community: TCommunityDetail;
  beforeAll(async () => {
    community = await createCommunityAs(server, alice.cookie, {
      name: "Editable",
      rules: "Original rules here.",
    });
    await joinAs(server, bob.cookie, community.id);
  });
  const patch = (cookie: string | undefined, json: unknown, id = community.id) =>
    call<TCommunityDetail & TErrorResult>(server, "PATCH", `/api/communities/${id}`, { cookie, json });

  it("lets a creator edit name, description and rules; a rules change moves the version, the slug stays", async () => {
    const res = await patch(alice.cookie, { name: "Edited Name", description: "A brand new description." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Edited Name", slug: "editable", rulesVersion: 1 });
    const rules = await patch(alice.cookie, { rules: "Completely new rules." });
    expect(rules.body).toMatchObject({ rules: "Completely new rules.", rulesVersion: 2 });
    const same = await patch(alice.cookie, { rules: "Completely new rules." });
    expect(same.body.rulesVersion).toBe(2);
  });

  it("refuses visitors (401), members (403), unknown ids (404) and bad input (400) with clear messages", async () => {
    expect((await patch(undefined, { name: "Nope Nope" })).body.error.message).toBe(
      M.communities.loginToEdit,
    );
    const member = await patch(bob.cookie, { name: "Hijacked" });
    expect(member.status).toBe(403);
    expect(member.body.error.message).toBe(M.communities.creatorsOnlyEdit);
    const missing = await patch(alice.cookie, { name: "Ghost Town" }, "no-such-community");
    expect(missing.status).toBe(404);
    const bad = await patch(alice.cookie, { description: "short" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M.communities.descriptionMin);
    const empty = await patch(alice.cookie, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(M.communities.nothingToUpdate);
    const [row] = await server.deps.db.select().from(communities).where(eq(communities.id, community.id));
    expect(row?.name).not.toBe("Hijacked");
  });

  it.each([
    ["a 2-character name", { name: "ab" }, "name", M.communities.nameMin],
    ["a 51-character name", { name: "n".repeat(51) }, "name", M.communities.nameMax],
    ["a name with '!'", { name: "Rugs Inc!" }, "name", M.communities.nameChars],
    [
      "a 501-character description",
      { description: "d".repeat(501) },
      "description",
      M.communities.descriptionMax,
    ],
    ["9-character rules", { rules: "too short" }, "rules", M.communities.rulesMin],
    ["1001-character rules", { rules: "r".repeat(1001) }, "rules", M.communities.rulesMax],
  ])(
    "refuses an edit to %s with the create form's message, changing nothing",
    async (_label, json, field, message) => {
      const before = await call<TCommunityDetail>(server, "GET", `/api/communities/${community.id}`);
      const res = await patch(alice.cookie, json);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields?.[field]).toBe(message);
      const after = await call<TCommunityDetail>(server, "GET", `/api/communities/${community.id}`);
      expect(after.body).toEqual(before.body);
    },
  );
});
