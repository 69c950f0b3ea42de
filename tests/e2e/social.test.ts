import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createPostByApi, newAccount, signUpByApi, type TSignedUp } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { expectNoHorizontalOverflow, gotoLive, toast, useJourney } from "./support/journey.ts";

const j = useJourney();
const { open } = j;

const createPostApi = (member: TSignedUp, content: string) => createPostByApi(j.server, member, content);

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });

describe("Notifications and profiles", () => {
  it("a mention and a follow reach the other tab live; the bell leads to them", async () => {
    const alice = await signUpByApi(j.server, newAccount("alice"));
    const bob = await signUpByApi(j.server, newAccount("bob"));

    const b = await open({ as: bob });
    await gotoLive(b, "/plugfeed");
    await b.getByText("No posts available.").waitFor();
    expect(await bell(b).getAttribute("aria-label")).toBe("Notifications");

    const postId = await createPostApi(alice, `gm @${bob.username}, look at this`);
    // No reload: the count and the 'new posts' pill come over the event stream.
    await b.getByRole("button", { name: "Notifications, 1 unread" }).waitFor();
    expect(await bell(b).innerText()).toBe("1");
    const pill = b.getByRole("button", { name: "1 new post" });
    await pill.waitFor();
    await pill.click();
    await b.getByText(`gm @${bob.username}, look at this`).waitFor();
    await pill.waitFor({ state: "detached" });

    await bell(b).click();
    const panel = b.getByRole("dialog", { name: "Notifications" });
    const mention = panel.getByRole("button", {
      name: new RegExp(`@${alice.username} mentioned you in a post`),
    });
    await mention.waitFor();
    await shot(b, "social-bell-mention-dark-1280", { fullPage: false });
    await mention.click();
    await b.waitForURL(`**/posts/${postId}`);
    // Read on the server, the bell settles at no unread count. The bar holds a second bell for narrow screens,
    // hidden at this width: the one on screen is the one asked about.
    await b.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    await bell(b).getByTestId("unread-count").waitFor({ state: "detached" });

    // Alice follows Bob from his profile; Bob's bell counts it while he reads the post.
    const a = await open({ as: alice });
    await a.goto(`/user/${bob.username}`);
    await a.getByRole("heading", { level: 1, name: `@${bob.username}` }).waitFor();
    await a.getByText("0 Followers").waitFor();
    await a.getByRole("button", { name: "Follow", exact: true }).click();
    await toast(a, "Successfully followed user").waitFor();
    await a.getByText("1 Follower", { exact: true }).waitFor();
    await a.getByRole("button", { name: "Unfollow" }).waitFor();
    await a.getByRole("tab", { name: "Followers" }).click();
    await a.getByRole("link", { name: `@${alice.username}` }).waitFor();

    await b.getByRole("button", { name: "Notifications, 1 unread" }).waitFor();
    await bell(b).click();
    const followed = b
      .getByRole("dialog", { name: "Notifications" })
      .getByRole("button", { name: new RegExp(`@${alice.username} followed you`) });
    await followed.waitFor();
    await b.getByRole("button", { name: "Mark all as read" }).click();
    await b.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    await followed.click();
    await b.waitForURL(`**/user/${alice.username}`);
    await b.getByRole("heading", { level: 1, name: `@${alice.username}` }).waitFor();
    await b.getByRole("tab", { name: "Following" }).click();
    await b.getByRole("link", { name: `@${bob.username}` }).waitFor();

    // Alice's own post is on her profile; her profile has no Follow button for herself.
    await a.goto(`/user/${alice.username}`);
    await a.getByText(`gm @${bob.username}, look at this`).waitFor();
    expect(await a.getByRole("button", { name: "Follow", exact: true }).count()).toBe(0);
    await a.getByRole("button", { name: "Unfollow" }).waitFor({ state: "detached" });
  });

  it("reopens a dropped event stream with a doubling delay, and still delivers", async () => {
    const gina = await signUpByApi(j.server, newAccount("gina"));
    const hank = await signUpByApi(j.server, newAccount("hank"));
    const page = await open({ as: hank });
    const attempts: number[] = [];
    // The first two connections fail as a dropped server would; the third gets through.
    await page.route("**/api/events", async (route) => {
      attempts.push(Date.now());
      if (attempts.length <= 2) await route.abort("connectionreset");
      else await route.continue();
    });
    const connected = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/events");
    await page.goto("/plugfeed");
    expect((await connected).status()).toBe(200);
    expect(attempts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = attempts;
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1900);
    await page.waitForTimeout(300);
    await createPostApi(gina, `ping @${hank.username}`);
    await page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor();
  });

  it("shows profiles and the open bell at both widths in both themes", async () => {
    const carol = await signUpByApi(j.server, newAccount("carol"));
    const dave = await signUpByApi(j.server, newAccount("dave"));
    await createPostApi(carol, `Hello from carol, cc @${dave.username}`);
    for (const viewport of ["mobile", "desktop"] as const) {
      for (const theme of ["dark", "light"] as const) {
        const width = viewport === "mobile" ? 390 : 1280;
        const page = await open({ as: dave, viewport, theme });
        await gotoLive(page, `/user/${carol.username}`);
        await page.getByText(`Hello from carol, cc @${dave.username}`).waitFor();
        await page.getByText(/Joined [A-Z][a-z]{2} \d{1,2}, \d{4}/).waitFor();
        await expectNoHorizontalOverflow(page);
        await shot(page, `social-profile-${theme}-${width}`);
        await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
        await page
          .getByRole("dialog", { name: "Notifications" })
          .getByText(`@${carol.username} mentioned you in a post`)
          .waitFor();
        await shot(page, `social-bell-${theme}-${width}`, { fullPage: false });
        await page.keyboard.press("Escape");
      }
    }
  });

  it("asks visitors to sign in to follow, and says when a user does not exist", async () => {
    const erin = await signUpByApi(j.server, newAccount("erin"));
    const page = await open({ viewport: "mobile", theme: "light" });
    await page.goto(`/user/${erin.username}`);
    await page.getByRole("heading", { level: 1, name: `@${erin.username}` }).waitFor();
    await page.getByText("No posts yet").waitFor();
    expect(await bell(page).count()).toBe(0);
    await page.getByRole("button", { name: "Follow", exact: true }).click();
    const dialog = page.getByRole("dialog").filter({ has: page.getByRole("tab", { name: "Sign In" }) });
    await dialog.getByText("Please sign in to follow users").waitFor();
    // Signing in repeats the follow that was asked for.
    const frank = await signUpByApi(j.server, newAccount("frank"));
    await dialog.getByLabel("Email").fill(frank.email);
    await dialog.getByLabel("Password", { exact: true }).fill(frank.password);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).last().click();
    await toast(page, "Successfully followed user").waitFor();
    await page.getByRole("button", { name: "Unfollow" }).waitFor();
    await page.getByText("1 Follower", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Unfollow" }).click();
    await toast(page, "Successfully unfollowed user").waitFor();
    await page.getByText("0 Followers").waitFor();

    const visitor = await open({ viewport: "mobile", theme: "light" });
    await visitor.goto("/user/nobody_by_this_name");
    await visitor.getByRole("heading", { level: 1, name: "User not found" }).waitFor();
    await shot(visitor, "social-profile-404-light-390");
    await expectNoHorizontalOverflow(visitor);
  });
});
