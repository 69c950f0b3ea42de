import { describe, expect, it } from "vitest";
import { newAccount, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

const j = useJourney();

describe("the header at 390 px", () => {
  it("shows a member's avatar, and the drawer holds the account's links down to Sign Out, scrolling on a short screen", async () => {
    const member = await signUpByApi(j.server, newAccount("mobilehead"));
    for (const theme of ["dark", "light"] as const) {
      const page = await j.open({ as: member, viewport: "mobile", theme });
      await page.goto("/leaderboard");
      const avatar = page.getByRole("button", { name: "Account menu" });
      await avatar.waitFor();
      await avatar.click();
      const menu = page.getByRole("menu");
      await menu.getByRole("menuitem", { name: "Public Profile" }).waitFor();
      await shot(page, `mobile-header-account-menu-${theme}-390`, { fullPage: false });
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Open menu" }).click();
      const panel = page.getByRole("dialog", { name: "Navigation" });
      await panel.waitFor();
      for (const label of ["Public Profile", "Dashboard", "Leaderboard", "PlugFeed"]) {
        expect(await panel.getByRole("link", { name: label, exact: true }).count(), label).toBe(1);
      }
      // Sign Out can be scrolled to and sits wholly on the screen (the panel scrolls; nothing runs off the bottom).
      const signOut = panel.getByRole("button", { name: "Sign Out" });
      await signOut.scrollIntoViewIfNeeded();
      const box = await signOut.boundingBox();
      const height = page.viewportSize()?.height ?? 0;
      expect(box && box.y >= 0 && box.y + box.height <= height).toBe(true);
      await shot(page, `mobile-drawer-bottom-${theme}-390`, { fullPage: false });
    }

    // A short screen: the panel scrolls.
    const short = await j.open({ as: member, viewport: "mobile", theme: "dark" });
    await short.setViewportSize({ width: 390, height: 520 });
    await short.goto("/");
    await short.getByRole("button", { name: "Open menu" }).click();
    const panel = short.getByRole("dialog", { name: "Navigation" });
    await panel.waitFor();
    const scrolls = await panel.evaluate((el) => {
      const area = Array.from(el.querySelectorAll("div")).find(
        (d) => getComputedStyle(d).overflowY === "auto",
      );
      return area ? area.scrollHeight > area.clientHeight : false;
    });
    expect(scrolls).toBe(true);
    await panel.getByRole("link", { name: "Public Profile" }).scrollIntoViewIfNeeded();
    await panel.getByRole("link", { name: "Public Profile" }).click();
    await short.waitForURL(`**/user/${member.username}`);
    await shot(short, "mobile-drawer-short-screen-dark-390", { fullPage: false });
  });

  it("shows Sign In to a visitor, which opens the sign-in form", async () => {
    const page = await j.open({ viewport: "mobile", theme: "light" });
    await page.goto("/plugfeed");
    const signIn = page.getByRole("banner").getByRole("button", { name: "Sign In" });
    await signIn.click();
    await page.getByRole("dialog").getByLabel("Email").waitFor();
    await shot(page, "mobile-header-visitor-light-390", { fullPage: false });
    const desktop = await j.open({ viewport: "desktop", theme: "dark" });
    await desktop.goto("/plugfeed");
    await desktop.getByRole("banner").getByRole("button", { name: "Sign Up" }).waitFor();
    expect(await desktop.getByRole("banner").getByRole("button", { name: "Sign In" }).count()).toBe(1);
  });
});
