import { M } from "@plugs/domain";
import { describe, expect, it } from "vitest";
import { followVerificationLink, newAccount, postJson, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { toast, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
// Twenty-odd sign-ups from one address: the per-address sign-up limit is off here.
const j = useJourney({ ADMIN_EMAILS: ADMIN.email, SIGNUP_IP_LIMIT: "0" });

describe("points, referrals and the leaderboard", () => {
  it("pays the referrer, shows an airdrop in the recipient's ledger and ranks them", async () => {
    const referrer = await signUpByApi(j.server, newAccount("alice"));

    // B signs up in the browser through A's referral link.
    const invited = newAccount("bob");
    const signup = await j.open({ viewport: "mobile" });
    await signup.goto(`/signup?ref=${referrer.username}`);
    expect(await signup.getByLabel(/Referral code/).inputValue()).toBe(referrer.username);
    await signup.getByLabel("Username").fill(invited.username);
    await signup.getByLabel("Email").fill(invited.email);
    await signup.getByLabel("Password", { exact: true }).fill(invited.password);
    await signup.getByRole("checkbox").click();
    await signup.getByRole("button", { name: "Create Account" }).click();
    await toast(signup, `You were referred by ${referrer.username}.`).waitFor();
    await followVerificationLink(signup, j.server, invited.email);
    await signup.waitForURL(`${j.server.url}/`);

    // A's Referrals page: one referral, the referral's 200 points, B listed, and the link to share.
    const alice = await j.open({ as: referrer, viewport: "desktop" });
    await alice.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: j.server.url });
    await alice.goto("/dashboard/referrals");
    await alice.getByRole("heading", { level: 2, name: "Referrals" }).waitFor();
    await alice.getByTestId("total-referrals").filter({ hasText: /^1$/ }).waitFor();
    expect(await alice.getByTestId("referral-points").textContent()).toBe("200");
    await alice.getByRole("list", { name: "Referred users" }).getByText(`@${invited.username}`).waitFor();
    const link = `${j.server.url}/signup?ref=${referrer.username}`;
    expect(await alice.getByLabel("Your referral link").inputValue()).toBe(link);
    await alice.getByRole("button", { name: "Copy link" }).click();
    await toast(alice, "Referral link copied!").waitFor();
    expect(await alice.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot(alice, "dashboard-referrals-one-dark-1280");

    // The admin airdrops to B through the API; a non-admin cannot.
    const admin = await signUpByApi(j.server, ADMIN);
    const airdrop = { username: invited.username, points: 500, reason: "Community contest winner" };
    expect((await postJson(j.server, "/api/admin/airdrops", airdrop, referrer.cookie)).status).toBe(403);
    const sent = await postJson(j.server, "/api/admin/airdrops", airdrop, admin.cookie);
    expect(sent.status).toBe(201);

    // B's Points page: balance 600 (100 for the account, 500 airdropped), the airdrop line on top.
    const bob = signup;
    await bob.goto("/dashboard/points");
    await bob.getByTestId("points-balance").filter({ hasText: "600" }).waitFor();
    const history = bob.getByRole("list", { name: "Points history" });
    const first = history.getByRole("listitem").first();
    expect(await first.textContent()).toContain("Admin Airdrop");
    expect(await first.textContent()).toContain("Airdrop: Community contest winner");
    expect(await first.textContent()).toContain("+500");
    expect(await first.locator("time").textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4} • \d{1,2}:\d{2} [AP]M$/,
    );
    expect(await history.getByRole("listitem").last().textContent()).toContain("Account Creation");
    await shot(bob, "dashboard-points-airdrop-dark-390");

    // The leaderboard ranks B (600) and A (300), not the admin (staff are not ranked); A sees their own rank.
    await alice.goto("/leaderboard");
    const ranking = alice.getByRole("region", { name: "This week ranking" }).getByRole("listitem");
    await ranking.first().waitFor();
    // Each row reads: rank, the avatar's initials, @username, points.
    expect(await ranking.allTextContents()).toEqual([
      `1BO@${invited.username}600 pts`,
      `2AL@${referrer.username}300 pts`,
    ]);
    const mine = alice.getByRole("region", { name: "Your rank" });
    expect(await mine.textContent()).toContain("#2");
    const adminView = await j.open({ as: admin, viewport: "desktop" });
    await adminView.goto("/leaderboard");
    await adminView.getByRole("region", { name: "Your rank" }).getByText("Staff are not ranked").waitFor();
    expect(await adminView.getByRole("region", { name: "Your rank" }).textContent()).toContain("100");
    await shot(adminView, "leaderboard-staff-dark-1280", { fullPage: false });
    await alice.getByRole("link", { name: `@${invited.username}` }).waitFor();
    expect(await alice.getByRole("link", { name: `@${invited.username}` }).getAttribute("href")).toBe(
      `/user/${invited.username}`,
    );
    await alice.getByRole("tab", { name: "All time" }).click();
    await alice.waitForURL(/period=all/);
    await alice
      .getByRole("region", { name: "All time ranking" })
      .getByText(`@${referrer.username}`)
      .waitFor();
  });

  it("shows the leaderboard and the dashboard sections at both widths in both themes", async () => {
    const member = await signUpByApi(j.server, newAccount("carol"));
    for (const theme of ["dark", "light"] as const) {
      for (const viewport of ["mobile", "desktop"] as const) {
        const width = viewport === "mobile" ? 390 : 1280;
        const page = await j.open({ as: member, viewport, theme });
        await page.goto("/leaderboard");
        await page.getByRole("region", { name: "Your rank" }).waitFor();
        await shot(page, `leaderboard-${theme}-${width}`);
        await page.goto("/dashboard/points");
        await page.getByRole("list", { name: "Points history" }).waitFor();
        await shot(page, `dashboard-points-${theme}-${width}`);
        await page.goto("/dashboard/referrals");
        await page.getByText("No referrals yet. Share your link to invite friends.").waitFor();
        await shot(page, `dashboard-referrals-${theme}-${width}`);
      }
    }
  });

  it("pages the leaderboard: Next, a reload on page 2, Previous, and a page link that no longer reads", async () => {
    for (let i = 0; i < 21; i++) await signUpByApi(j.server, newAccount(`pager${i}`));
    const page = await j.open({ viewport: "mobile", theme: "light" });
    await page.goto("/leaderboard?period=all");
    const rows = page.getByRole("region", { name: "All time ranking" }).getByRole("listitem");
    const pager = page.getByRole("navigation", { name: "Leaderboard pages" });
    await pager.getByText(/^Page 1 of \d+$/).waitFor();
    const firstPage = await rows.allTextContents();
    expect(firstPage).toHaveLength(20);

    await pager.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/cursor=/);
    await pager.getByText(/^Page 2 of \d+$/).waitFor();
    const secondPage = await rows.allTextContents();
    // Places go on from the first page's: page 2 starts at 21.
    expect(secondPage[0]).toMatch(/^21\D/);
    expect(secondPage.some((row) => firstPage.includes(row))).toBe(false);

    // The page is its URL: a reload shows the same page.
    await page.reload();
    await pager.getByText(/^Page 2 of \d+$/).waitFor();
    expect(await rows.allTextContents()).toEqual(secondPage);
    await shot(page, "leaderboard-page-2-light-390");

    await pager.getByRole("button", { name: "Previous" }).click();
    await pager.getByText(/^Page 1 of \d+$/).waitFor();
    expect(new URL(page.url()).searchParams.get("cursor")).toBeNull();
    expect(await rows.allTextContents()).toEqual(firstPage);

    // A page link that no longer reads says so and offers the first page.
    await page.goto("/leaderboard?period=all&cursor=broken");
    await page.getByRole("alert").filter({ hasText: M.points.leaderboardCursorInvalid }).waitFor();
    await shot(page, "leaderboard-stale-link-light-390");
    await page.getByRole("button", { name: "First page" }).click();
    await pager.getByText(/^Page 1 of \d+$/).waitFor();
    expect(await rows.allTextContents()).toEqual(firstPage);
  });

  it("says when the leaderboard or the referral data cannot load, and retries", async () => {
    const member = await signUpByApi(j.server, newAccount("dave"));
    const page = await j.open({ as: member, viewport: "mobile" });
    let failing = true;
    await page.route("**/api/leaderboard?*", (route) =>
      failing
        ? route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } })
        : route.fallback(),
    );
    await page.goto("/leaderboard?period=month");
    await page
      .getByRole("alert")
      .filter({ hasText: "Failed to load the leaderboard" })
      .waitFor({ timeout: 15_000 });
    failing = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("region", { name: "This month ranking" }).getByText(`@${member.username}`).waitFor();

    await page.route("**/api/referrals/me", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } }),
    );
    await page.goto("/dashboard/referrals");
    await page.getByText("Failed to load referral data").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("total-referrals").textContent()).toBe("0");
    expect(await page.getByTestId("referral-points").textContent()).toBe("0");
  });
});
