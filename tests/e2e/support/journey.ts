import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { launchBrowser, openPage, type TPageOptions } from "./browser.ts";
import { startE2EServer, type TE2EServer, type TE2EServerOptions } from "./server.ts";

export type TOpenOptions = Omit<TPageOptions, "baseURL"> & {
  /** Signed in as this account: its session cookie (`name=value; ...`) is put in the browser context. */
  as?: { cookie: string };
  /** Another server of the file's (one with other settings) instead of the journey's own. */
  on?: TE2EServer;
};

export type TJourney = {
  /** The server of this file's journeys (set once `beforeAll` has run). */
  readonly server: TE2EServer;
  readonly browser: Browser;
  /** A fresh browser context and page; closed after the test, which fails if the page logged an error. */
  open(options?: TOpenOptions): Promise<Page>;
};

/**
 * Registers one test file's browser-journey set-up: a server (with `extraEnv`) and a browser for the whole file,
 * and after each test, its contexts closed and a check that no page threw or logged an error (a CSP violation is
 * one).
 */
export function useJourney(
  extraEnv: Record<string, string> = {},
  serverOptions: TE2EServerOptions = {},
): TJourney {
  let server: TE2EServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let pageErrors: string[][] = [];

  beforeAll(async () => {
    server = await startE2EServer(extraEnv, serverOptions);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    // A failed journey says what the server logged, since the server's side of a failure is otherwise lost.
    if (task.result?.state === "fail" && server?.output()) {
      console.error(`The server's log up to this failure:\n${server.output()}`);
    }
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const errors = pageErrors.flat();
    pageErrors = [];
    expect(errors).toEqual([]);
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`the journey's ${what} is not started yet (used outside a test?)`);
    return value;
  };

  return {
    get server() {
      return started(server, "server");
    },
    get browser() {
      return started(browser, "browser");
    },
    async open({ as, on, ...options } = {}) {
      const base = (on ?? started(server, "server")).url;
      const { context, page, errors } = await openPage(started(browser, "browser"), {
        baseURL: base,
        ...options,
      });
      contexts.push(context);
      pageErrors.push(errors);
      if (as) await context.addCookies(cookiesOf(as.cookie, base));
      return page;
    },
  };
}

/** A `Cookie` header's pairs as Playwright cookies for `url`. */
export function cookiesOf(header: string, url: string) {
  return header
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    });
}

/** The newest toast (sonner) showing `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).last();

/** The page's level-1 heading named `name`. */
export const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

/** The page is no wider than the viewport (nothing pokes out sideways on a phone). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Opens `path` and resolves once the tab's event stream is live: the server registers a stream before it sends
 * `ready`, so a `ready` seen by the page means events will reach this tab. The page's EventSource is wrapped (once)
 * to count the `ready` events it receives.
 */
export async function gotoLive(page: Page, path: string): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __readyEvents?: number };
    if (w.__readyEvents !== undefined) return;
    w.__readyEvents = 0;
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener("ready", () => {
          w.__readyEvents = (w.__readyEvents ?? 0) + 1;
        });
      }
    };
  });
  await page.goto(path);
  await page.waitForFunction(
    () => ((window as unknown as { __readyEvents?: number }).__readyEvents ?? 0) > 0,
  );
}
