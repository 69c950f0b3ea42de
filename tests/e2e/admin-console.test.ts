import { ADMIN_M } from "@plugs/domain";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createPostByApi, newAccount, postJson, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { expectNoHorizontalOverflow, toast, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
// The member list's pages need more sign-ups from this one address than the per-IP limit allows.
const j = useJourney({ ADMIN_EMAILS: ADMIN.email, SIGNUP_IP_LIMIT: "0" });

const LOOKS = [
  ["dark", "desktop"],
  ["light", "mobile"],
  ["light", "desktop"],
  ["dark", "mobile"],
] as const;
/** The journey's admin (ADMIN_EMAILS): signed up by the first test that needs them, signed in by the others. */
async function adminSession() {
  const res = await postJson(j.server, "/api/auth/sign-in/email", {
    email: ADMIN.email,
    password: ADMIN.password,
  });
  if (!res.ok) return signUpByApi(j.server, ADMIN);
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { ...ADMIN, cookie, id: ((await res.json()) as { user: { id: string } }).user.id };
}

const width = (viewport: "desktop" | "mobile") => (viewport === "desktop" ? 1280 : 390);

describe("the admin console", () => {
  it("the audit log lists each admin action with its details, filtered by action", async () => {
    const admin = await adminSession();
    const member = await signUpByApi(j.server, newAccount("member"));
    // Two admin actions through the API: an airdrop and a ban.
    const airdrop = await postJson(
      j.server,
      "/api/admin/airdrops",
      { username: member.username, points: 40, reason: "Welcome bonus" },
      admin.cookie,
    );
    expect(airdrop.status).toBe(201);
    const ban = await postJson(
      j.server,
      `/api/admin/members/${member.id}/ban`,
      { reason: "Spam" },
      admin.cookie,
    );
    expect(ban.status).toBe(200);

    for (const [theme, viewport] of LOOKS) {
      const size = `${theme}-${width(viewport)}`;
      const page = await j.open({ as: admin, theme, viewport });
      await page.goto("/admin/audit");
      await page.getByRole("heading", { level: 2, name: "Audit log" }).waitFor();
      const rows = page.getByRole("list", { name: "Admin actions" }).getByRole("listitem");
      await rows.filter({ hasText: `Banned @${member.username}` }).waitFor();
      await rows.filter({ hasText: `Airdropped 40 points to @${member.username}: Welcome bonus` }).waitFor();
      await rows.first().getByText("Details").click();
      await rows.first().getByText("isBanned").waitFor();
      await expectNoHorizontalOverflow(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `admin-audit-${size}`);

      await page.getByLabel("Action", { exact: true }).selectOption({ label: "Points airdropped" });
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/action=points\.airdrop/);
      await rows.filter({ hasText: "Welcome bonus" }).waitFor();
      // The filtered page replaces the unfiltered one: count once it has settled.
      await expect.poll(() => rows.count()).toBe(1);
      if (theme === "dark" && viewport === "desktop") {
        await page.getByLabel("From", { exact: true }).fill("2020-01-02");
        await page.getByLabel("To", { exact: true }).fill("2020-01-01");
        await page.getByRole("button", { name: "Filter" }).click();
        await page
          .getByRole("alert")
          .filter({ hasText: "The start date must be on or before the end date" })
          .waitFor();
        await page.getByLabel("From", { exact: true }).fill("2020-01-01");
        await page.getByRole("button", { name: "Filter" }).click();
        await page.getByText("No admin actions match.").waitFor();
        await shot(page, `admin-audit-empty-${size}`);
      }
    }

    // A member is kept out.
    const other = await signUpByApi(j.server, newAccount("member"));
    const page = await j.open({ as: other });
    await page.goto("/admin/audit");
    await page.getByText(/admin/i).first().waitFor();
    expect(await page.getByRole("heading", { level: 2, name: "Audit log" }).count()).toBe(0);
  });

  it("members: an admin finds a member, bans them with a reason, and grants and removes the admin role", async () => {
    const promoted = await signUpByApi(j.server, newAccount("helper"));
    const target = await signUpByApi(j.server, newAccount("spammer"));
    const boss = await adminSession();

    for (const [theme, viewport] of LOOKS) {
      const size = `${theme}-${width(viewport)}`;
      const page = await j.open({ as: boss, theme, viewport });
      await page.goto("/admin/members");
      await page.getByRole("heading", { level: 2, name: "Members" }).waitFor();
      await page.getByRole("list", { name: "Members" }).waitFor();
      await expectNoHorizontalOverflow(page);
      await shot(page, `admin-members-${size}`);
      await page.getByLabel("Search members").fill(promoted.username.slice(0, 10));
      await page.waitForURL(/search=helper_/);
      await page.getByRole("article", { name: `@${promoted.username}` }).waitFor();
      await expect
        .poll(() => page.getByRole("list", { name: "Members" }).getByRole("listitem").count())
        .toBe(1);
      await page.getByText("1 member", { exact: true }).waitFor();
    }

    // Pages of 20, walked by Next and Previous: the URL keeps the page's cursor, so a reload shows the same page.
    for (let n = 0; n < 21; n += 1) await signUpByApi(j.server, newAccount("pagee"), { verified: false });
    const paging = await j.open({ as: boss, theme: "light", viewport: "mobile" });
    await paging.goto("/admin/members?search=pagee_");
    const pageRows = paging.getByRole("list", { name: "Members" }).getByRole("listitem");
    const pager = paging.getByRole("navigation", { name: "Member pages" });
    await paging.getByText("21 members", { exact: true }).waitFor();
    await pager.getByText("Page 1 of 2").waitFor();
    expect(await pageRows.count()).toBe(20);
    await pager.getByRole("button", { name: "Next" }).click();
    await pager.getByText("Page 2 of 2").waitFor();
    await paging.waitForURL(/cursor=/);
    expect(await pageRows.count()).toBe(1);
    expect(await pager.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await paging.reload();
    await pager.getByText("Page 2 of 2").waitFor();
    await expectNoHorizontalOverflow(paging);
    await shot(paging, "admin-members-page-2-light-390");
    await pager.getByRole("button", { name: "Previous" }).click();
    await pager.getByText("Page 1 of 2").waitFor();
    expect(paging.url()).not.toMatch(/cursor=/);
    expect(await pageRows.count()).toBe(20);
    // A page link the server no longer reads says so and offers the first page, not a Retry of the same link.
    await paging.goto("/admin/members?search=pagee_&cursor=broken");
    await paging.getByRole("alert").filter({ hasText: ADMIN_M.memberCursorInvalid }).waitFor();
    await paging.getByRole("button", { name: "First page" }).click();
    await pager.getByText("Page 1 of 2").waitFor();
    expect(paging.url()).not.toMatch(/cursor=/);

    const page = await j.open({ as: boss, theme: "dark", viewport: "desktop" });
    await page.goto(`/admin/members?search=${target.username}`);
    const row = page.getByRole("article", { name: `@${target.username}` });
    await row.getByRole("button", { name: "Ban" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Ban Member" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Please give a reason" }).waitFor();
    await dialog.getByLabel("Reason").fill("Spam links in every comment");
    await shot(page, "admin-members-ban-dark-1280", { fullPage: false });
    await dialog.getByRole("button", { name: "Ban Member" }).click();
    await row.getByText("Reason: Spam links in every comment").waitFor();
    await row.getByText("Banned", { exact: true }).waitFor();
    // The banned member's open session is refused at its next request.
    const me = await fetch(`${j.server.url}/api/me`, { headers: { cookie: target.cookie } });
    expect(me.status).toBe(401);

    // The member's own page: their facts and the admin actions about them.
    await row.getByRole("link", { name: `@${target.username}` }).click();
    await page.getByRole("heading", { level: 2, name: `@${target.username}` }).waitFor();
    const history = page.getByRole("list", { name: "Admin actions about them" });
    await history.getByText(`Banned @${target.username}: Spam links in every comment`).waitFor();
    await page.getByText("Banned: Spam links in every comment").waitFor();
    for (const [theme, viewport] of LOOKS) {
      const look = await j.open({ as: boss, theme, viewport });
      await look.goto(page.url());
      await look
        .getByRole("list", { name: "Admin actions about them" })
        .getByRole("listitem")
        .first()
        .waitFor();
      await expectNoHorizontalOverflow(look);
      await shot(look, `admin-member-page-${theme}-${width(viewport)}`);
    }

    await page.goto(`/admin/members?search=${promoted.username}`);
    const helper = page.getByRole("article", { name: `@${promoted.username}` });
    await helper.getByRole("button", { name: "Make Admin" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Make Admin" }).click();
    await helper.getByText("Admin", { exact: true }).waitFor();
    await page.goto("/admin/members?filter=admins");
    await page.getByRole("article", { name: `@${promoted.username}` }).waitFor();
    // An admin has no role or ban buttons on their own row.
    const own = page.getByRole("article", { name: `@${ADMIN.username}` });
    await own.getByText("(you)").waitFor();
    expect(await own.getByRole("button").count()).toBe(0);
    await shot(page, "admin-members-admins-dark-1280");
    await page
      .getByRole("article", { name: `@${promoted.username}` })
      .getByRole("button", { name: "Remove Admin" })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove Admin" }).click();
    await page.getByRole("article", { name: `@${promoted.username}` }).waitFor({ state: "detached" });

    await page.goto("/admin/audit");
    const rows = page.getByRole("list", { name: "Admin actions" }).getByRole("listitem");
    await rows.filter({ hasText: `Removed @${promoted.username} as an admin` }).waitFor();
    await rows.filter({ hasText: `Banned @${target.username}: Spam links in every comment` }).waitFor();
  });

  it("site settings: a new name, logo, links, banner and default theme show for everyone, open tabs at once, server-rendered pages too", async () => {
    const boss = await adminSession();
    const logo = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#22c55e" } })
      .png()
      .toBuffer();
    for (const [theme, viewport] of LOOKS) {
      const size = `${theme}-${width(viewport)}`;
      const page = await j.open({ as: boss, theme, viewport });
      await page.goto("/admin/site");
      await page.getByRole("heading", { level: 2, name: "Site settings" }).waitFor();
      await expectNoHorizontalOverflow(page);
      await shot(page, `admin-site-${size}`);
    }

    // A member's tab is open on the feed before the admin changes anything.
    const member = await signUpByApi(j.server, newAccount("watcher"));
    const watcher = await j.open({ as: member, theme: "light", viewport: "mobile" });
    const streaming = watcher.waitForResponse((r) => r.url().endsWith("/api/events"));
    await watcher.goto("/plugfeed");
    await streaming;
    await watcher.getByRole("link", { name: "Plugs & Rugs home" }).waitFor();

    const page = await j.open({ as: boss, theme: "dark", viewport: "desktop" });
    await page.goto("/admin/site");
    const name = page.getByLabel("Site name");
    await name.fill("   ");
    await page.getByRole("button", { name: "Save Name" }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter the site's name" }).waitFor();
    await name.fill("Rug Radar");
    await page.getByRole("button", { name: "Save Name" }).click();
    await toast(page, "Site settings saved").waitFor();
    // The navigation changes at once, without a reload.
    await page.getByRole("banner").getByText("Rug Radar").waitFor();
    await page
      .getByLabel("Logo image")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await toast(page, "Logo updated").waitFor();
    await page.getByRole("banner").locator('img[src^="/media/site/"]').waitFor();
    await shot(page, "admin-site-changed-dark-1280");
    // The member's open tab shows both without a reload (the `site` event).
    await watcher.getByRole("link", { name: "Rug Radar home" }).waitFor();
    await watcher.getByRole("banner").locator('img[src^="/media/site/"]').waitFor();

    // A visitor's tab, open before the next change, has no event stream: it reads the settings when it is looked at again.
    const onlooker = await j.open({ theme: "dark", viewport: "mobile" });
    await onlooker.goto("/kols");
    await onlooker.getByRole("link", { name: "Rug Radar home" }).waitFor();

    // The default theme, the footer's links and the announcement: a bad link is refused with its message.
    const details = page.getByRole("form", { name: "Theme, links and announcement" });
    await details.getByLabel("Partner link").fill("kolscan");
    await details.getByRole("button", { name: "Save Settings" }).click();
    await details
      .getByRole("alert")
      .filter({ hasText: "Enter a full web address starting with https://" })
      .waitFor();
    await details.getByLabel("Partner link").fill("https://kolscan.io/leaderboard");
    await details.getByLabel("KOL-scoring partner").fill("KOL Scan");
    await details.getByLabel("Social profile link").fill("https://x.com/rugradar");
    await details.getByLabel("Default theme").selectOption("light");
    await details
      .getByLabel("Announcement")
      .fill("Maintenance on Sunday at 02:00 UTC: posting pauses for 10 minutes.");
    await details.getByRole("button", { name: "Save Settings" }).click();
    await toast(page, "Site settings saved").waitFor();
    await shot(page, "admin-site-details-dark-1280");
    const banner = watcher.getByRole("region", { name: "Announcement" });
    await banner.getByText("Maintenance on Sunday at 02:00 UTC").waitFor();
    const elsewhere = watcher.getByRole("navigation", { name: "Elsewhere" });
    expect(await elsewhere.getByRole("link", { name: /Follow us on X/ }).getAttribute("href")).toBe(
      "https://x.com/rugradar",
    );
    expect(await elsewhere.getByRole("link", { name: /KOL scores by KOL Scan/ }).getAttribute("href")).toBe(
      "https://kolscan.io/leaderboard",
    );
    expect(await onlooker.getByRole("region", { name: "Announcement" }).count()).toBe(0);
    await onlooker.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    await onlooker.getByRole("region", { name: "Announcement" }).getByText("Maintenance on Sunday").waitFor();
    // The member chose light before; their choice stays. A dismissed banner stays dismissed in that browser.
    await banner.getByRole("button", { name: "Dismiss announcement" }).click();
    await banner.waitFor({ state: "detached" });
    await watcher.reload();
    await watcher.getByRole("link", { name: "Rug Radar home" }).waitFor();
    expect(await watcher.getByRole("region", { name: "Announcement" }).count()).toBe(0);

    // A visitor who never chose a theme gets the site's default (light); one who chose dark keeps dark.
    const fresh = await j.open({ viewport: "desktop" });
    await fresh.goto("/");
    await fresh.getByRole("region", { name: "Announcement" }).waitFor();
    await fresh.waitForFunction(() => document.documentElement.classList.contains("light"));
    for (const [theme, viewport] of LOOKS) {
      const visitor = await j.open({ theme, viewport });
      await visitor.goto("/");
      await visitor
        .getByRole("region", { name: "Announcement" })
        .getByText("Maintenance on Sunday")
        .waitFor();
      expect(await visitor.evaluate(() => document.documentElement.className)).toContain(theme);
      await expectNoHorizontalOverflow(visitor);
      await shot(visitor, `site-announcement-${theme}-${width(viewport)}`, { fullPage: false });
      await visitor.getByRole("contentinfo").scrollIntoViewIfNeeded();
      await shot(visitor, `site-footer-links-${theme}-${width(viewport)}`, { fullPage: false });
    }

    // A visitor's server-rendered page carries the new name and logo before any script runs.
    const html = await (await fetch(`${j.server.url}/`)).text();
    expect(html).toContain("Rug Radar");
    expect(html).toMatch(/src="\/media\/site\//);
    for (const [theme, viewport] of [
      ["light", "mobile"],
      ["dark", "desktop"],
    ] as const) {
      const visitor = await j.open({ theme, viewport });
      await visitor.goto("/");
      await visitor.getByRole("banner").getByText("Rug Radar").waitFor();
      await visitor.getByRole("contentinfo").getByText("Rug Radar").first().waitFor();
      await shot(visitor, `site-renamed-home-${theme}-${width(viewport)}`, { fullPage: false });
    }

    await page.goto("/admin/audit?action=site.update");
    const rows = page.getByRole("list", { name: "Admin actions" }).getByRole("listitem");
    await rows.filter({ hasText: 'Renamed the site "Rug Radar"' }).waitFor();
    await rows.filter({ hasText: "Changed the logo" }).waitFor();
    await rows.filter({ hasText: "Default theme light" }).waitFor();

    // Back to the defaults the other journeys expect.
    const reset = await fetch(`${j.server.url}/api/admin/site`, {
      method: "PATCH",
      headers: { "content-type": "application/json", origin: j.server.url, cookie: boss.cookie },
      body: JSON.stringify({ defaultTheme: "dark", announcement: "" }),
    });
    expect(reset.status).toBe(200);
  }, 240_000); // five looks and three open tabs, one after another

  it("overview: the site in numbers and three 30-day charts, whose library no other page loads", async () => {
    const boss = await adminSession();
    const writer = await signUpByApi(j.server, newAccount("writer"));
    for (const n of [1, 2, 3]) await createPostByApi(j.server, writer, `Overview post ${n}`);

    // A visitor's home page never fetches the chart library.
    const visitor = await j.open();
    const scripts: string[] = [];
    visitor.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await visitor.goto("/");
    await visitor.waitForLoadState("networkidle");
    expect(scripts.filter((u) => /overview-charts/.test(u))).toEqual([]);

    for (const [theme, viewport] of LOOKS) {
      const size = `${theme}-${width(viewport)}`;
      const page = await j.open({ as: boss, theme, viewport });
      const charts: string[] = [];
      page.on("request", (r) => {
        if (/overview-charts/.test(r.url())) charts.push(r.url());
      });
      await page.goto("/admin");
      await page.waitForURL(/\/admin\/overview$/);
      await page.getByRole("heading", { level: 2, name: "Overview" }).waitFor();
      const numbers = page.getByRole("list", { name: "The site in numbers" });
      await numbers.getByRole("link", { name: /Members/ }).waitFor();
      expect(
        Number((await numbers.getByRole("listitem").nth(1).locator("span").first().textContent()) ?? 0),
      ).toBeGreaterThanOrEqual(3);
      for (const name of ["Sign-ups", "Posts", "Points paid"]) {
        await page.getByRole("img", { name: `${name} per day over the last 30 days` }).waitFor();
      }
      expect(charts.length).toBeGreaterThan(0);
      await expectNoHorizontalOverflow(page);
      await shot(page, `admin-overview-${size}`);
    }
  });

  it("an admin removes a member's post from the post's own menu (Remove, never Delete), and the log records it", async () => {
    const boss = await adminSession();
    const author = await signUpByApi(j.server, newAccount("poster"));
    const postId = await createPostByApi(j.server, author, "Guaranteed 100x, DM me your seed phrase");
    // The author's menu has Edit and Delete; an admin on someone else's post gets Report and Remove post alone.
    const page = await j.open({ as: boss, theme: "light", viewport: "mobile" });
    await page.goto(`/posts/${postId}`);
    await page.getByText("Guaranteed 100x").waitFor();
    // The menu is its own chunk: until it arrives the button is a placeholder without a menu.
    await page.locator('button[aria-label="Post options"][aria-haspopup="menu"]').click();
    await page.getByRole("menuitem", { name: "Remove post" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Edit" }).count()).toBe(0);
    expect(await page.getByRole("menuitem", { name: "Delete" }).count()).toBe(0);
    await shot(page, "admin-post-menu-light-390", { fullPage: false });
    await page.getByRole("menuitem", { name: "Remove post" }).click();
    const remove = page.getByRole("dialog", { name: "Remove this post?" });
    await remove.getByLabel("Reason").fill("Asks for seed phrases");
    await remove.getByRole("button", { name: "Remove Post" }).click();
    await toast(page, "Post removed").waitFor();
    expect((await fetch(`${j.server.url}/api/posts/${postId}`)).status).toBe(404);
    await page.goto("/admin/audit?action=moderation.remove");
    await page
      .getByRole("list", { name: "Admin actions" })
      .getByRole("listitem")
      .filter({ hasText: "Asks for seed phrases" })
      .waitFor();
    // A member's menu on someone else's post has Report this post alone (moderation.test reports with it).
    const other = await signUpByApi(j.server, newAccount("reader"));
    const second = await createPostByApi(j.server, author, "Another post");
    const reader = await j.open({ as: other });
    await reader.goto(`/posts/${second}`);
    await reader.getByText("Another post").waitFor();
    await reader.locator('button[aria-label="Post options"][aria-haspopup="menu"]').click();
    await reader.getByRole("menuitem", { name: "Report this post" }).waitFor();
    expect(await reader.getByRole("menuitem", { name: "Delete" }).count()).toBe(0);
  });
});
