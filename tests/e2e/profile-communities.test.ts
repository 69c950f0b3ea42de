import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

const j = useJourney();

async function png(width: number, height: number, r: number): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/png" });
}

/** Creates a community through the API as `cookie` (its creator is its first member). */
async function createCommunity(name: string, cookie: string): Promise<{ id: string; slug: string }> {
  const form = new FormData();
  form.set("name", name);
  form.set("description", `All about ${name}`);
  form.set("rules", "Be kind and cite your sources.");
  form.set("avatar", await png(64, 64, 40), "avatar.png");
  form.set("banner", await png(300, 100, 90), "banner.png");
  const res = await fetch(`${j.server.url}/api/communities`, {
    method: "POST",
    headers: { cookie, origin: j.server.url },
    body: form,
  });
  if (res.status !== 201) throw new Error(`creating ${name}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { community: { id: string; slug: string } }).community;
}

describe("a profile's communities", () => {
  it("lists the communities a member joined, newest first, and leads to them", async () => {
    const member = await signUpByApi(j.server, newAccount("joiner"));
    const other = await signUpByApi(j.server, newAccount("founder"));
    const tag = member.username.slice(-4);
    const own = await createCommunity(`Solana Builders ${tag}`, member.cookie);
    const joined = await createCommunity(`Meme Watch ${tag}`, other.cookie);
    const join = await postJson(
      j.server,
      `/api/communities/${joined.id}/join`,
      { acceptRules: true },
      member.cookie,
    );
    expect(join.status).toBe(200);

    for (const [viewport, theme, width] of [
      ["mobile", "dark", 390],
      ["desktop", "light", 1280],
    ] as const) {
      const page = await j.open({ as: other, viewport, theme });
      await page.goto(`/user/${member.username}`);
      await page.getByRole("tab", { name: "Communities" }).click();
      const rows = page.getByRole("list", { name: "Communities joined" }).getByRole("listitem");
      await rows.first().waitFor();
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toContain(`Meme Watch ${tag}`);
      expect(await rows.nth(0).textContent()).toContain("2 members");
      expect(await rows.nth(1).textContent()).toMatch(new RegExp(`Solana Builders ${tag}\\s*Creator`));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Every tab is inside the tab row once shown (at 390 px the row scrolls sideways; "Communities" used to
      // stick out of its right edge, over the page).
      const list = await page.getByRole("tablist", { name: "Profile" }).boundingBox();
      for (const tab of await page.getByRole("tab").all()) {
        await tab.scrollIntoViewIfNeeded();
        const box = await tab.boundingBox();
        expect(box && list && box.x >= list.x - 1 && box.x + box.width <= list.x + list.width + 1).toBe(true);
      }
      await shot(page, `profile-communities-${theme}-${width}`);
      if (viewport === "desktop") {
        await rows.nth(1).getByRole("link").click();
        await page.waitForURL(`**/communities/${own.slug}`);
      }
    }

    // Someone in no community is told so.
    const page = await j.open({ as: member, viewport: "mobile" });
    await page.goto(`/user/${other.username}`);
    await page.getByRole("tab", { name: "Communities" }).click();
    await page.getByRole("list", { name: "Communities joined" }).getByRole("listitem").first().waitFor();
    const loner = await signUpByApi(j.server, newAccount("loner"));
    await page.goto(`/user/${loner.username}`);
    await page.getByRole("tab", { name: "Communities" }).click();
    await page.getByText("Not in any communities yet").waitFor();
  });
});
