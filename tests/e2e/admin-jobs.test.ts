import { describe, expect, it } from "vitest";
import { newAccount, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
const j = useJourney({ ADMIN_EMAILS: ADMIN.email });

describe("the admin's background jobs", () => {
  it("lists failed and pending jobs in their own section, and keeps members out", async () => {
    const admin = await signUpByApi(j.server, ADMIN);
    for (const [viewport, theme] of [
      ["desktop", "dark"],
      ["mobile", "light"],
    ] as const) {
      const page = await j.open({ as: admin, viewport, theme });
      await page.goto("/admin/jobs");
      await page.getByRole("heading", { level: 2, name: "Background jobs" }).waitFor();
      expect(
        await page
          .getByRole("navigation", { name: "Admin sections" })
          .getByRole("link", { name: "Jobs" })
          .getAttribute("aria-current"),
      ).toBe("page");
      await page.getByText("No job has failed in the last two weeks.").waitFor();
      await shot(page, `admin-jobs-failed-empty-${theme}-${viewport === "desktop" ? 1280 : 390}`);
      await page.getByRole("tab", { name: "Pending" }).click();
      await page.getByText("Nothing is waiting or running.").waitFor();
      await shot(page, `admin-jobs-pending-empty-${theme}-${viewport === "desktop" ? 1280 : 390}`);
    }

    const member = await signUpByApi(j.server, newAccount("member"));
    const page = await j.open({ as: member });
    await page.goto("/admin/jobs");
    await page.getByText(/admin/i).first().waitFor();
    expect(await page.getByRole("heading", { level: 2, name: "Background jobs" }).count()).toBe(0);
  });
});
