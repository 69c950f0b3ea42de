import { describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { expectNoHorizontalOverflow, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
const j = useJourney({ ADMIN_EMAILS: ADMIN.email });

const LOOKS = [
  ["dark", "desktop"],
  ["light", "mobile"],
  ["light", "desktop"],
  ["dark", "mobile"],
] as const;
const width = (viewport: "desktop" | "mobile") => (viewport === "desktop" ? 1280 : 390);

describe("the admin console", () => {
  it("the audit log lists each admin action with its details, filtered by action", async () => {
    const admin = await signUpByApi(j.server, ADMIN);
    const member = await signUpByApi(j.server, newAccount("member"));
    // Two admin actions through the API: an airdrop and a ban.
    const airdrop = await postJson(
      j.server,
      "/api/admin/airdrops",
      { username: member.username, points: 40, reason: "Welcome bonus" },
      admin.cookie,
    );
    expect(airdrop.status).toBe(201);
    const ban = await postJson(j.server, `/api/admin/users/${member.id}/ban`, {}, admin.cookie);
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
      expect(await rows.count()).toBe(1);
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
});
