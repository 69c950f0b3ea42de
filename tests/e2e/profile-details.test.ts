import { describe, expect, it } from "vitest";
import { newAccount, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { useJourney } from "./support/journey.ts";

const j = useJourney();

describe("a richer profile", () => {
  it("is edited in one form with one save, checked field by field, and shown on the public profile and posts", async () => {
    const member = await signUpByApi(j.server, newAccount("details"));
    const page = await j.open({ as: member, viewport: "desktop", theme: "light" });
    await page.goto("/user/profile");
    const form = page.getByRole("form", { name: "Profile details" });
    await form.getByLabel("Display name").fill("Ada <script>");
    await form.getByLabel("Website").fill("http://ada.example.com");
    await form.getByLabel("X handle").fill("no-dashes-allowed");
    await form.getByRole("button", { name: "Save changes" }).click();
    await form.getByText("Display name cannot contain < > { }").waitFor();
    await form.getByText("Website must be a full https:// link, like https://example.com").waitFor();
    await form.getByText("X handle must be 1 to 15 letters, numbers or underscores").waitFor();
    await shot(page, "profile-edit-errors-light-1280");

    await form.getByLabel("Display name").fill("Ada Lovelace");
    await form.getByLabel("Bio").fill("Counting engines, spotting rugs.");
    await form.getByLabel("Website").fill("https://ada.example.com");
    await form.getByLabel("X handle").fill("@ada_l");
    await form.getByLabel("Telegram").fill("ada_lovelace");
    await form.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Profile updated").first().waitFor();
    await shot(page, "profile-edit-saved-light-1280");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menu").getByText("Ada Lovelace").waitFor();
    await page.keyboard.press("Escape");

    // A post shows the display name beside the username.
    const post = await fetch(`${j.server.url}/api/posts`, {
      method: "POST",
      headers: { cookie: member.cookie, origin: j.server.url },
      body: (() => {
        const f = new FormData();
        f.set("content", "gm from a profile with a name");
        return f;
      })(),
    });
    expect(post.status).toBe(201);

    for (const [viewport, theme, width] of [
      ["desktop", "light", 1280],
      ["mobile", "dark", 390],
      ["desktop", "dark", 1280],
      ["mobile", "light", 390],
    ] as const) {
      const visitor = await j.open({ viewport, theme });
      await visitor.goto(`/user/${member.username}`);
      await visitor.getByRole("heading", { level: 1, name: "Ada Lovelace" }).waitFor();
      await visitor.getByText(`@${member.username}`).first().waitFor();
      await visitor.getByText("Counting engines, spotting rugs.").waitFor();
      const links = visitor.getByRole("list", { name: "Links" });
      expect(await links.getByRole("link", { name: "ada.example.com" }).getAttribute("href")).toBe(
        "https://ada.example.com",
      );
      expect(await links.getByRole("link", { name: /ada_l on X/ }).getAttribute("href")).toBe(
        "https://x.com/ada_l",
      );
      expect(await links.getByRole("link", { name: /ada_lovelace on Telegram/ }).getAttribute("href")).toBe(
        "https://t.me/ada_lovelace",
      );
      await visitor.getByText(/Rank #\d+/).waitFor();
      await visitor.getByText(/Joined/).waitFor();
      await visitor.getByRole("article").first().getByText("Ada Lovelace").waitFor();
      const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(visitor, `profile-details-${theme}-${width}`);
    }
  });
});
