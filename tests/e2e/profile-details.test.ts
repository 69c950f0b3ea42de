import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { png } from "./support/images.ts";
import { useJourney } from "./support/journey.ts";

const adminAccount = newAccount("admin");
const j = useJourney({ ADMIN_EMAILS: adminAccount.email });

/** The stored picture's size, read from the bytes the server serves. */
async function sizeOf(url: string) {
  const bytes = Buffer.from(await (await fetch(`${j.server.url}${url}`)).arrayBuffer());
  const { width, height } = await sharp(bytes).metadata();
  return { width, height };
}

/** A KOL report by `member`, approved by the admin (through the API: the report journey is kols.test's). */
async function approvedReport(member: { cookie: string }, admin: { cookie: string }) {
  const handle = `rugdaddy${Date.now().toString(36).slice(-5)}`;
  expect(
    (await postJson(j.server, "/api/admin/kols", { handle, name: "Rug Daddy", bio: "" }, admin.cookie))
      .status,
  ).toBe(201);
  const form = new FormData();
  form.set("kolHandle", handle);
  form.set("category", "rug_pull");
  form.set("description", "Called the top of a token he had dumped the night before, to 80k followers.");
  const filed = await fetch(`${j.server.url}/api/reports`, {
    method: "POST",
    headers: { cookie: member.cookie, origin: j.server.url },
    body: form,
  });
  expect(filed.status).toBe(201);
  const { id } = (await filed.json()) as { id: string };
  const reviewed = await fetch(`${j.server.url}/api/admin/reports/${id}`, {
    method: "PATCH",
    headers: { cookie: admin.cookie, origin: j.server.url, "content-type": "application/json" },
    body: JSON.stringify({ status: "approved" }),
  });
  expect(reviewed.status).toBe(200);
}

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

    // Pictures: each is cropped before it is used, previewed, and sent only by Save.
    await form.getByLabel("Banner image").setInputFiles({
      name: "skyline.png",
      mimeType: "image/png",
      buffer: await png(900, 400, [40, 90, 200]),
    });
    const crop = page.getByRole("dialog", { name: "Crop your banner" });
    await crop.getByRole("slider").fill("1.5");
    await shot(page, "profile-crop-banner-light-1280");
    await crop.getByRole("slider").fill("1");
    await crop.getByRole("button", { name: "Apply" }).click();
    await crop.waitFor({ state: "detached" });
    await form.getByText("Preview (not saved yet)").waitFor();
    expect(await form.locator('section img[src^="blob:"]').count()).toBe(1);
    await form.getByLabel("Avatar image").setInputFiles({
      name: "face.png",
      mimeType: "image/png",
      buffer: await png(300, 200, [220, 120, 30]),
    });
    await page
      .getByRole("dialog", { name: "Crop your avatar" })
      .getByRole("button", { name: "Apply" })
      .click();
    await form.getByRole("button", { name: "Undo" }).nth(1).waitFor();
    // A file that is not a picture is refused before any crop.
    await form.getByLabel("Avatar image").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hi"),
    });
    await form.getByText("Please select an image file").waitFor();
    // A file that says it is a picture but is not one is caught in the crop step, before anything is sent.
    await form.getByLabel("Avatar image").setInputFiles({
      name: "broken.png",
      mimeType: "image/png",
      buffer: Buffer.from("not really a png"),
    });
    const broken = page.getByRole("dialog", { name: "Crop your avatar" });
    await broken.getByText("This picture could not be read. Try another file.").waitFor();
    expect(await broken.getByRole("button", { name: "Apply" }).isDisabled()).toBe(true);
    await broken.getByRole("button", { name: "Cancel" }).click();

    await form.getByLabel("Display name").fill("Ada Lovelace");
    await form.getByLabel("Bio").fill("Counting engines, spotting rugs.");
    await form.getByLabel("Website").fill("https://ada.example.com");
    await form.getByLabel("X handle").fill("@ada_l");
    await form.getByLabel("Telegram").fill("ada_lovelace");
    await shot(page, "profile-edit-preview-light-1280");
    await form.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Profile updated").first().waitFor();
    await form.getByText("Preview", { exact: true }).waitFor();
    await shot(page, "profile-edit-saved-light-1280");
    const me = (await (
      await fetch(`${j.server.url}/api/me`, { headers: { cookie: member.cookie } })
    ).json()) as {
      profile: { avatarUrl: string; bannerUrl: string; displayName: string };
    };
    expect(me.profile.displayName).toBe("Ada Lovelace");
    expect(me.profile.bannerUrl).toMatch(/^\/media\/banners\//);
    expect(me.profile.avatarUrl).toMatch(/^\/media\/avatars\//);
    // Cropped in the browser: the banner 3:1 from the middle of 900 x 400, the avatar square from 300 x 200.
    expect(await sizeOf(me.profile.bannerUrl)).toEqual({ width: 900, height: 300 });
    expect(await sizeOf(me.profile.avatarUrl)).toEqual({ width: 200, height: 200 });

    // A change can be taken back before saving.
    await form.getByLabel("Display name").fill("Someone Else");
    await form.getByRole("button", { name: "Discard changes" }).click();
    await expect.poll(() => form.getByLabel("Display name").inputValue()).toBe("Ada Lovelace");
    await form.getByRole("button", { name: "Discard changes" }).waitFor({ state: "detached" });

    const mobile = await j.open({ as: member, viewport: "mobile", theme: "dark" });
    await mobile.goto("/user/profile");
    await mobile.getByLabel("Banner image").setInputFiles({
      name: "wide.png",
      mimeType: "image/png",
      buffer: await png(1200, 500, [120, 40, 160]),
    });
    await mobile.getByRole("dialog", { name: "Crop your banner" }).waitFor();
    await shot(mobile, "profile-crop-banner-dark-390");
    await mobile.getByRole("button", { name: "Cancel" }).click();
    await shot(mobile, "profile-edit-dark-390", { fullPage: true });

    const admin = await signUpByApi(j.server, adminAccount);
    await approvedReport(member, admin);
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
      expect(await visitor.locator('main section img[src^="/media/banners/"]').count()).toBe(1);
      const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(visitor, `profile-details-${theme}-${width}`);
      await visitor.getByRole("tab", { name: "KOL reports" }).click();
      const reports = visitor.getByRole("list", { name: "KOL reports" });
      await reports.getByText("Rug Daddy").waitFor();
      await reports.getByText("Rug pull").waitFor();
      await shot(visitor, `profile-reports-${theme}-${width}`);
    }
    // Lists name people the same way: the leaderboard shows the display name beside the username.
    const board = await j.open({ viewport: "mobile", theme: "dark" });
    await board.goto("/leaderboard?period=all");
    const row = board.getByRole("listitem").filter({ hasText: `@${member.username}` });
    await row.getByText("Ada Lovelace").waitFor();
    await shot(board, "leaderboard-display-names-dark-390");
  });
});
