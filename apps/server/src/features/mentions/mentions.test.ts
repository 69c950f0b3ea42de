import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/index.ts";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";

type TSuggestion = {
  type: string;
  id: string;
  username: string;
  displayName: string | null;
  avatarUrl: string | null;
  isVerified: boolean;
};

let server: TTestServer;
let viewer: Awaited<ReturnType<typeof createUser>>;
const names = ["Moon_a", "moon_B", "moonc", "MoonD", "moon_e", "moonf", "moonbanned", "mo0n"];
const ids = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  viewer = await createUser(server, { username: "moon_viewer" });
  for (const username of names) ids.set(username, (await createUser(server, { username })).id);
  const banned = ids.get("moonbanned");
  if (banned) await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned));
  const verified = ids.get("moonc");
  if (verified)
    await server.deps.db
      .update(profiles)
      .set({ isVerified: true, displayName: "Moon Cee" })
      .where(eq(profiles.id, verified));
});
afterAll(() => server?.close());

async function suggest(q: string, cookie?: string) {
  const res = await call<{ items: TSuggestion[] }>(
    server,
    "GET",
    `/api/mentions/suggest?q=${encodeURIComponent(q)}`,
    {
      cookie,
    },
  );
  expect(res.status).toBe(200);
  return res.body.items;
}

describe("mention suggestions", () => {
  it("lists up to 5 users whose name starts with the fragment, any case, never the viewer or a banned user", async () => {
    const items = await suggest("MOON", viewer.cookie);
    expect(items.map((i) => i.username)).toEqual(["Moon_a", "moon_B", "moon_e", "moonc", "MoonD"]);
    expect(items.find((i) => i.username === "moonc")).toEqual({
      type: "user",
      id: ids.get("moonc"),
      username: "moonc",
      displayName: "Moon Cee",
      avatarUrl: null,
      isVerified: true,
    });
    expect(items.map((i) => i.username)).not.toContain("moon_viewer");
    // "moonbanned" is the only name starting "moonb", and banned profiles are never suggested.
    expect(await suggest("moonb")).toEqual([]);
    expect((await suggest("MOON_b")).map((i) => i.username)).toEqual(["moon_B"]);
  });

  it("treats '_' as an underscore, not a wildcard", async () => {
    expect((await suggest("moon_", viewer.cookie)).map((i) => i.username)).toEqual([
      "Moon_a",
      "moon_B",
      "moon_e",
    ]);
  });

  it("works for visitors too, and accepts a leading '@'", async () => {
    expect((await suggest("@moon_v")).map((i) => i.username)).toEqual(["moon_viewer"]);
  });

  it("finds nothing for a fragment no name can hold", async () => {
    expect(await suggest("mo on", viewer.cookie)).toEqual([]);
    expect(await suggest("moon%", viewer.cookie)).toEqual([]);
    expect(await suggest("zzz", viewer.cookie)).toEqual([]);
  });
});
