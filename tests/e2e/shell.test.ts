import { M_SWEEP, PAGE_ROUTES } from "@plugs/domain";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shot } from "./support/browser.ts";
import { heading, useJourney } from "./support/journey.ts";

const j = useJourney();
const { open } = j;

const pathOf = (page: Page) => new URL(page.url()).pathname;
const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className);

/** A concrete address for each route pattern: /kol/:handle -> /kol/sample-handle, /admin/* -> /admin/reports. */
function samplePath(pattern: string): string {
  return pattern
    .replace(/\/\*$/, "/reports")
    .replace(/:([A-Za-z]+)/g, (_, name: string) => `sample-${name.toLowerCase()}`);
}

/** The routes whose sample address names a thing that does not exist: the server answers them 404. */
const THING_PAGES = new Set<string>([
  "/kol/:handle",
  "/user/:username",
  "/posts/:id",
  "/blog/:slug",
  "/blog/category/:slug",
  "/blog/tag/:slug",
  "/communities/:slugOrId",
  "/communities/:slug/manage",
  "/rewards/:slug",
  "/learn/course/:id",
  "/learn/course/:courseId/lesson/:lessonId",
  "/learn/course/:courseId/lesson/:lessonId/quiz",
  "/learn/course/:courseId/exam",
  "/learn/certificates/:code",
]);

describe("web app shell", () => {
  it("shows the site name from /api/site in the bar, the footer and the tab title", async () => {
    const health = (await (await fetch(`${j.server.url}/api/health`)).json()) as { database: string };
    expect(health.database).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
    const site = (await (await fetch(`${j.server.url}/api/site`)).json()) as { siteName: string };
    const page = await open();
    await page.goto("/");
    await page.getByRole("link", { name: `${site.siteName} home` }).waitFor();
    await heading(page, /Know who's a plug/).waitFor();
    const footer = page.getByRole("contentinfo");
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} ${site.siteName}`);
    expect(await page.title()).toBe(site.siteName);
    // Visitors (no session: /api/session answers {me: null}) are offered Sign In and Sign Up (they open the auth modal).
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).waitFor();
    await page.getByRole("banner").getByRole("button", { name: "Sign Up", exact: true }).waitFor();
    await shot(page, "home-dark-1280");
  });

  it("renders whatever name and logo the site settings hold", async () => {
    const page = await open();
    const logo =
      "data:image/svg+xml;base64," +
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
      ).toString("base64");
    await page.route("**/api/site", (route) =>
      route.fulfill({ json: { siteName: "Rug Radar", logoUrl: logo } }),
    );
    await page.goto("/faq");
    await page.getByRole("link", { name: "Rug Radar home" }).waitFor();
    expect(await page.getByRole("banner").locator("img").getAttribute("src")).toBe(logo);
    expect(await page.getByRole("contentinfo").textContent()).toContain("Rug Radar");
    await page.waitForFunction(() => document.title === "FAQ · Rug Radar");
  });

  it("answers every route of the product with its page, inside the layout", async () => {
    const page = await open();
    for (const pattern of PAGE_ROUTES) {
      const path = samplePath(pattern);
      const res = await page.goto(path);
      // The page of one thing (an article, a KOL, a member, a post) that does not exist is a real 404.
      expect(res?.status(), path).toBe(THING_PAGES.has(pattern) ? 404 : 200);
      await page.locator("main h1").waitFor();
      expect(await page.locator("main h1").textContent(), path).not.toBe("Page not found");
      await page.getByRole("navigation", { name: "Main" }).waitFor();
      // One set of page widths (components/page-width.ts): reading 768, wide 1152, full 1280, a lone form 448 and a
      // message 576 px.
      const width = await page.evaluate(() => {
        // The outermost box under <main> that limits its width.
        let box = document.querySelector("main")?.firstElementChild ?? null;
        while (box && getComputedStyle(box).maxWidth === "none") box = box.firstElementChild;
        return box ? getComputedStyle(box).maxWidth : "none";
      });
      expect(["768px", "1152px", "1280px", "448px", "576px"], `${path}: ${width}`).toContain(width);
    }
  });

  it("navigates with the desktop bar, including the Plugs & Rugs menu", async () => {
    const page = await open({ viewport: "desktop" });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const links: [string, string, RegExp][] = [
      ["Learn", "/learn", /^Learn to spot the rug before it's pulled$/],
      ["Sweep", "/sweep", /^Sweep your wallet$/],
      ["Report", "/report", /^Report a KOL$/],
      ["Rewards", "/rewards", /^Giveaways anyone can check$/],
      ["Leaderboard", "/leaderboard", /^Top members by points$/],
      ["Blog", "/blog", /^Blog$/],
      ["Contact", "/contact", /^Contact$/],
      ["PlugFeed", "/plugfeed", /^PlugFeed$/],
      ["Home", "/", /Know who's a plug/],
    ];
    for (const [label, path, title] of links) {
      const link = nav.getByRole("link", { name: label, exact: true });
      await link.click();
      await heading(page, title).waitFor();
      expect(pathOf(page)).toBe(path);
      expect(await link.getAttribute("aria-current")).toBe("page");
    }

    // The dropdown with the mouse...
    await nav.getByRole("button", { name: "Plugs & Rugs" }).click();
    const menu = page.getByRole("menu");
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual([
      "All KOLs",
      "Top KOLs",
      "All Plugs",
      "Plug of Fame",
      "All Rugs",
      "Rug of Shame",
    ]);
    await menu.getByRole("menuitem", { name: "Plug of Fame" }).click();
    await heading(page, "Plug of Fame").waitFor();
    expect(pathOf(page)).toBe("/plug-of-fame");
    await menu.waitFor({ state: "hidden" });

    // ...and with the keyboard: Enter opens it on the first item, arrows move, Enter follows.
    await nav.getByRole("button", { name: "Plugs & Rugs" }).focus();
    await page.keyboard.press("Enter");
    const focused = (label: string) =>
      page.waitForFunction((l) => document.activeElement?.textContent === l, label);
    await focused("All KOLs");
    for (const label of ["Top KOLs", "All Plugs", "Plug of Fame", "All Rugs"]) {
      await page.keyboard.press("ArrowDown");
      await focused(label);
    }
    await page.keyboard.press("Enter");
    await heading(page, "All Rugs").waitFor();
    expect(pathOf(page)).toBe("/rugs");

    // Learn and Blog stay active on the pages below them; Home does not.
    await page.goto("/learn/course/intro/lesson/1");
    await heading(page, /^(Course|Lesson) not found$/).waitFor();
    expect(await nav.getByRole("link", { name: "Learn" }).getAttribute("aria-current")).toBe("page");
    await page.goto("/blog/how-to-spot-a-rug");
    await heading(page, "Article not found").waitFor();
    expect(await nav.getByRole("link", { name: "Blog" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();

    // Sign Up and Sign In open the auth modal on their tab, over the page.
    for (const tab of ["Sign Up", "Sign In"]) {
      await page.getByRole("banner").getByRole("button", { name: tab, exact: true }).click();
      const dialog = page.getByRole("dialog");
      expect(await dialog.getByRole("tab", { name: tab }).getAttribute("aria-selected")).toBe("true");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(pathOf(page)).toBe("/blog/how-to-spot-a-rug");
    }
  });

  it("fits the whole bar at the lg breakpoint (1024 px)", async () => {
    const page = await open({ viewport: "lg" });
    await page.goto("/");
    const bar = page.getByRole("banner");
    const signUp = bar.getByRole("button", { name: "Sign Up" });
    await signUp.waitFor();
    const box = await signUp.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1024);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
  });

  it("opens the mobile menu at 390 px and navigates from it", async () => {
    const page = await open({ viewport: "mobile" });
    await page.goto("/");
    await heading(page, /Know who's a plug/).waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);

    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("dialog", { name: "Navigation" });
    await panel.waitFor();
    for (const label of [
      "Home",
      "All KOLs",
      "Plug of Fame",
      "Rug of Shame",
      "Learn",
      "Leaderboard",
      "PlugFeed",
    ]) {
      expect(await panel.getByRole("link", { name: label, exact: true }).isVisible(), label).toBe(true);
    }
    expect(await panel.getByRole("button", { name: "Sign In" }).isVisible()).toBe(true);
    expect(await panel.getByRole("button", { name: "Sign Up" }).isVisible()).toBe(true);
    await shot(page, "mobile-menu-open-dark-390", { fullPage: false });

    await panel.getByRole("link", { name: "Leaderboard" }).click();
    await panel.waitFor({ state: "hidden" });
    await heading(page, "Top members by points").waitFor();
    expect(pathOf(page)).toBe("/leaderboard");

    // The panel's theme switch.
    await page.getByRole("button", { name: "Open menu" }).click();
    await panel.getByRole("button", { name: /Switch to light theme/ }).click();
    expect(await htmlClass(page)).toBe("light");
    await shot(page, "mobile-menu-open-light-390", { fullPage: false });
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
  });

  it("keeps one menu button through the panel's late load: a press before it arrives opens it, Escape returns focus", async () => {
    const page = await open({ viewport: "mobile" });
    // Hold the panel's code until the button has been pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/mobile-menu-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    const button = page.getByRole("button", { name: "Open menu" });
    await button.evaluate((el) => el.setAttribute("data-first-drawn", ""));
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    release();
    const panel = page.getByRole("dialog", { name: "Navigation" });
    await panel.waitFor();
    // The button pressed is the one drawn first: nothing replaced it under the finger. (The open dialog hides the
    // rest of the page from the accessibility tree, so it is found by its attributes.)
    expect(await page.locator('button[aria-label="Open menu"][data-first-drawn]').count()).toBe(1);
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");
  });

  it("switches to the light theme and keeps it across a reload", async () => {
    const page = await open();
    await page.goto("/");
    expect(await htmlClass(page)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await htmlClass(page)).toBe("light");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

    await page.reload();
    await heading(page, /Know who's a plug/).waitFor();
    expect(await htmlClass(page)).toBe("light");
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe("#f6f7f9");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(246, 247, 249)");

    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await htmlClass(page)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  });

  it("shows the not-found page, with status 404, for an unknown address", async () => {
    const page = await open();
    const res = await page.goto("/no-such-page/at-all");
    expect(res?.status()).toBe(404);
    await heading(page, "Page not found").waitFor();
    expect(await page.title()).toBe("Page not found · Plugs & Rugs");
    await shot(page, "not-found-dark-1280");
    await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();
    await heading(page, /Know who's a plug/).waitFor();
    expect(pathOf(page)).toBe("/");
  });

  it("says plainly that Sweep is not configured when the site has no Solana RPC", async () => {
    const page = await open({ theme: "light" });
    const res = await page.goto("/sweep");
    expect(res?.status()).toBe(200);
    await heading(page, "Sweep your wallet").waitFor();
    await page.getByText(M_SWEEP.notConfigured).waitFor();
    await shot(page, "sweep-not-configured-light-1280");
    expect(await page.title()).toBe("Sweep · Plugs & Rugs");
  });

  it("shows a centered spinner while a page's code loads", async () => {
    const page = await open();
    // Hold back the FAQ page's code so the wait is visible.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/faq-page-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/faq", { waitUntil: "commit" });
    const spinner = page.getByRole("status", { name: "Loading page" });
    await spinner.waitFor();
    const box = await spinner.boundingBox();
    expect(box).not.toBeNull();
    // Horizontally centered on the page.
    const middle = await page.evaluate(() => document.documentElement.clientWidth / 2);
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - middle)).toBeLessThan(4);
    // The bar is already there around it.
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    release();
    await heading(page, "Frequently asked questions").waitFor();
    expect(await spinner.count()).toBe(0);

    // Moving to a page whose code is not loaded yet: the spinner shows over the current page until it arrives.
    let releaseNext = () => {};
    const heldNext = new Promise<void>((resolve) => {
      releaseNext = resolve;
    });
    await page.route(/\/assets\/privacy-page-[^/]+\.js$/, async (route) => {
      await heldNext;
      await route.continue();
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await spinner.waitFor();
    releaseNext();
    await heading(page, "Privacy Policy").waitFor();
    await spinner.waitFor({ state: "detached" });
  });

  it("renders the FAQ, privacy policy and terms, and scrolls to the top on a new page", async () => {
    const page = await open();
    await page.goto("/faq");
    await heading(page, "Frequently asked questions").waitFor();
    await page.getByText("What is a KOL?").click();
    await page.getByText("A key opinion leader").waitFor();
    await shot(page, "faq-dark-1280");

    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await heading(page, "Privacy Policy").waitFor();
    expect(await page.getByRole("main").textContent()).toContain("IP address");

    // Scrolled to the footer, a click on one of its links lands at the top of the next page.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await heading(page, "Terms of Service").waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByRole("main").textContent()).toContain("Not financial advice");
  });

  it("links the footer to our X profile and the KOL-scoring partner in new tabs", async () => {
    const page = await open();
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const name of [/Follow us on X/, /KOL scores by/]) {
      const link = footer.getByRole("link", { name });
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noopener");
      expect(await link.getAttribute("href")).toMatch(/^https:\/\//);
    }
  });

  it("lays out the home page's first screen in the fallback font exactly as in Inter, so the swap moves nothing", async () => {
    /** Every element of the first screen: its tag and text, and its top and height (what a swap would move). */
    const firstScreen = (page: Page) =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll("#root *"))
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.top < window.innerHeight && box.height > 0)
          .map(({ el, box }) => ({
            element: `${el.tagName} "${(el.textContent ?? "").trim().slice(0, 30)}"`,
            top: Math.round(box.top),
            height: Math.round(box.height),
          })),
      );
    const fontsIn = (page: Page) =>
      page.evaluate(async () => {
        await document.fonts.ready;
        const loaded: string[] = [];
        document.fonts.forEach((font) => {
          if (font.status === "loaded") loaded.push(font.family.replaceAll('"', ""));
        });
        return loaded;
      });
    for (const viewport of ["mobile", "desktop"] as const) {
      // As the page looks before Inter arrives: its file never comes.
      const before = await open({ viewport });
      await before.route(/\.woff2$/, (route) => route.abort());
      await before.goto("/");
      await heading(before, /Know who's a plug/).waitFor();
      const fallbackFonts = await fontsIn(before);
      expect(fallbackFonts).toContain("Inter Fallback");
      expect(fallbackFonts).not.toContain("Inter Variable");
      const after = await open({ viewport });
      await after.goto("/");
      await heading(after, /Know who's a plug/).waitFor();
      expect(await fontsIn(after)).toContain("Inter Variable");
      const [inFallback, inInter] = [await firstScreen(before), await firstScreen(after)];
      expect(inFallback.length).toBeGreaterThan(20);
      expect(inFallback, viewport).toEqual(inInter);
    }
  });

  it("fetches Inter's Latin file once, from the preload in the HTML", async () => {
    const page = await open({ viewport: "mobile" });
    await page.goto("/");
    await heading(page, /Know who's a plug/).waitFor();
    await page.evaluate(() => document.fonts.ready);
    const requests = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(e.name))
        .map((e) => (e as PerformanceResourceTiming).initiatorType),
    );
    // "link": asked for by <link rel=preload>, not discovered in the stylesheet ("css"); one request, so the
    // preload's CORS mode matched the stylesheet's and the file was not downloaded twice.
    expect(requests).toEqual(["link"]);
  });

  it("saves the home page in both themes at both widths", async () => {
    for (const viewport of ["desktop", "mobile"] as const) {
      for (const theme of ["dark", "light"] as const) {
        const page = await open({ viewport, theme });
        await page.goto("/");
        await heading(page, /Know who's a plug/).waitFor();
        expect(await htmlClass(page)).toBe(theme);
        await shot(page, `home-${theme}-${viewport === "desktop" ? 1280 : 390}`);
      }
    }
  });
});
