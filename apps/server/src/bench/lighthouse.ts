import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { BUDGET_PAGES } from "./web-budget.ts";

export type TLighthouseResult = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
};

const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

/**
 * Lighthouse's default (mobile) run of the budget's pages on the running server, in Debian's Chromium
 * (CHROME_PATH, default /usr/bin/chromium).
 */
export async function runLighthouse(baseUrl: string): Promise<TLighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  const results: TLighthouseResult[] = [];
  try {
    for (const page of Object.keys(BUDGET_PAGES)) {
      const run = await lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!run) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { categories, audits } = run.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      results.push({
        page,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(value("largest-contentful-paint")),
        cls: Math.round(value("cumulative-layout-shift") * 1000) / 1000,
        tbtMs: Math.round(value("total-blocking-time")),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
