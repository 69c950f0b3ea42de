import { M, type TCommunityDetail, type TCreateCommunityResponse } from "@plugs/domain";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi, type TSignedUp } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { png } from "./support/images.ts";
import { heading, toast, useJourney } from "./support/journey.ts";

const j = useJourney();

async function createCommunity(creator: TSignedUp, name: string): Promise<TCommunityDetail> {
  const form = new FormData();
  form.set("name", name);
  form.set("description", "Traders comparing notes on new launches and the people behind them.");
  form.set("rules", "Be kind. No spam. Disclose your bags when you shill.");
  form.set("avatar", new File([await png(96, 96, [34, 197, 94])], "avatar.png", { type: "image/png" }));
  form.set("banner", new File([await png(600, 200, [30, 64, 175])], "banner.png", { type: "image/png" }));
  const res = await fetch(`${j.server.url}/api/communities`, {
    method: "POST",
    headers: { cookie: creator.cookie, origin: j.server.url },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as TCreateCommunityResponse).community;
}

async function join(member: TSignedUp, communityId: string) {
  const res = await postJson(
    j.server,
    `/api/communities/${communityId}/join`,
    { acceptRules: true },
    member.cookie,
  );
  expect(res.status).toBe(200);
}

/** POST /api/posts in the community as `member`; returns the answer (status and body). */
async function postIn(member: TSignedUp, communityId: string, content: string) {
  const form = new FormData();
  form.set("content", content);
  form.set("communityId", communityId);
  const res = await fetch(`${j.server.url}/api/posts`, {
    method: "POST",
    headers: { cookie: member.cookie, origin: j.server.url },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { id?: string; error?: { message: string } } };
}

let creator: TSignedUp;
let alice: TSignedUp;
let bob: TSignedUp;
let carol: TSignedUp;
let dave: TSignedUp;
let community: TCommunityDetail;
let alicePostId: string;

beforeAll(async () => {
  const signUp = (prefix: string) => signUpByApi(j.server, newAccount(prefix));
  creator = await signUp("founder");
  alice = await signUp("alice");
  bob = await signUp("bob");
  carol = await signUp("carol");
  dave = await signUp("dave");
  community = await createCommunity(creator, `Launch Watch ${Math.random().toString(36).slice(2, 6)}`);
  for (const member of [alice, bob, carol]) await join(member, community.id);
  const posted = await postIn(alice, community.id, "Anyone else watching the new launch tonight?");
  expect(posted.status).toBe(201);
  alicePostId = posted.body.id ?? "";
});

/** Each row of a members list shows its username and 'Joined Mon D, YYYY' whole, each on one line. */
async function expectRowsReadWhole(list: Locator) {
  for (const row of await list.getByRole("listitem").all()) {
    for (const text of [row.getByRole("link", { name: /^\w+$/ }), row.getByText(/^Joined /)]) {
      const fits = await text.evaluate((el) => {
        const lines = el.clientHeight / Number.parseFloat(getComputedStyle(el).lineHeight);
        return el.scrollWidth <= el.clientWidth && Math.round(lines) === 1;
      });
      expect(fits).toBe(true);
    }
  }
}

const sheetOf = (page: Page) => page.getByRole("dialog", { name: M.communities.membersTitle });
const rowOf = (page: Page, username: string) =>
  sheetOf(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: username, exact: true }) });

async function openSheet(page: Page) {
  await page.goto(`/communities/${community.slug}`);
  await heading(page, community.name).waitFor();
  await page.getByRole("button", { name: M.communities.viewMembers }).click();
  const sheet = sheetOf(page);
  await sheet.waitFor();
  // Measure and photograph it where it comes to rest, not mid-slide.
  await sheet.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  return sheet;
}

describe("community members", () => {
  it("a creator searches a member and bans them, makes another a creator and adds a user", async () => {
    const page = await j.open({ as: creator, viewport: "desktop", theme: "dark" });
    const sheet = await openSheet(page);
    await sheet.getByText(M.communities.memberCount(4)).waitFor();
    await shot(page, "community-members-sheet-desktop-dark", { fullPage: false });

    // Search (debounced) narrows the list to one member.
    await sheet
      .getByRole("searchbox", { name: M.communities.searchMembers })
      .fill(alice.username.slice(0, 9));
    await sheet.getByText(M.communities.memberCount(1)).waitFor();
    expect(await sheet.getByRole("list", { name: "Members" }).getByRole("listitem").count()).toBe(1);

    // Ban Member asks first, then the server bans.
    await sheet.getByRole("button", { name: `Manage ${alice.username}` }).click();
    await page.getByRole("menuitem", { name: M.communities.banMember }).click();
    const confirm = page.getByRole("dialog", { name: `Ban ${alice.username}?` });
    await confirm.getByRole("button", { name: M.communities.banMember }).click();
    await toast(page, M.communities.statusUpdated).waitFor();
    await sheet.getByText(M.communities.noMembers).waitFor();

    // The banned list shows them, with Unban Member in their menu.
    await sheet.getByRole("button", { name: "Banned" }).click();
    await rowOf(page, alice.username).getByText("Banned").waitFor();
    await sheet.getByRole("button", { name: `Manage ${alice.username}` }).click();
    await page.getByRole("menuitem", { name: M.communities.unbanMember }).waitFor();
    await page.keyboard.press("Escape");
    await sheet.getByRole("button", { name: "Members" }).click();

    // Make Creator: the row gets the Creator badge; a creator has no menu for themself.
    await sheet.getByRole("searchbox", { name: M.communities.searchMembers }).fill("");
    await sheet.getByText(M.communities.memberCount(3)).waitFor();
    await sheet.getByRole("button", { name: `Manage ${bob.username}` }).click();
    await page.getByRole("menuitem", { name: M.communities.makeCreator }).click();
    await toast(page, M.communities.roleUpdated).waitFor();
    await rowOf(page, bob.username).getByText(M.communities.creatorBadge).waitFor();
    expect(await sheet.getByRole("button", { name: `Manage ${creator.username}` }).count()).toBe(0);
    expect(
      await rowOf(page, creator.username).getByRole("button", { name: M.communities.follow }).count(),
    ).toBe(0);

    // Add a user found by the community user search (2+ characters).
    await sheet.getByRole("searchbox", { name: "Search users to add" }).fill(dave.username);
    await sheet.getByRole("button", { name: `Add ${dave.username}` }).click();
    await toast(page, `${dave.username} was added to the community`).waitFor();
    await rowOf(page, dave.username).waitFor();
    await sheet.getByText(M.communities.memberCount(4)).waitFor();

    // What the server recorded.
    const res = await fetch(`${j.server.url}/api/communities/${community.id}/members?status=banned`, {
      headers: { cookie: creator.cookie },
    });
    const banned = (await res.json()) as { items: { username: string }[] };
    expect(banned.items.map((m) => m.username)).toEqual([alice.username]);
  });

  it("the banned member cannot post or comment, and a plain member cannot ban (403)", async () => {
    const refused = await postIn(alice, community.id, "Still here?");
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(M.posts.joinToCreate);

    const page = await j.open({ as: alice, viewport: "mobile", theme: "light" });
    await page.goto(`/communities/${community.slug}`);
    await heading(page, community.name).waitFor();
    await page.getByText("Banned", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: M.communities.createPostInCommunity }).count()).toBe(0);
    expect(await page.getByRole("button", { name: new RegExp(`^${M.communities.join} `) }).count()).toBe(0);

    // Their own earlier post still opens, with the reason instead of a comment form.
    await page.goto(`/posts/${alicePostId}`);
    await page.getByText(M.communities.bannedCannotJoin).waitFor();
    expect(await page.getByRole("form", { name: "Add a comment" }).count()).toBe(0);

    const members = await fetch(`${j.server.url}/api/communities/${community.id}/members`, {
      headers: { cookie: carol.cookie },
    });
    const bobRow = ((await members.json()) as { items: { id: string; username: string }[] }).items.find(
      (m) => m.username === bob.username,
    );
    const forbidden = await fetch(`${j.server.url}/api/communities/${community.id}/members/${bobRow?.id}`, {
      method: "PATCH",
      headers: { cookie: carol.cookie, origin: j.server.url, "content-type": "application/json" },
      body: JSON.stringify({ status: "banned" }),
    });
    expect(forbidden.status).toBe(403);
  });

  it("an author who left sees the join line on their post", async () => {
    const posted = await postIn(carol, community.id, "Leaving soon, but here is my last chart.");
    expect(posted.status).toBe(201);
    const left = await postJson(j.server, `/api/communities/${community.id}/leave`, {}, carol.cookie);
    expect(left.status).toBe(200);
    const page = await j.open({ as: carol, viewport: "mobile", theme: "dark" });
    await page.goto(`/posts/${posted.body.id}`);
    await page.getByText(M.comments.joinToComment).waitFor();
    await page.getByRole("link", { name: M.communities.joinCommunity }).click();
    await heading(page, community.name).waitFor();
    await join(carol, community.id);
  });

  it("the members sheet is a bottom sheet on phones, in both themes", async () => {
    for (const theme of ["light", "dark"] as const) {
      const page = await j.open({ as: creator, viewport: "mobile", theme });
      const sheet = await openSheet(page);
      await rowOf(page, bob.username).getByText(M.communities.creatorBadge).waitFor();
      const box = await sheet.boundingBox();
      expect(box?.width).toBe(390);
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
      await expectRowsReadWhole(sheet.getByRole("list", { name: "Members" }));
      await shot(page, `community-members-sheet-mobile-${theme}`, { fullPage: false });
    }
    const page = await j.open({ as: creator, viewport: "desktop", theme: "light" });
    await openSheet(page);
    await shot(page, "community-members-sheet-desktop-light", { fullPage: false });
  });

  it("a creator edits the description on the manage page; a member is refused", async () => {
    const page = await j.open({ as: bob, viewport: "desktop", theme: "dark" });
    await page.goto(`/communities/${community.slug}`);
    await page.getByRole("link", { name: "Manage" }).click();
    await heading(page, `Manage ${community.name}`).waitFor();

    const description = page.getByRole("textbox", { name: "Description" });
    await description.fill("Too short");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText(M.communities.descriptionMin).waitFor();
    const newText = "Launch watchers sharing charts, contract checks and honest takes.";
    await description.fill(newText);
    await page.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Community updated").waitFor();

    // A new banner goes up from Branding; a file that is not an image is refused before any upload.
    const branding = page.getByRole("region", { name: "Branding" });
    const bannerInput = branding.getByLabel("Banner image");
    await bannerInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await branding.getByRole("alert").filter({ hasText: M.files.selectImage }).waitFor();
    const banner = await png(600, 200, [234, 88, 12]);
    await bannerInput.setInputFiles({ name: "sunset.png", mimeType: "image/png", buffer: banner });
    await toast(page, "Community banner updated").waitFor();

    const saved = (await (
      await fetch(`${j.server.url}/api/communities/${community.id}`)
    ).json()) as TCommunityDetail;
    expect(saved.description).toBe(newText);
    expect(saved.bannerUrl).not.toBe(community.bannerUrl);
    await branding.locator(`img[src="${saved.bannerUrl}"]`).waitFor();

    const light = await j.open({ as: creator, viewport: "mobile", theme: "light" });
    await light.goto(`/communities/${community.slug}/manage`);
    await light.getByRole("textbox", { name: "Description" }).waitFor();
    expect(await light.getByRole("textbox", { name: "Description" }).inputValue()).toBe(newText);

    const member = await j.open({ as: carol, viewport: "desktop", theme: "light" });
    await member.goto(`/communities/${community.slug}/manage`);
    await heading(member, M.communities.creatorsOnlyEdit).waitFor();
    expect(await member.getByRole("textbox", { name: "Description" }).count()).toBe(0);
  });

  it("the manage page's member rows read on one line each, on phones and laptops, in both themes", async () => {
    for (const viewport of ["mobile", "desktop"] as const) {
      for (const theme of ["dark", "light"] as const) {
        const page = await j.open({ as: creator, viewport, theme });
        await page.goto(`/communities/${community.slug}/manage`);
        const members = page.getByRole("list", { name: "Members" });
        await members.getByText(M.communities.creatorBadge).first().waitFor();
        await expectRowsReadWhole(members);
        await shot(page, `community-manage-${viewport}-${theme}`);
        // Moderation comes first on a manage page: the row's button is Manage, and Follow is last in its menu.
        expect(await members.getByRole("button", { name: M.communities.follow }).count()).toBe(0);
        await members.getByRole("button", { name: `Manage ${carol.username}` }).click();
        const items = await page.getByRole("menuitem").allInnerTexts();
        expect(items.map((t) => t.trim())).toEqual([
          M.communities.banMember,
          M.communities.makeCreator,
          M.communities.follow,
        ]);
        if (theme === "dark")
          await shot(page, `community-manage-menu-${viewport}-${theme}`, { fullPage: false });
        await page.keyboard.press("Escape");
      }
    }
  });

  // Last: its eight new members push the others to page 2.
  it("the members sheet pages by Next and Prev, ten at a time", async () => {
    for (let n = 0; n < 8; n += 1) await join(await signUpByApi(j.server, newAccount("crowd")), community.id);
    const page = await j.open({ as: alice, viewport: "desktop", theme: "dark" });
    const sheet = await openSheet(page);
    const pager = sheet.getByRole("navigation", { name: "Members pages" });
    const rows = sheet.getByRole("list", { name: "Members" }).getByRole("listitem");
    await pager.getByText(M.communities.pageOf(1, 2)).waitFor();
    expect(await rows.count()).toBe(10);
    const firstPage = await rows.allTextContents();
    await pager.getByRole("button", { name: M.communities.next }).click();
    await pager.getByText(M.communities.pageOf(2, 2)).waitFor();
    expect(await pager.getByRole("button", { name: M.communities.next }).isDisabled()).toBe(true);
    // The founder joined first: the last page's last row.
    await expect.poll(async () => (await rows.allTextContents()).at(-1)).toContain(creator.username);
    await shot(page, "community-members-sheet-page-2-desktop-dark", { fullPage: false });
    await pager.getByRole("button", { name: M.communities.prev }).click();
    await pager.getByText(M.communities.pageOf(1, 2)).waitFor();
    await expect.poll(() => rows.allTextContents()).toEqual(firstPage);
  });
});
