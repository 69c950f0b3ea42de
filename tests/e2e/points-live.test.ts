import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { gotoLive, toast, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
const j = useJourney({ ADMIN_EMAILS: ADMIN.email });

let adminCookie: string | null = null;
/** The file's admin (signed up once, on first use). */
async function adminSession(): Promise<string> {
  adminCookie ??= (await signUpByApi(j.server, ADMIN)).cookie;
  return adminCookie;
}

async function airdropByApi(username: string, points: number, reason: string) {
  const res = await postJson(
    j.server,
    "/api/admin/airdrops",
    { username, points, reason },
    await adminSession(),
  );
  expect(res.status).toBe(201);
}

/** A multipart POST as `cookie` (posts and comments), answering the created row's id. */
async function postForm(pathname: string, fields: Record<string, string>, cookie: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const res = await fetch(`${j.server.url}${pathname}`, {
    method: "POST",
    headers: { cookie, origin: j.server.url },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ }).first();
const history = (page: Page) => page.getByRole("list", { name: "Points history" }).getByRole("listitem");

/** Waits until the page has read `request`'s whole answer and drawn what follows from it. */
async function settled(page: Page, request: Promise<Request>) {
  await (await (await request).response())?.finished();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

describe("points and airdrops, live", () => {
  it("an admin airdrops through the form; the recipient's open tab shows the toast, the bell and the ledger line", async () => {
    const recipient = await signUpByApi(j.server, newAccount("winner"));
    const admin = await j.open({ as: { cookie: await adminSession() }, viewport: "desktop" });
    const tab = await j.open({ as: recipient, viewport: "mobile" });
    await gotoLive(tab, "/dashboard/points");
    await tab.getByTestId("points-balance").filter({ hasText: /^100$/ }).waitFor();

    await admin.goto("/admin/airdrops");
    await admin.getByRole("heading", { name: "Airdrop points" }).waitFor();
    // Search: part of the name, then the match.
    await admin.getByLabel("Username").fill(recipient.username.slice(0, 10));
    await admin
      .getByRole("list", { name: "Matching users" })
      .getByRole("button", { name: `@${recipient.username}` })
      .click();
    expect(await admin.getByLabel("Username").inputValue()).toBe(recipient.username);
    await admin.getByLabel("Points", { exact: true }).fill("250");
    await admin.getByLabel("Reason").fill("Contest winner");
    await admin.getByRole("button", { name: "Send airdrop" }).click();
    await toast(admin, "Airdropped 250 points to 1 user").waitFor();
    await admin.getByRole("list", { name: "Airdrops" }).getByText(`@${recipient.username}`).first().waitFor();

    // No reload: the toast, the bell, the balance and the ledger's new top line come over the event stream.
    const received = toast(tab, "Airdrop Received");
    await received.waitFor();
    expect(await received.textContent()).toContain("You received an airdrop of 250 points");
    await tab.getByRole("button", { name: "Notifications, 1 unread" }).waitFor();
    await tab.getByTestId("points-balance").filter({ hasText: /^350$/ }).waitFor();
    const top = history(tab).first();
    expect(await top.textContent()).toContain("Airdrop: Contest winner");
    expect(await top.textContent()).toContain("+250");
    await shot(tab, "points-airdrop-received-dark-390", { fullPage: false });

    await bell(tab).click();
    const row = tab
      .getByRole("dialog", { name: "Notifications" })
      .getByRole("button", { name: /You received an airdrop of 250 points/ });
    await row.waitFor();
    await shot(tab, "points-airdrop-bell-dark-390", { fullPage: false });
  });

  it("pays an airdrop once when its answer was lost and the admin sends it again", async () => {
    const recipient = await signUpByApi(j.server, newAccount("lucky"));
    const admin = await j.open({ as: { cookie: await adminSession() }, viewport: "mobile", theme: "light" });
    // The first attempt reaches the server and is paid, but its answer never comes back.
    let lost = 0;
    await admin.route("**/api/admin/airdrops", async (route) => {
      if (route.request().method() !== "POST" || lost > 0) return route.continue();
      lost += 1;
      await route.fetch();
      await route.abort("connectionreset");
    });
    await admin.goto("/admin/airdrops");
    await admin.getByLabel("Username").fill(recipient.username);
    await admin.getByLabel("Points", { exact: true }).fill("300");
    await admin.getByLabel("Reason").fill("Lost answer");
    await admin.getByRole("button", { name: "Send airdrop" }).click();
    await toast(admin, "Failed to send the airdrop").waitFor();
    expect(lost).toBe(1);

    await admin.getByRole("button", { name: "Send airdrop" }).click();
    await toast(admin, "Airdropped 300 points to 1 user").waitFor();
    const points = await fetch(`${j.server.url}/api/points/me`, { headers: { cookie: recipient.cookie } });
    const me = (await points.json()) as { balance: number; items: { description: string }[] };
    expect(me.balance).toBe(400);
    expect(me.items.filter((i) => i.description === "Airdrop: Lost answer")).toHaveLength(1);
    const rows = admin
      .getByRole("list", { name: "Airdrops" })
      .getByRole("listitem")
      .filter({ hasText: "Lost answer" });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    // The reason reads as a line of its own on a phone, not a column a letter wide.
    const reason = await rows.first().getByText("Lost answer", { exact: true }).boundingBox();
    expect(reason?.width).toBeGreaterThan(150);
    await shot(admin, "points-airdrop-retried-light-390");
  });

  it("shows 'Points Earned' when the viewer's own action earns points", async () => {
    const author = await signUpByApi(j.server, newAccount("author"));
    const fan = await signUpByApi(j.server, newAccount("fan"));
    const postId = await postForm("/api/posts", { content: "react to my comment" }, author.cookie);
    const commentId = await postForm(
      `/api/posts/${postId}/comments`,
      { content: "a comment" },
      author.cookie,
    );
    const page = await j.open({ as: fan, viewport: "desktop", theme: "light" });
    await gotoLive(page, "/dashboard/points");
    await history(page).first().waitFor();

    const res = await postJson(j.server, `/api/comments/${commentId}/reactions`, { emoji: "👍" }, fan.cookie);
    expect(res.status).toBe(200);
    const earned = toast(page, "Points Earned");
    await earned.waitFor();
    expect(await earned.textContent()).toContain("You received 2 points");
    await page.getByTestId("points-balance").filter({ hasText: /^102$/ }).waitFor();
    expect(await history(page).first().textContent()).toContain("Emoji Reaction");
    await shot(page, "points-earned-light-1280", { fullPage: false });
  });

  it("pages the points history with 'Load more'", async () => {
    const member = await signUpByApi(j.server, newAccount("saver"));
    // 20 airdrops and the sign-up bonus: one line more than a page.
    for (let i = 1; i <= 20; i++) await airdropByApi(member.username, i, `Drop ${i}`);
    const page = await j.open({ as: member, viewport: "mobile" });
    await page.goto("/dashboard/points");
    await history(page).nth(19).waitFor();
    expect(await history(page).count()).toBe(20);
    expect(await history(page).first().textContent()).toContain("Airdrop: Drop 20");
    await page.getByRole("button", { name: "Load more" }).click();
    await history(page).nth(20).waitFor();
    expect(await history(page).count()).toBe(21);
    expect(await history(page).last().textContent()).toContain("Account Creation");
    await page.getByRole("button", { name: "Load more" }).waitFor({ state: "detached" });

    // The admin's audit list of those airdrops pages by cursor: Next, then Previous back to the same page.
    const admin = await j.open({ as: { cookie: await adminSession() }, viewport: "mobile", theme: "light" });
    await admin.goto("/admin/airdrops");
    const audit = admin.getByRole("list", { name: "Airdrops" }).getByRole("listitem");
    const pager = admin.getByRole("navigation", { name: "Airdrop pages" });
    await pager.getByText(/^Page 1 of \d+$/).waitFor();
    const first = await audit.allTextContents();
    expect(first).toHaveLength(20);
    expect(first[0]).toContain("Drop 20");
    await pager.getByRole("button", { name: "Next" }).click();
    await pager.getByText(/^Page 2 of \d+$/).waitFor();
    const second = await audit.allTextContents();
    expect(second.some((row) => first.includes(row))).toBe(false);
    await shot(admin, "admin-airdrops-page-2-light-390");
    await pager.getByRole("button", { name: "Previous" }).click();
    await pager.getByText(/^Page 1 of \d+$/).waitFor();
    expect(await audit.allTextContents()).toEqual(first);
  });
});

/**
 * Holds the bell's count requests: each one made while holding gets the server's answer of that moment, delivered to
 * the page only on `release()` (a slow network). Once `stopHolding()` is called, new requests go straight through.
 */
async function holdCounts(page: Page) {
  let holding = true;
  let deliver: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    deliver = resolve;
  });
  let heldOne: () => void = () => {};
  const firstHeld = new Promise<void>((resolve) => {
    heldOne = resolve;
  });
  const requests: Request[] = [];
  const answers: Promise<number>[] = [];
  const delivered: Promise<void>[] = [];
  await page.route("**/api/notifications/unread-count", async (route) => {
    if (!holding) return route.fallback();
    requests.push(route.request());
    heldOne();
    const response = await route.fetch();
    answers.push(response.json().then((body: { unreadCount: number }) => body.unreadCount));
    const done = released.then(() => route.fulfill({ response }).catch(() => {}));
    delivered.push(done);
    await done;
  });
  return {
    /** Resolves once the first count request is held. */
    firstHeld,
    /** The held answers' counts, in the order the server gave them. */
    answers,
    stopHolding() {
      holding = false;
    },
    /** Delivers every held answer and waits until the page has read them. */
    async release() {
      deliver();
      await Promise.all(delivered);
      for (const request of requests) await (await request.response())?.finished();
    },
  };
}

describe("the bell's unread count", () => {
  it("is not raised twice by a repeated event, and shows one toast", async () => {
    const member = await signUpByApi(j.server, newAccount("twice"));
    const page = await j.open({ as: member, viewport: "desktop" });
    // Keeps a handle on the tab's event stream and its last notification, to deliver that event once more.
    await page.addInitScript(() => {
      const Native = window.EventSource;
      const w = window as unknown as { __stream?: EventSource; __last?: string };
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          w.__stream = this;
          this.addEventListener("notification", (e) => {
            if (e.isTrusted) w.__last = (e as MessageEvent<string>).data;
          });
        }
      };
    });
    await gotoLive(page, "/plugfeed");
    await airdropByApi(member.username, 30, "Twice told");
    await page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor();
    await toast(page, "Airdrop Received").waitFor();

    const refetch = page.waitForRequest(
      (r) => new URL(r.url()).pathname === "/api/notifications/unread-count",
    );
    await page.evaluate(() => {
      const w = window as unknown as { __stream: EventSource; __last: string };
      w.__stream.dispatchEvent(new MessageEvent("notification", { data: w.__last }));
    });
    await settled(page, refetch);
    expect(await bell(page).getAttribute("aria-label")).toBe("Notifications, 1 unread");
    expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Airdrop Received" }).count()).toBe(1);
  });

  it("counts a notification that arrives while the bell's first count is still on its way", async () => {
    const member = await signUpByApi(j.server, newAccount("early"));
    const page = await j.open({ as: member, viewport: "desktop" });
    // The bell's first count is slow: its answer (no unread) is settled before the airdrop, and arrives after it.
    const counts = await holdCounts(page);
    await gotoLive(page, "/plugfeed");
    await airdropByApi(member.username, 25, "Early bird");
    await toast(page, "Airdrop Received").waitFor();

    counts.stopHolding();
    await counts.release();
    // The first answer said 0; the bell shows what the server says now.
    expect(await counts.answers[0]).toBe(0);
    await page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor();
  });

  it("is not brought back by a count fetched before a read was saved", async () => {
    const member = await signUpByApi(j.server, newAccount("stale"));
    await airdropByApi(member.username, 40, "Read me");
    const page = await j.open({ as: member, viewport: "desktop" });
    const counts = await holdCounts(page);
    await gotoLive(page, "/plugfeed");
    // The bell's first count is on its way (the stream's 'ready' cancels it and asks again; both are held).
    await counts.firstHeld;

    // While those answers ('1 unread') are on their way, the member reads the notification.
    await bell(page).click();
    const row = page
      .getByRole("dialog", { name: "Notifications" })
      .getByRole("button", { name: /You received an airdrop of 40 points/ });
    counts.stopHolding();
    const read = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications/read");
    await row.click();
    expect((await read).status()).toBe(200);
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();

    // The old answers arrive after the read: the bell stays at no unread.
    await counts.release();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await bell(page).getAttribute("aria-label")).toBe("Notifications");
    expect(await page.getByTestId("unread-count").count()).toBe(0);
  });
});
