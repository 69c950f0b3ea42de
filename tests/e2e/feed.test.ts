import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleMp4Header } from "../../apps/server/src/testing/sample-files.ts";
import { createPostByApi, newAccount, signUpByApi, type TSignedUp } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { expectNoHorizontalOverflow, heading, toast, useJourney } from "./support/journey.ts";
import { startE2EServer, type TE2EServer } from "./support/server.ts";

const j = useJourney();
const signUp = (prefix: string) => signUpByApi(j.server, newAccount(prefix));
const createPostApi = (member: TSignedUp, content: string) => createPostByApi(j.server, member, content);

describe("PlugFeed", () => {
  it("shows the three empty messages, and the Communities tab honestly", async () => {
    // Nothing has been posted on this server yet.
    const page = await j.open({ viewport: "mobile" });
    await page.goto("/plugfeed");
    await heading(page, "PlugFeed").waitFor();
    await page.getByText("No posts available.").waitFor();
    await shot(page, "feed-empty-visitor-dark-390");
    await expectNoHorizontalOverflow(page);

    await page.getByRole("tab", { name: "Following" }).click();
    await page.getByText("Sign in to see posts from users you follow.").waitFor();
    expect(new URL(page.url()).searchParams.get("tab")).toBe("following");

    // A visitor's Make a Post asks them to sign in first: the prompt says why, and the composer stays closed.
    await page.getByRole("button", { name: "Make a Post" }).click();
    const prompt = page.getByRole("dialog");
    await prompt.getByText("Sign in to create posts").waitFor();
    await page.keyboard.press("Escape");
    await prompt.waitFor({ state: "hidden" });
    expect(await page.getByRole("form", { name: "Create a post" }).count()).toBe(0);

    await page.getByRole("tab", { name: "Communities" }).click();
    await page.getByRole("heading", { level: 2, name: "Communities" }).waitFor();
    await page.getByText("No communities found").waitFor();
    expect(await page.getByRole("button", { name: "Refresh", exact: true }).isDisabled()).toBe(true);
    // A visitor's Create Community asks them to sign in first.
    await page.getByRole("button", { name: "Create Community" }).first().click();
    await prompt.getByText("Sign in to create a community").waitFor();
    await page.keyboard.press("Escape");
    await prompt.waitFor({ state: "hidden" });

    const carol = await signUp("carol");
    const signedIn = await j.open({ as: carol });
    await signedIn.goto("/plugfeed?tab=following");
    await signedIn.getByText("No posts from your followed users. Try following more users!").waitFor();
    expect(await signedIn.getByRole("tab", { name: "Following" }).getAttribute("aria-selected")).toBe("true");
  });

  it("composes a post with an image and a mention, likes it, opens it, edits it and copies its link", async () => {
    const alice = await signUp("alice");
    const bob = await signUp("bob");
    const bob2 = await signUp("bob");
    const page = await j.open({ as: alice });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: j.server.url });
    // Chromium on Linux has no share sheet; make sure of it, so Share copies the link.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    await page.goto("/plugfeed");
    await heading(page, "PlugFeed").waitFor();

    await page.getByRole("button", { name: "Make a Post" }).click();
    const composer = page.getByRole("form", { name: "Create a post" });
    await page.getByRole("button", { name: "Cancel" }).waitFor();
    const text = composer.getByRole("combobox", { name: "Post text" });
    await text.pressSequentially("gm! Big thanks to @bob_");
    const list = page.getByRole("listbox", { name: "Mention suggestions" });
    await list.waitFor();
    // Both bobs, in name order; the author is never suggested to themselves.
    const [firstBob, secondBob] = [bob.username, bob2.username].sort();
    const options = list.getByRole("option");
    await list.getByRole("option", { name: new RegExp(`@${secondBob}`) }).waitFor();
    expect((await options.allTextContents()).map((t) => /@(\w+?)User$/.exec(t)?.[1])).toEqual([
      firstBob,
      secondBob,
    ]);
    expect(await list.getByRole("option", { name: new RegExp(alice.username) }).count()).toBe(0);
    const box = await list.boundingBox();
    expect(box?.width).toBe(256);
    expect(await options.nth(0).getAttribute("aria-selected")).toBe("true");
    await text.press("ArrowDown");
    expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
    await text.press("ArrowUp");
    await text.press("ArrowUp");
    expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
    await shot(page, "feed-compose-mention-dark-1280", { fullPage: false });
    // Frames come late on a busy phone: typing straight after the pick must still go after the mention.
    await page.evaluate(() => {
      const w = window as unknown as { __raf?: typeof requestAnimationFrame };
      w.__raf = window.requestAnimationFrame;
      window.requestAnimationFrame = (callback) =>
        window.setTimeout(() => callback(performance.now()), 1000) as unknown as number;
    });
    await text.press("Enter");
    await list.waitFor({ state: "hidden" });
    const mentioned = secondBob as string;
    await text.press("f");
    // Past the slow frame, then the rest: the caret must not have been moved back over the "f" meanwhile.
    await page.waitForTimeout(1100);
    await text.pressSequentially("or the alpha: https://example.com/report.");
    expect(await text.inputValue()).toBe(
      `gm! Big thanks to @${mentioned} for the alpha: https://example.com/report.`,
    );
    await page.evaluate(() => {
      const w = window as unknown as { __raf: typeof requestAnimationFrame };
      window.requestAnimationFrame = w.__raf;
    });

    // Nobody by that name; Escape closes the suggestions without leaving the composer.
    await text.pressSequentially(" @zzqx");
    await list.getByText("No users or KOLs found").waitFor();
    await text.press("Escape");
    await list.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Cancel" }).waitFor();
    for (let i = 0; i < 6; i++) await text.press("Backspace");

    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 139, g: 124, b: 255 } },
    })
      .png()
      .toBuffer();
    await composer
      .locator('input[type="file"]')
      .setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: png });
    await composer.getByRole("img", { name: "chart.png" }).waitFor();
    expect(await composer.getByText("1/4").count()).toBe(1);
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    // The PlugFeed composer's brief word, and that the image went up with it.
    await toast(page, "Post created!").getByText("Media uploaded successfully!").waitFor();
    await page.getByRole("button", { name: "Make a Post" }).waitFor();
    expect(await page.getByRole("form", { name: "Create a post" }).count()).toBe(0);

    // At the top of the feed, with the mention and the link as links and the image.
    const first = page.getByRole("article").first();
    await first.getByText("gm! Big thanks to").waitFor();
    const mention = first.getByRole("link", { name: `@${mentioned}` });
    expect(await mention.getAttribute("href")).toBe(`/user/${mentioned}`);
    expect(await first.getByRole("link", { name: "https://example.com/report" }).getAttribute("href")).toBe(
      "https://example.com/report",
    );
    const image = first.getByRole("img", { name: /Attachment 1 of 1/ });
    await image.waitFor();
    await page.waitForFunction(
      () => (document.querySelector("article img") as HTMLImageElement | null)?.naturalWidth === 320,
    );
    const feed = (await (
      await fetch(`${j.server.url}/api/feed`, { headers: { cookie: alice.cookie } })
    ).json()) as { items: { id: string; content: string }[] };
    const postId = feed.items[0]?.id ?? "";
    expect(feed.items[0]?.content).toContain(`@${mentioned}`);

    // The image opens in the preview overlay; Escape closes it.
    await first.getByRole("button", { name: /Open image/ }).click();
    const overlay = page.getByRole("dialog", { name: "Image preview" });
    await overlay.waitFor();
    await page.keyboard.press("Escape");
    await overlay.waitFor({ state: "hidden" });

    // Like: the count moves at once, and once the like's request is answered the server agrees.
    const likeSaved = page.waitForResponse(
      (res) => res.request().method() === "PUT" && res.url().endsWith(`/api/posts/${postId}/like`),
    );
    await first.getByRole("button", { name: "Like, 0 likes" }).click();
    await first.getByRole("button", { name: "Unlike, 1 like" }).waitFor();
    expect((await likeSaved).ok()).toBe(true);
    const liked = (await (
      await fetch(`${j.server.url}/api/feed`, { headers: { cookie: alice.cookie } })
    ).json()) as { items: { likesCount: number; likedByMe: boolean }[] };
    expect(liked.items[0]).toMatchObject({ likesCount: 1, likedByMe: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "feed-signed-in-dark-1280");

    // Refresh says so.
    await page.getByRole("button", { name: "Refresh" }).click();
    await toast(page, "Feed refreshed").waitFor();

    // Share copies the post's link.
    await first.getByRole("button", { name: "Share" }).click();
    await toast(page, "Link copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${j.server.url}/posts/${postId}`);

    // Open it.
    await first.getByRole("link", { name: "0 comments" }).click();
    await page.waitForURL(`**/posts/${postId}#comments`);
    await page.getByRole("link", { name: "Back to PlugFeed" }).waitFor();
    await page.getByText("1 view").waitFor();
    await page.getByRole("heading", { name: "Comments (0)" }).waitFor();

    // Edit it, then see the earlier version.
    await page.getByRole("button", { name: "Post options" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const editor = page.getByRole("combobox", { name: "Edit post text" });
    await editor.fill("gm! Edited: the alpha report is out.");
    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Post updated successfully!").waitFor();
    await page.getByText("gm! Edited: the alpha report is out.").waitFor();
    await page.getByRole("button", { name: "edited: see earlier versions" }).click();
    const history = page.getByRole("dialog", { name: "Edit history" });
    await history.getByText(`gm! Big thanks to @${mentioned} for the alpha`).waitFor();
    await history.getByText("Original").waitFor();
    await shot(page, "post-edit-history-dark-1280", { fullPage: false });
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "hidden" });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "post-page-dark-1280");

    // Anyone can see the earlier versions.
    const edits = (await (await fetch(`${j.server.url}/api/posts/${postId}/edits`)).json()) as {
      items: { content: string }[];
    };
    expect(edits.items).toHaveLength(1);

    // Signed out meanwhile (the cookie gone, as after signing out in another tab): the delete is refused, kept.
    const cookies = await page.context().cookies();
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Post options" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this post?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "You must be logged in to delete posts").waitFor();
    expect((await fetch(`${j.server.url}/api/posts/${postId}`)).status).toBe(200);

    // Signed in again, delete after confirming: gone from the server, and the page goes back to the feed.
    await page.context().addCookies(cookies);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Post deleted successfully!").waitFor();
    await page.waitForURL("**/plugfeed");
    expect((await fetch(`${j.server.url}/api/posts/${postId}`)).status).toBe(404);
  });

  it("shows posts to visitors, with the sign-in line on the post page, in both themes at both widths", async () => {
    const dave = await signUp("dave");
    const long = `Long read: ${"liquidity ".repeat(40)}the end.`;
    const id = await createPostApi(dave, long);
    for (const viewport of ["desktop", "mobile"] as const) {
      for (const theme of ["dark", "light"] as const) {
        const width = viewport === "desktop" ? 1280 : 390;
        const page = await j.open({ viewport, theme });
        await page.goto("/plugfeed");
        const card = page.getByRole("article").filter({ hasText: "Long read:" });
        await card.waitFor();
        // Cut at 300 characters with '...' and 'Read more'.
        expect(await card.textContent()).toContain(`${long.slice(0, 300)}...`);
        expect(await card.textContent()).not.toContain("the end.");
        await card.getByRole("link", { name: "Read more" }).waitFor();
        await expectNoHorizontalOverflow(page);
        await shot(page, `feed-visitor-${theme}-${width}`);

        await page.goto(`/posts/${id}`);
        await page.getByText("the end.").waitFor();
        await page.getByText("Sign in to join the conversation").waitFor();
        await expectNoHorizontalOverflow(page);
        await shot(page, `post-page-visitor-${theme}-${width}`);
      }
    }
  });

  it("shows upload progress, and a cancelled upload keeps what was written", async () => {
    const hank = await signUp("hank");
    const page = await j.open({ as: hank, viewport: "mobile", theme: "light" });
    // Hold the upload at the server's door so it stays in progress.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/posts", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await held;
      // The browser has given up on it by now.
      await route.abort().catch(() => {});
    });
    await page.goto("/plugfeed");
    await page.getByRole("button", { name: "Make a Post" }).click();
    const composer = page.getByRole("form", { name: "Create a post" });
    await composer.getByRole("combobox", { name: "Post text" }).fill("A chart worth keeping");
    await composer.locator('input[type="file"]').setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: await sharp({
        create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 0, b: 0 } },
      })
        .png()
        .toBuffer(),
    });
    // A file the rules refuse is refused here too, with the spec's message.
    await composer
      .locator('input[type="file"]')
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await composer.getByRole("alert").filter({ hasText: "File type not supported." }).waitFor();
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    await composer.getByRole("progressbar", { name: "Upload progress" }).waitFor();
    await shot(page, "feed-uploading-light-390", { fullPage: false });
    await composer.getByRole("button", { name: "Cancel upload" }).click();
    await toast(page, "Upload cancelled").waitFor();
    release();
    expect(await composer.getByRole("combobox", { name: "Post text" }).inputValue()).toBe(
      "A chart worth keeping",
    );
    await composer.getByRole("img", { name: "big.png" }).waitFor();

    // A file whose bytes are no image is refused by the server: the spec's upload error, and nothing is lost.
    await page.unroute("**/api/posts");
    await composer
      .locator('input[type="file"]')
      .setInputFiles({ name: "broken.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
    await composer.getByRole("img", { name: "broken.png" }).waitFor();
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    await toast(page, /^Error uploading media: File type not supported\./).waitFor();
    expect(await composer.getByRole("combobox", { name: "Post text" }).inputValue()).toBe(
      "A chart worth keeping",
    );
    await composer.getByRole("img", { name: "big.png" }).waitFor();
  });

  it("plays videos with our controls and opens them full screen", async () => {
    const ivy = await signUp("ivy");
    const form = new FormData();
    form.set("content", "Clip of the day");
    form.append("media", new File([new Uint8Array(sampleMp4Header())], "clip.mp4", { type: "video/mp4" }));
    const res = await fetch(`${j.server.url}/api/posts`, {
      method: "POST",
      headers: { cookie: ivy.cookie, origin: j.server.url },
      body: form,
    });
    expect(res.status).toBe(201);
    const page = await j.open();
    await page.goto("/plugfeed");
    const card = page.getByRole("article").filter({ hasText: "Clip of the day" });
    await card.getByRole("button", { name: "Play video" }).waitFor();
    await card.getByRole("button", { name: "Unmute video" }).click();
    await card.getByRole("button", { name: "Mute video" }).waitFor();
    await card.getByRole("button", { name: "Open video full screen" }).click();
    const dialog = page.getByRole("dialog", { name: "Video" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("likes ask visitors to sign in, and a missing post says so", async () => {
    const page = await j.open();
    await page.goto("/plugfeed");
    const card = page.getByRole("article").first();
    await card.waitFor();
    const before = await card.getByRole("button", { name: /^Like, / }).getAttribute("aria-label");
    await card.getByRole("button", { name: /^Like, / }).click();
    const prompt = page.getByRole("dialog");
    await prompt.getByText("Sign in to like posts").waitFor();
    await page.keyboard.press("Escape");
    await prompt.waitFor({ state: "hidden" });
    // Nothing was liked: the count stays.
    expect(await card.getByRole("button", { name: /^Like, / }).getAttribute("aria-label")).toBe(before);

    await page.goto("/posts/00000000-0000-4000-8000-000000000000");
    await heading(page, "Post not found").waitFor();
    await page.getByText("The post you're looking for doesn't exist or has been removed.").waitFor();
    await page.getByRole("link", { name: "Back to PlugFeed" }).waitFor();
  });
});

describe("Community Posts", () => {
  it("pages through posts, with the guidelines and the join card for visitors", async () => {
    const erin = await signUp("erin");
    // Enough posts for a second page of 10.
    for (let i = 1; i <= 11; i++) await createPostApi(erin, `Community post number ${i}`);
    for (const viewport of ["desktop", "mobile"] as const) {
      for (const theme of ["dark", "light"] as const) {
        const page = await j.open({ viewport, theme });
        await page.goto("/posts");
        await heading(page, "Community Posts").waitFor();
        await page.getByText("Community post number 11").waitFor();
        const joinCard = page.locator("section", {
          has: page.getByRole("heading", { name: "Join the Conversation" }),
        });
        await joinCard.getByRole("button", { name: "Sign Up" }).waitFor();
        await page.getByText("Keep discussions related to crypto and web3").waitFor();
        await page.getByText(/^Page 1 of \d+$/).waitFor();
        expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
        await expectNoHorizontalOverflow(page);
        await shot(page, `posts-visitor-${theme}-${viewport === "desktop" ? 1280 : 390}`);
      }
    }

    const page = await j.open({ as: erin, theme: "light" });
    await page.goto("/posts");
    await page.getByRole("form", { name: "Create a post" }).waitFor();
    expect(await page.getByRole("heading", { name: "Join the Conversation" }).count()).toBe(0);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    // Page 2 is its cursor in the URL: a reload shows the same page.
    expect(new URL(page.url()).searchParams.get("cursor")).toMatch(/^[\w-]+$/);
    await page.getByText("Community post number 1", { exact: true }).waitFor();
    await page.reload();
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    await page.getByText("Community post number 1", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText(/^Page 1 of \d+$/).waitFor();
    expect(new URL(page.url()).searchParams.get("cursor")).toBeNull();

    // The feed loads the next page by itself once the bottom comes into view, or with Load more.
    await page.goto("/plugfeed");
    const articles = page.getByRole("article");
    await articles.first().waitFor();
    expect(await articles.count()).toBe(10);
    await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
    await page.getByText("You're all caught up.").waitFor();
    expect(await articles.count()).toBeGreaterThan(10);
    expect(await page.getByText("Community post number 1", { exact: true }).count()).toBe(1);

    await page.goto("/posts");
    await page.getByRole("form", { name: "Create a post" }).waitFor();
    // An empty post is refused with the shared rule's message before anything is sent.
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter some content or attach media" }).waitFor();
    await shot(page, "posts-signed-in-light-1280");
  });
});

/** A local stand-in for api.giphy.com, answering in GIPHY's JSON shape. */
function giphyGif(id: string) {
  return {
    type: "gif",
    id,
    title: `GIF ${id}`,
    username: "artist",
    images: {
      original: { width: "480", height: "270", url: `https://media1.giphy.com/media/${id}/giphy.gif` },
      fixed_height: { width: "356", height: "200", url: `https://media1.giphy.com/media/${id}/200.gif` },
    },
  };
}

describe("GIFs", () => {
  let giphyFails = false;
  const fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (giphyFails) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end("{}");
      return;
    }
    const q = url.searchParams.get("q") ?? "";
    const data =
      url.pathname === "/v1/gifs/trending"
        ? [giphyGif("trend1"), giphyGif("trend2")]
        : q === "nothing"
          ? []
          : [giphyGif(`search-${q.replace(/\W+/g, "_")}`)];
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data, meta: { status: 200 } }));
  });
  let gifServer: TE2EServer;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const port = (fake.address() as AddressInfo).port;
    gifServer = await startE2EServer({ GIPHY_API_KEY: "e2e-key", GIPHY_API_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await gifServer?.stop();
    await new Promise((resolve) => fake.close(resolve));
  });

  it("offers no GIF button when GIFs are not configured", async () => {
    const grace = await signUp("grace");
    const page = await j.open({ as: grace });
    const status = page.waitForResponse((r) => r.url().endsWith("/api/gifs/status"));
    await page.goto("/plugfeed");
    await page.getByRole("button", { name: "Make a Post" }).click();
    const composer = page.getByRole("form", { name: "Create a post" });
    await composer.getByRole("button", { name: "Media" }).waitFor();
    expect(await (await status).json()).toEqual({ configured: false });
    expect(await composer.getByRole("button", { name: /GIF/ }).count()).toBe(0);
    expect(await composer.getByText("GIFs are not configured").count()).toBe(0);
  });

  it("picks a trending or searched GIF, shows the empty and error states, and posts it", async () => {
    // This journey runs on the server that has GIPHY configured.
    const frank = await signUpByApi(gifServer, newAccount("frank"));
    const page = await j.open({ as: frank, on: gifServer, viewport: "mobile" });
    // GIPHY's CDN is outside the test machine: serve its pictures locally.
    const gifBytes = await sharp({
      create: { width: 120, height: 80, channels: 3, background: { r: 52, g: 214, b: 127 } },
    })
      .png()
      .toBuffer();
    await page.route("https://media1.giphy.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "image/png", body: gifBytes }),
    );
    await page.goto("/plugfeed");
    await page.getByRole("button", { name: "Make a Post" }).click();
    await page.getByRole("button", { name: "Add a GIF" }).click();
    const dialog = page.getByRole("dialog", { name: "Select a GIF" });
    await dialog.getByRole("button", { name: "GIF trend1" }).waitFor();
    await dialog.getByText("Powered by GIPHY").waitFor();
    await shot(page, "gif-picker-dark-390", { fullPage: false });

    const search = dialog.getByRole("searchbox", { name: "Search GIFs" });
    await search.fill("nothing");
    await dialog.getByText("No GIFs found").waitFor();
    await dialog.getByText("Try a different search term").waitFor();

    giphyFails = true;
    await search.fill("dogs");
    await dialog.getByText("Failed to load GIFs. Please try again.").waitFor();
    giphyFails = false;
    await dialog.getByRole("button", { name: "Try Again" }).click();
    await dialog.getByRole("button", { name: "GIF search-dogs" }).click();
    await dialog.waitFor({ state: "hidden" });

    const composer = page.getByRole("form", { name: "Create a post" });
    await composer.getByRole("img", { name: "GIF search-dogs" }).waitFor();
    await composer.getByRole("combobox", { name: "Post text" }).fill("When the chart pumps");
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    await toast(page, "Post created!").waitFor();
    const card = page.getByRole("article").filter({ hasText: "When the chart pumps" });
    const image = card.getByRole("img", { name: /Attachment 1 of 1/ });
    await image.waitFor();
    expect(await image.getAttribute("src")).toBe("https://media1.giphy.com/media/search-dogs/giphy.gif");

    // The comment form has the same picker: a GIF alone is a comment, shown from GIPHY.
    await card.getByRole("link", { name: "0 comments" }).click();
    await page.waitForURL("**/posts/*#comments");
    const form = page.getByRole("form", { name: "Add a comment" });
    await form.getByRole("button", { name: "Add a GIF" }).click();
    await dialog.getByRole("button", { name: "GIF trend1" }).click();
    await dialog.waitFor({ state: "hidden" });
    await form.getByRole("img", { name: "GIF trend1" }).waitFor();
    await form.getByText("1/4").waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "comment-gif-dark-390");
    await form.getByRole("button", { name: "Post Comment" }).click();
    await toast(page, "Comment posted successfully").waitFor();
    const comment = page.getByRole("article", { name: `Comment by ${frank.username}` });
    const posted = comment.getByRole("img", { name: "GIF trend1" });
    await posted.waitFor();
    expect(await posted.getAttribute("src")).toBe("https://media1.giphy.com/media/trend1/giphy.gif");
    expect(await form.getByRole("img").count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page
      .getByRole("button", { name: /Switch to light theme/ })
      .first()
      .click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "comment-gif-light-1280");
  });
});
