import type { TKolCard, TKolDetail } from "@plugs/domain";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi, type TSignedUp } from "./support/accounts.ts";
import { shot, type TTheme, type TViewport } from "./support/browser.ts";
import { heading, toast, useJourney } from "./support/journey.ts";

const adminAccount = newAccount("admin");
// One member files a page and more of reports for the review queue's pages.
const j = useJourney({ ADMIN_EMAILS: adminAccount.email, MEMBER_LIMITS: "report=100/1000" });
let admin: TSignedUp;

beforeAll(async () => {
  admin = await signUpByApi(j.server, adminAccount);
});

async function addKol(handle: string, name: string, bio: string): Promise<TKolCard> {
  const res = await postJson(j.server, "/api/admin/kols", { handle, name, bio }, admin.cookie);
  if (res.status !== 201) throw new Error(`adding a KOL failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as TKolCard;
}

async function kolDetail(handle: string): Promise<TKolDetail> {
  return (await (await fetch(`${j.server.url}/api/kols/${handle}`)).json()) as TKolDetail;
}

describe("KOL journeys", () => {
  it("lets a visitor browse, a member report and vote, and an admin approve the report", async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const target = await addKol(`shill${tag}`, "Shill Master", "Calls every top. Sells every bottom.");
    await addKol(`honest${tag}`, "Honest Charts", "Posts entries and exits, wins and losses.");

    // A visitor browses the lists and a KOL page.
    const visitor = await j.open();
    await visitor.goto("/kols");
    await visitor.locator('a[href^="/kol/"]').first().waitFor();
    // The database may hold other journeys' KOLs: search to find this one.
    await visitor.goto(`/kols?q=${target.handle}`);
    await visitor
      .getByRole("link", { name: /Shill Master/ })
      .first()
      .waitFor();
    await visitor.goto("/plugs");
    await heading(visitor, /Plugs/).waitFor();
    await visitor.goto("/rugs");
    await heading(visitor, /Rugs/).waitFor();
    await visitor.goto(`/kol/${target.handle}`);
    await heading(visitor, /Shill Master/).waitFor();
    await visitor.getByRole("heading", { name: "Approved reports (0)" }).waitFor();

    // A member votes rug and files a report with a screenshot.
    const member = await signUpByApi(j.server, newAccount("member"));
    const page = await j.open({ as: member });
    await page.goto(`/kol/${target.handle}`);
    const rug = page.getByRole("button", { name: "Rug", exact: true });
    // The button shows the vote at once; wait for the server's answer before reading the tallies.
    await Promise.all([
      page.waitForResponse((res) => res.url().endsWith(`/api/kols/${target.handle}/votes`) && res.ok()),
      rug.click(),
    ]);
    await page.locator('button[aria-pressed="true"]', { hasText: "Rug" }).waitFor();
    expect((await kolDetail(target.handle)).kol.rugVotes).toBe(1);

    await page.goto("/report");
    await page.getByLabel("KOL handle").fill(target.handle);
    await page.getByLabel("Category").selectOption("rug_pull");
    await page
      .getByLabel("What happened?")
      .fill("Shilled a token to 200k followers, then sold everything within the hour of the call.");
    const png = await sharp({
      create: { width: 640, height: 360, channels: 3, background: { r: 200, g: 40, b: 60 } },
    })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Submit report" }).click();
    await page.getByRole("heading", { name: "Report submitted" }).waitFor();
    const before = await kolDetail(target.handle);
    expect(before.reports).toHaveLength(0);

    // The admin approves it in the dashboard; the KOL's page, score and lists follow.
    const desk = await j.open({ as: admin });
    await desk.goto("/admin/reports");
    await desk.getByRole("heading", { name: "KOL reports" }).waitFor();
    await shot(desk, "kols-admin-reports-desktop-dark");
    await desk.getByRole("button", { name: "Approve" }).first().click();
    await desk.getByText("No reports are waiting for review.").waitFor();
    // Confirmed although the approved report's row has left the queue.
    await toast(desk, "Report approved").waitFor();

    const after = await kolDetail(target.handle);
    expect(after.reports).toHaveLength(1);
    expect(after.kol.score).not.toBe(before.kol.score);
    await page.goto(`/kol/${target.handle}`);
    await page.getByRole("heading", { name: "Approved reports (1)" }).waitFor();
    await page.goto(`/rugs?q=${target.handle}`);
    await page
      .getByRole("link", { name: /Shill Master/ })
      .first()
      .waitFor();

    // The member posts on PlugFeed; a visitor's home page shows the post and the member on the leaderboard.
    const form = new FormData();
    form.set("content", `Steer clear of @${target.handle}, the evidence is on the KOL page.`);
    const posted = await fetch(`${j.server.url}/api/posts`, {
      method: "POST",
      headers: { cookie: member.cookie, origin: j.server.url },
      body: form,
    });
    expect(posted.status).toBe(201);
    const home = await j.open();
    await home.goto("/");
    const recent = home.getByRole("region", { name: "Recent on PlugFeed" });
    await recent.getByRole("link", { name: new RegExp(`Steer clear of @${target.handle}`) }).waitFor();
    const leaders = home.getByRole("region", { name: "Leaderboard" });
    await leaders.getByRole("link", { name: new RegExp(`@${member.username}`) }).waitFor();
    await leaders.getByRole("link", { name: "Full leaderboard" }).click();
    await home.waitForURL("**/leaderboard");
  });

  it("pages the admin's review queue: Next, Previous, and an approval that skips and repeats no report", async () => {
    const reporter = await signUpByApi(j.server, newAccount("reporter"));
    const tag = Math.random().toString(36).slice(2, 7);
    for (let n = 0; n < 22; n += 1) {
      const filed = await postJson(
        j.server,
        "/api/reports",
        {
          kolHandle: `queue${tag}${n}`,
          category: "rug_pull",
          description: `Report ${n} for the queue: sold the call within the hour, every time.`,
        },
        reporter.cookie,
      );
      expect(filed.status).toBe(201);
    }
    const desk = await j.open({ as: admin, viewport: "mobile", theme: "light" });
    await desk.goto("/admin/reports");
    const pager = desk.getByRole("navigation", { name: "Report pages" });
    await pager.getByText(/^Page 1 of 2$/).waitFor();
    const cards = desk.locator("section[aria-labelledby=admin-reports-heading] ul > li");
    const firstPage = await cards.allTextContents();
    expect(firstPage).toHaveLength(20);

    await pager.getByRole("button", { name: "Next" }).click();
    await pager.getByText(/^Page 2 of 2$/).waitFor();
    const secondPage = await cards.allTextContents();
    expect(secondPage.length).toBeGreaterThanOrEqual(2);
    expect(secondPage.some((card) => firstPage.includes(card))).toBe(false);
    await shot(desk, "admin-reports-page-2-light-390");

    await pager.getByRole("button", { name: "Previous" }).click();
    await pager.getByText(/^Page 1 of 2$/).waitFor();
    expect(await cards.allTextContents()).toEqual(firstPage);
    // Approving the oldest takes it off the queue: page 1 fills up from page 2, and Next shows the rest, with no
    // report skipped or shown twice.
    await desk.getByRole("button", { name: "Approve" }).first().click();
    await toast(desk, "Report approved").waitFor();
    await expect.poll(() => cards.allTextContents()).toEqual([...firstPage.slice(1), secondPage[0]]);
    await pager.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => cards.allTextContents()).toEqual(secondPage.slice(1));
  });

  it("pages the directory by Next and Previous, keeps a page in its address, and turns a stale link into page 1", async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    // Fourteen KOLs named in order: page 1 holds twelve, page 2 the last two.
    const names = Array.from({ length: 14 }, (_, n) => `Pager ${String(n + 1).padStart(2, "0")}`);
    for (const [n, name] of names.entries()) await addKol(`pg${tag}${n}`, name, "Here to be paged.");
    const page = await j.open({ viewport: "mobile", theme: "light" });
    await page.goto(`/kols?q=pg${tag}&sort=name`);
    const pager = page.getByRole("navigation", { name: "All KOLs pages" });
    await pager.getByText(/^Page 1 of 2$/).waitFor();
    await page.getByText("14 KOLs", { exact: true }).waitFor();
    const cards = page.getByRole("region", { name: "All KOLs" }).getByRole("heading", { level: 2 });
    await expect.poll(() => cards.allTextContents()).toEqual(names.slice(0, 12));

    await pager.getByRole("button", { name: "Next" }).click();
    await pager.getByText(/^Page 2 of 2$/).waitFor();
    await expect.poll(() => cards.allTextContents()).toEqual(names.slice(12));
    expect(new URL(page.url()).searchParams.get("cursor")).toBeTruthy();
    await shot(page, "kols-directory-page-2-light-390");
    // The same page's address, opened afresh in the dark theme.
    const dark = await j.open({ viewport: "mobile", theme: "dark" });
    await dark.goto(page.url());
    await dark
      .getByRole("navigation", { name: "All KOLs pages" })
      .getByText(/^Page 2 of 2$/)
      .waitFor();
    await shot(dark, "kols-directory-page-2-dark-390");
    // The address holds the page: a reload (rendered by the server) shows page 2 again.
    await page.reload();
    await pager.getByText(/^Page 2 of 2$/).waitFor();
    await expect.poll(() => cards.allTextContents()).toEqual(names.slice(12));

    await pager.getByRole("button", { name: "Previous" }).click();
    await pager.getByText(/^Page 1 of 2$/).waitFor();
    await expect.poll(() => cards.allTextContents()).toEqual(names.slice(0, 12));
    expect(new URL(page.url()).searchParams.has("cursor")).toBe(false);

    // A page link that no longer reads says so and offers page 1.
    await page.goto(`/kols?q=pg${tag}&sort=name&cursor=stale`);
    await page.getByText("That page of KOLs is out of date: start again from the first page").waitFor();
    await shot(page, "kols-directory-stale-page-light-390");
    await dark.goto(`/kols?q=pg${tag}&sort=name&cursor=stale`);
    await dark.getByText("That page of KOLs is out of date: start again from the first page").waitFor();
    await shot(dark, "kols-directory-stale-page-dark-390");
    await page.getByRole("button", { name: "First page" }).click();
    await pager.getByText(/^Page 1 of 2$/).waitFor();
  });

  it("looks right on phones and laptops in both themes", async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const kol = await addKol(`look${tag}`, "Looker Upper", "Screenshots are worth a thousand words.");
    for (const viewport of ["mobile", "desktop"] as TViewport[]) {
      for (const theme of ["dark", "light"] as TTheme[]) {
        const page = await j.open({ viewport, theme });
        await page.goto("/");
        await heading(page, /Know who's a plug/).waitFor();
        await page.getByRole("region", { name: "Top KOLs" }).locator('a[href^="/kol/"]').first().waitFor();
        await shot(page, `kols-home-${viewport}-${theme}`);
        await page.goto("/kols");
        await page.locator('a[href^="/kol/"]').first().waitFor();
        await shot(page, `kols-list-${viewport}-${theme}`);
        await page.goto(`/kol/${kol.handle}`);
        await heading(page, /Looker Upper/).waitFor();
        // Nobody voted: the page says so instead of a score.
        await page.getByText("Unrated: no score yet", { exact: true }).waitFor();
        await shot(page, `kols-page-${viewport}-${theme}`);
      }
    }
  });
});
