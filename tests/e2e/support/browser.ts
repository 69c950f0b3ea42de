import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { QUIET_CHROMIUM_FLAGS } from "../../../apps/server/src/testing/chromium.ts";

const RESULTS = fileURLToPath(new URL("../../../test-results/", import.meta.url));

/** Debian's Chromium, headless, with everything that would reach the network on its own turned off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: QUIET_CHROMIUM_FLAGS,
  });
}

export const VIEWPORTS = {
  /** A phone: below the lg breakpoint, so the navigation is the menu button. */
  mobile: { width: 390, height: 844 },
  /** Tailwind's lg breakpoint: the narrowest width with the full navigation bar. */
  lg: { width: 1024, height: 768 },
  /** A laptop: the full navigation bar. */
  desktop: { width: 1280, height: 800 },
} as const;

export type TViewport = keyof typeof VIEWPORTS;
export type TTheme = "dark" | "light";

export type TPageOptions = {
  baseURL: string;
  viewport?: TViewport;
  /** Starts in this theme (as if chosen earlier); omitted, the app's default (dark) applies. */
  theme?: TTheme;
};

/**
 * A fresh context (no cookies, empty storage) and page. `page.errors` collects uncaught page errors and console
 * errors other than failed requests (a 401 or 404 is an answer the app handles, not a defect), so a test can
 * assert that nothing went wrong, CSP violations included.
 */
export async function openPage(
  browser: Browser,
  { baseURL, viewport = "desktop", theme }: TPageOptions,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport] });
  if (theme) {
    // Only when nothing is saved yet, so a test can still change the theme and reload.
    await context.addInitScript((t) => {
      if (!localStorage.getItem("theme")) localStorage.setItem("theme", t);
    }, theme);
  }
  const page = await context.newPage();
  // A server-rendered page is on screen before React has hydrated it, and a click then is lost: every navigation
  // waits for the app's mark (app.tsx) before the test goes on.
  const untilHydrated = () =>
    page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
      timeout: 15_000,
    });
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit" && response?.headers()["content-type"]?.startsWith("text/html"))
      await untilHydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (response?.headers()["content-type"]?.startsWith("text/html")) await untilHydrated();
    return response;
  };
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) errors.push(msg.text());
  });
  return { context, page, errors };
}

/**
 * Saves a screenshot to test-results/<name>.png for people to look at: the whole page, or only the viewport
 * (`fullPage: false`) when a modal panel is open.
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.png`);
  // Fonts loaded, and entry animations and transitions taken to their end (Playwright's `animations: "disabled"`),
  // so the picture shows what a person sees once the page has settled, without waiting for it.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, fullPage, animations: "disabled" });
  return file;
}
