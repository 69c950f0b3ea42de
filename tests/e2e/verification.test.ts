import { describe, expect, it } from "vitest";
import { newAccount, outbox, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { expectNoHorizontalOverflow, toast, useJourney } from "./support/journey.ts";

const j = useJourney();

describe("e-mail verification", () => {
  it("shows a banner until verified, resends the link once a minute, and confirms the link where it lands", async () => {
    const member = await signUpByApi(j.server, newAccount("verify"), { verified: false });
    const first = outbox(j.server, member.email).length;

    for (const [viewport, theme, width] of [
      ["mobile", "dark", 390],
      ["desktop", "light", 1280],
    ] as const) {
      const page = await j.open({ as: member, viewport, theme });
      await page.goto("/leaderboard");
      const banner = page.getByRole("region", { name: "E-mail verification" });
      await banner.getByText("Please verify your e-mail address.").waitFor();
      await expectNoHorizontalOverflow(page);
      await shot(page, `verify-banner-${theme}-${width}`, { fullPage: false });
    }

    const page = await j.open({ as: member, viewport: "desktop", theme: "dark" });
    await page.goto("/leaderboard?window=week");
    const banner = page.getByRole("region", { name: "E-mail verification" });
    await banner.getByRole("button", { name: "Resend verification e-mail" }).click();
    await toast(page, "Verification e-mail sent. Check your inbox.").waitFor();
    expect(outbox(j.server, member.email).length).toBe(first + 1);
    await banner.getByRole("button", { name: "Resend verification e-mail" }).click();
    await toast(page, /You can ask for another e-mail in (\d+ seconds|1 minute)\./).waitFor();
    expect(outbox(j.server, member.email).length).toBe(first + 1);
    await shot(page, "verify-resend-too-soon-dark-1280", { fullPage: false });

    // The dashboard offers the same button beside "Not verified yet".
    await page.goto("/dashboard/profile");
    await page.getByText("Not verified yet: check your inbox for the link.").waitFor();
    expect(await page.getByRole("button", { name: "Resend verification e-mail" }).count()).toBe(2);

    // The link lands on the page it was asked from, says it worked, and the banner goes.
    const link = outbox(j.server, member.email).at(-1)?.links[0] ?? "";
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/leaderboard?window=week");
    await page.goto(link);
    await toast(page, "Your e-mail is verified. Thank you!").waitFor();
    await page.waitForURL((url) => url.pathname === "/leaderboard" && !url.searchParams.has("verified"));
    expect(new URL(page.url()).searchParams.get("window")).toBe("week");
    await page.getByRole("region", { name: "E-mail verification" }).waitFor({ state: "detached" });
    await shot(page, "verify-confirmed-dark-1280", { fullPage: false });

    // A used or broken link says so.
    const mobile = await j.open({ as: member, viewport: "mobile", theme: "light" });
    await mobile.goto(`/api/auth/verify-email?token=broken&callbackURL=${encodeURIComponent("/plugfeed")}`);
    await toast(
      mobile,
      "That verification link is invalid or has expired. You can ask for a new one.",
    ).waitFor();
    await mobile.waitForURL((url) => url.pathname === "/plugfeed" && !url.searchParams.has("error"));
    await shot(mobile, "verify-link-failed-light-390", { fullPage: false });
  });
});
