import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { padTo, samplePdf } from "../../apps/server/src/testing/sample-files.ts";
import { createPostByApi, newAccount, signUpByApi, type TSignedUp } from "./support/accounts.ts";
import { shot, type TTheme, type TViewport } from "./support/browser.ts";
import { expectNoHorizontalOverflow, toast, useJourney } from "./support/journey.ts";

const ADMIN_EMAIL = "comments.admin@example.test";
const j = useJourney({ ADMIN_EMAILS: ADMIN_EMAIL });
const { open } = j;

const commentsHeading = (page: Page, n: number) =>
  page.getByRole("heading", { level: 2, name: `Comments (${n})` });
const commentBy = (page: Page, username: string) =>
  page.getByRole("article", { name: `Comment by ${username}` });

const createPostApi = (user: TSignedUp, content: string) => createPostByApi(j.server, user, content);

describe("Comments on a post", () => {
  it("comment with a document, reply, like, react, un-react, duplicate reaction, delete; visitors are asked to sign in", async () => {
    const alice = await signUpByApi(j.server);
    const bob = await signUpByApi(j.server);
    const postId = await createPostApi(alice, "Which chain are you bridging to next?");

    // Bob: an empty comment is refused in the browser with the spec's message.
    const b = await open({ as: bob });
    await b.goto(`/posts/${postId}`);
    await commentsHeading(b, 0).waitFor();
    await b.getByText("No comments yet").waitFor();
    const form = b.getByRole("form", { name: "Add a comment" });
    await form.getByRole("button", { name: "Post Comment" }).click();
    await form.getByText("Please enter some content or attach media").waitFor();

    // A comment with a PDF and a mention of Alice, picked from the suggestions as in the post composer.
    const pdf = Buffer.from(padTo(samplePdf(), 20_480));
    const commentText = form.getByRole("combobox", { name: "Comment text" });
    await commentText.pressSequentially(`My notes for @${alice.username.slice(0, -1)}`);
    const suggestions = b.getByRole("listbox", { name: "Mention suggestions" });
    await suggestions.getByRole("option", { name: new RegExp(`@${alice.username}`) }).waitFor();
    await shot(b, "comment-mention-dark-1280", { fullPage: false });
    await commentText.press("Enter");
    await suggestions.waitFor({ state: "hidden" });
    await commentText.pressSequentially("attached");
    expect(await commentText.inputValue()).toBe(`My notes for @${alice.username} attached`);
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: "Bridge Notes.pdf", mimeType: "application/pdf", buffer: pdf });
    await form.getByText("Bridge Notes.pdf").waitFor();
    await form.getByRole("button", { name: "Post Comment" }).click();
    await toast(b, "Comment posted successfully").waitFor();
    await commentsHeading(b, 1).waitFor();
    const bobs = commentBy(b, bob.username);
    const download = bobs.getByRole("link", { name: /Bridge Notes\.pdf/ });
    await download.waitFor();
    expect(await download.getAttribute("download")).toBe("Bridge Notes.pdf");
    expect(await download.textContent()).toContain("20.0 KB");
    const fileRes = await fetch(`${j.server.url}${await download.getAttribute("href")}`);
    expect(fileRes.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(await bobs.getByRole("link", { name: `@${alice.username}` }).getAttribute("href")).toBe(
      `/user/${alice.username}`,
    );
    expect(await bobs.locator("time").textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4} • \d{1,2}:\d{2} [AP]M$/,
    );
    // The form is empty again.
    expect(await form.getByRole("combobox", { name: "Comment text" }).inputValue()).toBe("");

    // Alice replies; the reply box will not send blank text.
    const a = await open({ as: alice });
    await a.goto(`/posts/${postId}`);
    await commentBy(a, bob.username).getByRole("button", { name: "Reply" }).click();
    const replyBox = a.getByRole("form", { name: `Reply to ${bob.username}` });
    const send = replyBox.getByRole("button", { name: "Reply", exact: true });
    expect(await send.isDisabled()).toBe(true);
    await replyBox.getByRole("combobox", { name: "Reply text" }).fill("   ");
    expect(await send.isDisabled()).toBe(true);
    await replyBox.getByRole("combobox", { name: "Reply text" }).fill("Thanks, bridging to Base next");
    await send.click();
    await toast(a, "Comment posted successfully").waitFor();
    await commentsHeading(a, 2).waitFor();
    await a
      .getByRole("list", { name: `Replies to ${bob.username}` })
      .getByRole("article", { name: `Comment by ${alice.username}` })
      .waitFor();
    expect(await replyBox.count()).toBe(0);

    // Bob likes Alice's reply, and it stays liked after a reload.
    await b.reload();
    const reply = commentBy(b, alice.username);
    await reply.getByRole("button", { name: "Like comment, 0 likes" }).click();
    await reply.getByRole("button", { name: "Unlike comment, 1 like" }).waitFor();
    await b.waitForLoadState("networkidle");
    await b.reload();
    await commentBy(b, alice.username).getByRole("button", { name: "Unlike comment, 1 like" }).waitFor();

    // Two reactions from the palette; the chips show the counts and which are Bob's.
    const reactOn = async (label: string) => {
      await commentBy(b, alice.username).getByRole("button", { name: "Add reaction" }).click();
      const palette = b.getByRole("dialog", { name: "Reactions" });
      await palette.waitFor();
      expect(await palette.getByRole("button").count()).toBe(15);
      await palette.getByRole("button", { name: label, exact: true }).click();
    };
    await b.setViewportSize({ width: 390, height: 844 });
    await commentBy(b, alice.username).getByRole("button", { name: "Add reaction" }).click();
    await b.getByRole("dialog", { name: "Reactions" }).waitFor();
    await shot(b, "comments-palette-dark-390", { fullPage: false });
    await expectNoHorizontalOverflow(b);
    await b.keyboard.press("Escape");
    await b.setViewportSize({ width: 1280, height: 800 });
    await reactOn("Rocket");
    const rocket = commentBy(b, alice.username).getByRole("button", { name: /^Rocket reaction, 1, yours/ });
    await rocket.waitFor();
    expect(await rocket.getAttribute("class")).toContain("reaction-pop");
    expect(await rocket.getAttribute("aria-pressed")).toBe("true");
    await reactOn("Fire");
    await commentBy(b, alice.username)
      .getByRole("button", { name: /^Fire reaction, 1, yours/ })
      .waitFor();
    await b.waitForLoadState("networkidle");
    // From the top, so the sticky navigation bar sits where a person sees it in the full-page picture.
    await b.evaluate(() => window.scrollTo(0, 0));
    await shot(b, "comments-reacted-dark-1280");

    // Clicking his own chip takes the reaction back.
    await rocket.click();
    await commentBy(b, alice.username)
      .getByRole("button", { name: /^Rocket reaction/ })
      .waitFor({ state: "detached" });
    await b.waitForLoadState("networkidle");

    // Picking an emoji he already used: the server refuses it and the chip keeps its count.
    await reactOn("Fire");
    await toast(b, "Already reacted").waitFor();
    await toast(b, "You've already used this emoji reaction").waitFor();
    await commentBy(b, alice.username)
      .getByRole("button", { name: /^Fire reaction, 1, yours/ })
      .waitFor();
    const state = await fetch(`${j.server.url}/api/posts/${postId}/comments`, {
      headers: { cookie: bob.cookie },
    });
    const page = (await state.json()) as {
      items: { replies: { reactions: unknown; userReactions: unknown; likesCount: number }[] }[];
    };
    expect(page.items[0]?.replies[0]).toMatchObject({
      reactions: [{ emoji: "🔥", count: 1 }],
      userReactions: ["🔥"],
      likesCount: 1,
    });

    // Bob posts another comment and deletes it (after confirming); the count follows.
    await form.getByRole("combobox", { name: "Comment text" }).fill("Wrong thread, sorry");
    await form.getByRole("button", { name: "Post Comment" }).click();
    await commentsHeading(b, 3).waitFor();
    const second = b.getByRole("article", { name: `Comment by ${bob.username}` }).last();
    await second.getByText("Wrong thread, sorry").waitFor();
    await second.getByRole("button", { name: `Delete comment by ${bob.username}` }).click();
    const confirm = b.getByRole("dialog", { name: "Delete this comment?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(b, "Comment deleted successfully").waitFor();
    await commentsHeading(b, 2).waitFor();
    await b.getByText("Wrong thread, sorry").waitFor({ state: "detached" });
    // Alice may not delete Bob's comment: no Delete on it for her.
    await a.reload();
    await commentBy(a, bob.username).waitFor();
    expect(
      await commentBy(a, bob.username)
        .getByRole("button", { name: /^Delete/ })
        .count(),
    ).toBe(0);

    // A visitor reads the thread and is asked to sign in to take part.
    const v = await open({ viewport: "mobile" });
    await v.goto(`/posts/${postId}`);
    await v.getByText("Sign in to join the conversation").waitFor();
    await commentBy(v, alice.username)
      .getByRole("button", { name: /^Like comment/ })
      .click();
    await v.getByText("You must be logged in to like comments").waitFor();
    await v.keyboard.press("Escape");
    await commentBy(v, alice.username)
      .getByRole("button", { name: /^Fire reaction/ })
      .click();
    await v.getByText("Please sign in to react").waitFor();
    await v.keyboard.press("Escape");
    await commentBy(v, bob.username).getByRole("button", { name: "Reply" }).click();
    await v.getByText("Sign in to add a comment").waitFor();
    await v.keyboard.press("Escape");
    await shot(v, "comments-visitor-dark-390");
    await expectNoHorizontalOverflow(v);

    // Bob's view at both widths in both themes.
    for (const [viewport, theme] of [
      ["mobile", "dark"],
      ["mobile", "light"],
      ["desktop", "light"],
    ] as [TViewport, TTheme][]) {
      const p = await open({ as: bob, viewport, theme });
      await p.goto(`/posts/${postId}`);
      await commentBy(p, alice.username).waitFor();
      await p.getByRole("link", { name: /Bridge Notes\.pdf/ }).waitFor();
      await shot(p, `comments-${theme}-${viewport === "mobile" ? 390 : 1280}`);
      await expectNoHorizontalOverflow(p);
    }
  });

  it("loads threads a page at a time, and offers Retry when the list cannot be fetched", async () => {
    const alice = await signUpByApi(j.server);
    const postId = await createPostApi(alice, "Roll call");
    for (let i = 1; i <= 21; i++) {
      const form = new FormData();
      form.set("content", `Roll call ${i}`);
      const res = await fetch(`${j.server.url}/api/posts/${postId}/comments`, {
        method: "POST",
        headers: { cookie: alice.cookie, origin: j.server.url },
        body: form,
      });
      expect(res.status).toBe(201);
    }
    const v = await open({ viewport: "mobile", theme: "light" });
    // The first fetch and the app's one automatic retry fail as if the network dropped; Retry fetches it again.
    let failures = 0;
    await v.route(`**/api/posts/${postId}/comments*`, (route) => {
      if (failures >= 2) return route.continue();
      failures += 1;
      return route.abort("failed");
    });
    await v.goto(`/posts/${postId}`);
    await v.getByText("Failed to load comments").waitFor();
    await shot(v, "comments-error-light-390");
    await v.getByRole("button", { name: "Retry" }).click();
    // Oldest first: the first page holds 1 to 20.
    await v.getByText("Roll call 1", { exact: true }).waitFor();
    const list = v.getByRole("list", { name: "Comments" });
    expect(await list.getByRole("article").count()).toBe(20);
    expect(await list.getByText("Roll call 21", { exact: true }).count()).toBe(0);
    await v.getByRole("button", { name: "Load more comments" }).click();
    await list.getByText("Roll call 21", { exact: true }).waitFor();
    expect(await list.getByRole("article").count()).toBe(21);
    expect(await v.getByRole("button", { name: "Load more comments" }).count()).toBe(0);
  });

  it("gives an admin Remove (with a reason), never Delete, on anyone's comment", async () => {
    const admin = await signUpByApi(j.server, { ...newAccount("chief"), email: ADMIN_EMAIL });
    const alice = await signUpByApi(j.server);
    const postId = await createPostApi(alice, "Admins keep it clean");
    const form = new FormData();
    form.set("content", "Buy my token at scam.example");
    const res = await fetch(`${j.server.url}/api/posts/${postId}/comments`, {
      method: "POST",
      headers: { cookie: alice.cookie, origin: j.server.url },
      body: form,
    });
    expect(res.status).toBe(201);
    const page = await open({ as: admin });
    await page.goto(`/posts/${postId}`);
    await commentsHeading(page, 1).waitFor();
    const comment = commentBy(page, alice.username);
    await comment.getByRole("button", { name: `Remove comment by ${alice.username}` }).waitFor();
    expect(await comment.getByRole("button", { name: `Delete comment by ${alice.username}` }).count()).toBe(
      0,
    );
    await comment.getByRole("button", { name: `Remove comment by ${alice.username}` }).click();
    const remove = page.getByRole("dialog", { name: "Remove this comment?" });
    await remove.getByLabel("Reason").fill("Spam link");
    await remove.getByRole("button", { name: "Remove Comment" }).click();
    await toast(page, "Comment removed").waitFor();
    await commentsHeading(page, 0).waitFor();
    await page.getByText("No comments yet").waitFor();
  });
});
