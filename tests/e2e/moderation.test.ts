import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createPostByApi, newAccount, postJson, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { expectNoHorizontalOverflow, toast, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
const j = useJourney({ ADMIN_EMAILS: ADMIN.email });

const LOOKS = [
  ["dark", "desktop"],
  ["light", "mobile"],
  ["light", "desktop"],
  ["dark", "mobile"],
] as const;
const width = (viewport: "desktop" | "mobile") => (viewport === "desktop" ? 1280 : 390);
// The post's menu once its code has loaded (its stand-in while loading is a plain button that opens nothing).
const menuButton = (page: Page) => page.locator('button[aria-label="Post options"][aria-haspopup="menu"]');

describe("moderation", () => {
  it("a member reports a post, an admin removes it from the queue with a reason, the author is told, the admin restores it", async () => {
    const admin = await signUpByApi(j.server, ADMIN);
    const author = await signUpByApi(j.server, newAccount("author"));
    const reporter = await signUpByApi(j.server, newAccount("reporter"));
    const text = "Send 1 SOL to this address and get 10 back, guaranteed";
    const postId = await createPostByApi(j.server, author, text);

    // The member reports it from the post's menu.
    const m = await j.open({ as: reporter });
    await m.goto(`/posts/${postId}`);
    await m.getByText(text).waitFor();
    await menuButton(m).click();
    await m.getByRole("menuitem", { name: "Report this post" }).click();
    const dialog = m.getByRole("dialog", { name: "Report this post" });
    await dialog.getByRole("button", { name: "Report" }).click();
    await dialog.getByText("Choose a reason").waitFor();
    await dialog.getByLabel("Spam or excessive self-promotion").check();
    await dialog.getByLabel("Details (optional)").fill("A giveaway scam");
    await shot(m, "moderation-report-dark-1280", { fullPage: false });
    await dialog.getByRole("button", { name: "Report" }).click();
    await toast(m, "Thanks: an admin will look at it").waitFor();
    // The author sees no Report on their own post.
    const a = await j.open({ as: author });
    await a.goto(`/posts/${postId}`);
    await menuButton(a).click();
    await a.getByRole("menuitem", { name: "Edit" }).waitFor();
    expect(await a.getByRole("menuitem", { name: "Report this post" }).count()).toBe(0);
    await a.keyboard.press("Escape");

    // The admin sees it in the queue in every look, then removes it with a reason.
    for (const [theme, viewport] of LOOKS) {
      const page = await j.open({ as: admin, theme, viewport });
      await page.goto("/admin/moderation");
      const item = page.getByRole("article", { name: `Flagged post by ${author.username}` });
      await item.getByText(text).waitFor();
      await item.getByText("Spam or excessive self-promotion · 1").waitFor();
      await item.getByText("A giveaway scam").waitFor();
      await expectNoHorizontalOverflow(page);
      await shot(page, `moderation-queue-${theme}-${width(viewport)}`);
    }
    const page = await j.open({ as: admin });
    await page.goto("/admin/moderation");
    const item = page.getByRole("article", { name: `Flagged post by ${author.username}` });
    await item.getByRole("button", { name: "Remove" }).click();
    const remove = page.getByRole("dialog", { name: "Remove this post?" });
    await remove.getByRole("button", { name: "Remove Post" }).click();
    await remove.getByText("Please give a reason").waitFor();
    await remove.getByLabel("Reason").fill("Scam: asks members to send funds");
    await remove.getByRole("button", { name: "Remove Post" }).click();
    await toast(page, "Post removed").waitFor();
    await page.getByText("No flagged posts or comments.").waitFor();

    // Gone for everyone: the reporter's post page says so, and the feed no longer has it.
    await m.goto(`/posts/${postId}`);
    await m.getByText("Post not found").waitFor();
    await m.goto("/plugfeed");
    await m.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await m.getByText(text).count()).toBe(0);

    // The author is told why.
    await a.goto("/plugfeed");
    await a.getByRole("button", { name: "Notifications, 1 unread" }).click();
    const panel = a.getByRole("dialog", { name: "Notifications" });
    await panel.getByText("An admin removed your post: Scam: asks members to send funds").waitFor();
    await shot(a, "moderation-notice-dark-1280", { fullPage: false });

    // Removed tab: the admin restores it, and it is back.
    for (const [theme, viewport] of LOOKS) {
      const look = await j.open({ as: admin, theme, viewport });
      await look.goto("/admin/moderation");
      await look.getByRole("tab", { name: "Removed" }).click();
      await look.getByRole("article", { name: `Removed post by ${author.username}` }).waitFor();
      await look.getByText("Scam: asks members to send funds").waitFor();
      await expectNoHorizontalOverflow(look);
      await shot(look, `moderation-removed-${theme}-${width(viewport)}`);
    }
    await page.getByRole("tab", { name: "Removed" }).click();
    const removed = page.getByRole("article", { name: `Removed post by ${author.username}` });
    await removed.getByRole("button", { name: "Restore" }).click();
    await toast(page, "Post restored").waitFor();
    await m.goto(`/posts/${postId}`);
    await m.getByText(text).waitFor();

    // The audit log has both.
    const audit = await fetch(new URL("/api/admin/audit", j.server.url), {
      headers: { cookie: admin.cookie },
    });
    const actions = ((await audit.json()) as { items: { action: string }[] }).items.map((i) => i.action);
    expect(actions).toEqual(expect.arrayContaining(["moderation.remove", "moderation.restore"]));
  }, 300_000);

  it("an admin removes and restores a comment, manages and suspends someone else's community, removes it and restores it", async () => {
    const admin = await (async () => {
      const res = await postJson(j.server, "/api/auth/sign-in/email", {
        email: ADMIN.email,
        password: ADMIN.password,
      });
      const cookie = res.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      return { ...ADMIN, cookie };
    })();
    const author = await signUpByApi(j.server, newAccount("author"));
    const commenter = await signUpByApi(j.server, newAccount("commenter"));
    const postId = await createPostByApi(j.server, author, "A post with a bad comment");
    const form = new FormData();
    form.set("content", "You are all idiots");
    const res = await fetch(new URL(`/api/posts/${postId}/comments`, j.server.url), {
      method: "POST",
      headers: { cookie: commenter.cookie, origin: j.server.url },
      body: form,
    });
    expect(res.status).toBe(201);

    const page = await j.open({ as: admin });
    await page.goto(`/posts/${postId}`);
    await page.getByText("You are all idiots").waitFor();
    await page.getByRole("button", { name: `Remove comment by ${commenter.username}` }).click();
    const remove = page.getByRole("dialog", { name: "Remove this comment?" });
    await remove.getByLabel("Reason").fill("Personal attacks");
    await remove.getByRole("button", { name: "Remove Comment" }).click();
    await toast(page, "Comment removed").waitFor();
    await page.getByText("You are all idiots").waitFor({ state: "detached" });

    // A community made by a member: the admin manages it and suspends it.
    const community = new FormData();
    community.set("name", "Moon Callers");
    community.set("description", "Calls for the moon, every single day of the week.");
    community.set("rules", "Be kind. No spam. Disclose your bags when you shill.");
    for (const [field, w, h] of [
      ["avatar", 96, 96],
      ["banner", 600, 200],
    ] as const) {
      const bytes = await sharp({
        create: { width: w, height: h, channels: 3, background: { r: 30, g: 64, b: 175 } },
      })
        .png()
        .toBuffer();
      community.set(field, new File([bytes], `${field}.png`, { type: "image/png" }));
    }
    const created = await fetch(new URL("/api/communities", j.server.url), {
      method: "POST",
      headers: { cookie: author.cookie, origin: j.server.url },
      body: community,
    });
    expect(created.status).toBe(201);
    await page.goto("/communities/moon-callers/manage");
    await page.getByRole("heading", { level: 1, name: "Manage Moon Callers" }).waitFor();
    const suspension = page.getByRole("region", { name: "Suspension" });
    await suspension.getByLabel("Reason").fill("Pump and dump calls");
    await suspension.getByRole("button", { name: "Suspend Community" }).click();
    await toast(page, "Community suspended").waitFor();
    await suspension.getByRole("button", { name: "Lift Suspension" }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "moderation-community-suspended-dark-1280");
    await page.goto("/communities/moon-callers");
    await page.getByText("This community is suspended: it is read-only.").waitFor();

    // The admin removes it, with a reason: gone for everyone, restorable from Moderation > Removed.
    await page.goto("/communities/moon-callers/manage");
    const removal = page.getByRole("region", { name: "Removal" });
    await removal.getByRole("button", { name: "Remove Community" }).click();
    await removal.getByText("Please give a reason").waitFor();
    await removal.getByLabel("Reason for removal").fill("Coordinated pump and dump");
    await removal.getByRole("button", { name: "Remove Community" }).click();
    await toast(page, "Community removed").waitFor();
    await page.waitForURL(/\/admin\/moderation\?tab=removed$/);
    await page
      .getByRole("article", { name: "Removed community Moon Callers" })
      .getByText("Coordinated pump and dump")
      .waitFor();
    expect((await fetch(new URL("/communities/moon-callers", j.server.url))).status).toBe(404);
    const listed = (await (await fetch(new URL("/api/communities?search=Moon", j.server.url))).json()) as {
      items: unknown[];
    };
    expect(listed.items).toEqual([]);
    const creator = await j.open({ as: author, theme: "light", viewport: "mobile" });
    await creator.goto("/communities/moon-callers");
    await creator.getByText("Community not found").first().waitFor();
    await shot(creator, "moderation-community-removed-member-light-390", { fullPage: false });
    for (const [theme, viewport] of LOOKS) {
      const look = await j.open({ as: admin, theme, viewport });
      await look.goto("/admin/moderation?tab=removed");
      await look.getByRole("article", { name: "Removed community Moon Callers" }).waitFor();
      await expectNoHorizontalOverflow(look);
      await shot(look, `moderation-removed-community-${theme}-${width(viewport)}`);
    }
    await page
      .getByRole("article", { name: "Removed community Moon Callers" })
      .getByRole("button", { name: "Restore" })
      .click();
    await toast(page, "Community restored").waitFor();
    await page
      .getByRole("article", { name: "Removed community Moon Callers" })
      .waitFor({ state: "detached" });
    // The removed comment comes back too, from the same tab.
    await page
      .getByRole("article", { name: `Removed comment by ${commenter.username}` })
      .getByRole("button", { name: "Restore" })
      .click();
    await toast(page, "Comment restored").waitFor();
    const reader = await j.open({ as: author });
    await reader.goto(`/posts/${postId}`);
    await reader.getByText("You are all idiots").waitFor();
    expect((await fetch(new URL("/communities/moon-callers", j.server.url))).status).toBe(200);
    await page.goto("/admin/audit?action=community.remove");
    await page
      .getByRole("list", { name: "Admin actions" })
      .getByRole("listitem")
      .filter({ hasText: "Removed the community Moon Callers: Coordinated pump and dump" })
      .waitFor();
  }, 300_000);
});
