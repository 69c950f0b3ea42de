import fs from "node:fs";
import path from "node:path";
import type { TCommunityDetail } from "@plugs/domain";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newAccount, signUpByApi } from "./support/accounts.ts";
import { shot, type TTheme, type TViewport } from "./support/browser.ts";
import { png } from "./support/images.ts";
import { heading, toast, useJourney } from "./support/journey.ts";

const j = useJourney();

async function community(slug: string, cookie = ""): Promise<TCommunityDetail> {
  const res = await fetch(`${j.server.url}/api/communities/${slug}`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return (await res.json()) as TCommunityDetail;
}

const NAME = "Solana Builders";
const SLUG = "solana-builders";
const RULES = "Be kind to each other.\nNo shilling, no spam.\nShare sources for claims.";

async function fillCreateDialog(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name: "Create a New Community" });
  await dialog.getByLabel("Name").fill(name);
  await dialog
    .getByLabel("Description")
    .fill("Builders shipping on Solana, sharing what works and what breaks.");
  await dialog.getByLabel("Rules").fill(RULES);
  await dialog.getByLabel("Avatar", { exact: true }).setInputFiles({
    name: "avatar.png",
    mimeType: "image/png",
    buffer: await png(256, 256, [124, 92, 255]),
  });
  await dialog.getByLabel("Banner", { exact: true }).setInputFiles({
    name: "banner.png",
    mimeType: "image/png",
    buffer: await png(1500, 500, [20, 180, 120]),
  });
  return dialog;
}

describe("communities", () => {
  it("creates a community with both images; another member joins through the rules dialog and posts in it", async () => {
    const alice = await signUpByApi(j.server, newAccount("alice"));
    const page = await j.open({ as: alice });
    await page.goto("/plugfeed?tab=communities");
    await page.getByText("No communities found").waitFor();
    await page.getByText("Select a community to view posts").last().waitFor();

    // The dialog checks the fields with the server's own messages before anything is sent.
    await page.getByRole("button", { name: "Create Community" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create a New Community" });
    await dialog.getByLabel("Name").fill("No!");
    await dialog.getByRole("button", { name: "Create Community" }).click();
    await dialog.getByText("Community name can only contain letters, numbers, and spaces").waitFor();
    await dialog.getByText("Description must be at least 10 characters").waitFor();
    await dialog.getByText("Rules must be at least 10 characters").waitFor();
    await dialog.getByText("Community avatar is required").waitFor();
    await dialog.getByText("Community banner is required").waitFor();

    await fillCreateDialog(page, NAME);
    // The banner is previewed in its 3:1 shape.
    const preview = await dialog.getByRole("img", { name: "Banner preview" }).boundingBox();
    expect(preview && Math.round(preview.width / preview.height)).toBe(3);
    await shot(page, "communities-create-dialog-dark-1280", { fullPage: false });
    // The actions stay in view at the dialog's foot however its body is scrolled.
    const submit = dialog.getByRole("button", { name: "Create Community" });
    for (const top of [0, 10_000]) {
      await dialog.evaluate((el, y) => el.scrollTo(0, y), top);
      const box = await submit.boundingBox();
      const frame = await dialog.boundingBox();
      expect(box && frame && box.y + box.height <= frame.y + frame.height && box.y >= frame.y).toBe(true);
    }
    await dialog.evaluate((el) => el.scrollTo(0, 0));
    await shot(page, "communities-create-dialog-top-dark-1280", { fullPage: false });
    await submit.click();
    await toast(
      page,
      "Community created successfully! You can manage your community branding in the community details page.",
    ).waitFor();
    await dialog.waitFor({ state: "hidden" });

    // The new community is selected: its panel shows it, and both images were stored as its branding.
    await page.getByRole("heading", { level: 2, name: NAME }).waitFor();
    const created = await community(SLUG, alice.cookie);
    expect(created.avatarUrl).toMatch(/^\/media\/community-branding\/.+\/avatar_\d+\.png$/);
    expect(created.bannerUrl).toMatch(/^\/media\/community-branding\/.+\/banner_\d+\.png$/);
    expect(created.memberCount).toBe(1);
    expect(created.membership).toEqual({ role: "creator", status: "active" });
    expect(await page.getByRole("button", { name: `Leave ${NAME}` }).count()).toBeGreaterThan(0);

    // The last creator cannot leave: the server's reason is shown and nothing changes.
    await page
      .getByRole("button", { name: `Leave ${NAME}` })
      .first()
      .click();
    await toast(
      page,
      "Error leaving community: You are the only creator of this community. Make another member a creator before leaving.",
    ).waitFor();
    expect((await community(SLUG)).memberCount).toBe(1);

    // Bob joins through the rules dialog, on a phone.
    const bob = await signUpByApi(j.server, newAccount("bob"));
    const phone = await j.open({ as: bob, viewport: "mobile", theme: "light" });
    await phone.goto("/plugfeed?tab=communities");
    const card = phone.getByRole("article").filter({ hasText: NAME });
    await card.getByText("1 member", { exact: true }).waitFor();
    await card.getByRole("button", { name: `Join ${NAME}` }).click();
    const rules = phone.getByRole("dialog", { name: "Community Rules" });
    await rules.getByText(`Before joining ${NAME}, please read and accept the community rules.`).waitFor();
    await rules.getByText("No shilling, no spam.", { exact: false }).waitFor();
    await rules.getByRole("button", { name: "Join Community" }).click();
    await rules.getByText("Please accept the community rules to join").waitFor();
    expect((await community(SLUG)).memberCount).toBe(1);
    await shot(phone, "communities-rules-dialog-light-390", { fullPage: false });
    const checkbox = rules.getByLabel("I have read and agree to follow the community rules");
    await checkbox.check();

    // Alice changes the rules while Bob reads them: his join is refused and the new rules take the old ones' place.
    const edit = await fetch(`${j.server.url}/api/communities/${created.id}`, {
      method: "PATCH",
      headers: { cookie: alice.cookie, origin: j.server.url, "content-type": "application/json" },
      body: JSON.stringify({ rules: `${RULES}\nNo price talk on weekends.` }),
    });
    expect(edit.status).toBe(200);
    await rules.getByRole("button", { name: "Join Community" }).click();
    await rules
      .getByText("The community rules have just changed. Please read them again before joining.")
      .waitFor();
    await rules.getByText("No price talk on weekends.", { exact: false }).waitFor();
    expect(await checkbox.isChecked()).toBe(false);
    expect((await community(SLUG)).memberCount).toBe(1);
    await shot(phone, "communities-rules-changed-light-390", { fullPage: false });

    await checkbox.check();
    await rules.getByRole("button", { name: "Join Community" }).click();
    await toast(phone, "Successfully joined community").waitFor();
    await rules.waitFor({ state: "hidden" });
    await card.getByText("2 members", { exact: true }).waitFor();
    await card.getByRole("button", { name: `Leave ${NAME}` }).waitFor();
    expect((await community(SLUG)).memberCount).toBe(2);

    // Choosing the card opens its panel in place of the list (one column on a phone).
    await card.getByRole("button", { name: NAME, exact: true }).click();
    await phone.getByRole("button", { name: "All communities" }).waitFor();
    await phone.getByText("No posts yet").waitFor();

    // Bob posts in it from the community's page, and sees the post there.
    await phone.goto(`/communities/${SLUG}`);
    await heading(phone, NAME).waitFor();
    await phone.getByText("Builders shipping on Solana", { exact: false }).first().waitFor();
    await phone.getByRole("button", { name: "Create Post in Community" }).click();
    await phone.getByLabel("Post text").fill("First build log: the indexer is live on devnet.");
    await phone.getByRole("button", { name: "Post", exact: true }).click();
    await toast(phone, "Post created successfully in this community!").waitFor();
    const post = phone.getByRole("article").filter({ hasText: "First build log" });
    await post.waitFor();
    expect(await post.getByRole("link", { name: NAME }).count()).toBe(1);
    expect(await phone.getByRole("button", { name: "Create Post in Community" }).isVisible()).toBe(true);

    // Alice sees it in her panel as well; a visitor sees the page but not the members' posts.
    await page.reload();
    await page.getByText("First build log", { exact: false }).waitFor();
    const visitor = await j.open();
    await visitor.goto(`/communities/${SLUG}`);
    await heading(visitor, NAME).waitFor();
    await visitor.getByText(`Join ${NAME} to see and share its posts.`).waitFor();
    expect(await visitor.getByText("First build log", { exact: false }).count()).toBe(0);
    await visitor.getByRole("button", { name: `Join ${NAME}` }).click();
    await visitor.getByRole("dialog").getByText("Sign in to join communities").waitFor();
  });

  it("searches, sorts and pages the list, and answers an unknown community with its not-found page", async () => {
    const carol = await signUpByApi(j.server, newAccount("carol"));
    for (let i = 1; i <= 11; i += 1) {
      const form = new FormData();
      form.set("name", `Paging Club ${i}`);
      form.set("description", `Club number ${i} for the paging journey.`);
      form.set("rules", "Keep it about paging.");
      form.set("avatar", new Blob([await png(64, 64, [i * 20, 40, 90])], { type: "image/png" }), "a.png");
      form.set("banner", new Blob([await png(300, 100, [30, i * 20, 90])], { type: "image/png" }), "b.png");
      const res = await fetch(`${j.server.url}/api/communities`, {
        method: "POST",
        headers: { cookie: carol.cookie, origin: j.server.url },
        body: form,
      });
      expect(res.status).toBe(201);
    }
    const page = await j.open({ as: carol });
    await page.goto("/plugfeed?tab=communities");
    const cards = page.getByRole("article");
    await cards.first().waitFor();
    // Newest first: the last club made heads the list; a search narrows it, case-insensitively.
    await page.getByRole("combobox", { name: "Sort communities" }).selectOption("newest");
    await expect.poll(() => cards.first().getByRole("heading").textContent()).toBe("Paging Club 11");
    await page.getByRole("searchbox", { name: "Search communities" }).fill("NUMBER 7 ");
    await expect.poll(() => cards.count()).toBe(1);
    await cards.getByText("Paging Club 7").waitFor();
    await page.getByRole("searchbox", { name: "Search communities" }).fill("no such club anywhere");
    await page.getByText("No communities match your search").waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    // 12 communities: a page of 10, then the rest as the end of the list comes into view.
    await expect.poll(() => cards.count()).toBe(10);
    await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
    await page.getByText("No more communities to load").waitFor();
    expect(await cards.count()).toBe(12);
    await page.getByRole("button", { name: "Refresh communities" }).click();
    await toast(page, "Successfully refreshed communities").waitFor();

    await page.goto("/communities/no-such-community");
    await heading(page, "Community not found").waitFor();
  });

  it("keeps the community when an image cannot be stored, and says which", async () => {
    const dave = await signUpByApi(j.server, newAccount("dave"));
    // A file where the branding folder should be: storing either image fails after the community exists.
    const blocker = path.join(j.server.dataDir, "uploads", "community-branding");
    const existed = fs.existsSync(blocker);
    if (existed) fs.renameSync(blocker, `${blocker}.moved`);
    fs.mkdirSync(path.dirname(blocker), { recursive: true });
    fs.writeFileSync(blocker, "not a folder");
    try {
      const page = await j.open({ as: dave });
      await page.goto("/plugfeed?tab=communities");
      await page.getByRole("button", { name: "Create Community" }).first().click();
      await fillCreateDialog(page, "Half Branded");
      await page
        .getByRole("dialog", { name: "Create a New Community" })
        .getByRole("button", { name: "Create Community" })
        .click();
      await toast(page, "Failed to upload banner image, but community was created").waitFor();
      await page.getByRole("heading", { level: 2, name: "Half Branded" }).waitFor();
      const created = await community("half-branded");
      expect(created.avatarUrl).toBeNull();
      expect(created.bannerUrl).toBeNull();
      expect(created.memberCount).toBe(1);
    } finally {
      fs.rmSync(blocker);
      if (existed) fs.renameSync(`${blocker}.moved`, blocker);
    }
  });

  it("looks right on phones and laptops, dark and light", async () => {
    const shots: [TViewport, TTheme][] = [
      ["mobile", "dark"],
      ["mobile", "light"],
      ["desktop", "dark"],
      ["desktop", "light"],
    ];
    const erin = await signUpByApi(j.server, newAccount("erin"));
    const { id } = await community(SLUG);
    for (const [viewport, theme] of shots) {
      const width = viewport === "mobile" ? 390 : 1280;
      const page = await j.open({ as: erin, viewport, theme });
      await page.goto("/plugfeed?tab=communities");
      await page.getByRole("article").first().waitFor();
      await shot(page, `communities-list-${theme}-${width}`);
      if (viewport === "desktop") {
        await page.goto(`/plugfeed?tab=communities&community=${id}`);
        await page.getByRole("heading", { level: 2, name: NAME }).waitFor();
        await shot(page, `communities-panel-${theme}-${width}`);
      }
      await page.goto(`/communities/${SLUG}`);
      await heading(page, NAME).waitFor();
      await page.getByText(`Join ${NAME} to see and share its posts.`).waitFor();
      await shot(page, `community-page-${theme}-${width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    }
  });
});
