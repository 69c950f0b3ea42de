import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { QUIET_CHROMIUM_FLAGS } from "../testing/chromium.ts";
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
  /** Lighthouse's own error when it could not finish the page (then the scores above mean nothing). */
  runtimeError?: string;
};

/** How many times a page is tried when Lighthouse cannot finish it (a runtime error, not a low score). */
const ATTEMPTS = 3;

type TLhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

const CHROME_FLAGS = ["--headless", ...QUIET_CHROMIUM_FLAGS];

/**
 * Lighthouse's default (mobile) run of the budget's pages on the running server, in Debian's Chromium
 * (CHROME_PATH, default /usr/bin/chromium). `onReport` receives each page's full report (the CLI saves them).
 */
export async function runLighthouse(
  baseUrl: string,
  onReport?: (page: string, lhr: TLhr) => void,
): Promise<TLighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  const results: TLighthouseResult[] = [];
  try {
    for (const page of Object.keys(BUDGET_PAGES)) {
      const once = async () => {
        const run = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        if (!run) throw new Error(`Lighthouse returned nothing for ${page}`);
        return run.lhr;
      };
      let lhr = await once();
      for (let attempt = 2; attempt <= ATTEMPTS && lhr.runtimeError; attempt++) lhr = await once();
      onReport?.(page, lhr);
      const { categories, audits } = lhr;
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
        ...(lhr.runtimeError
          ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }
          : {}),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/** The audits of a report's scored categories that did not pass, e.g. "accessibility: color-contrast (0)". */
function failingAudits(lhr: TLhr): string[] {
  const failing: string[] = [];
  for (const [name, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
        failing.push(
          `${name}: ${ref.id} (${audit.score})${audit.displayValue ? ` ${audit.displayValue}` : ""}`,
        );
      }
    }
  }
  return failing;
}

/** The median of the runs that measured something (a run Lighthouse could not finish reports null). */
function median(values: number[]): number {
  const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? Number.NaN;
}

/**
 * Standalone: `node --import tsx apps/server/src/bench/lighthouse.ts http://127.0.0.1:3000 [runs] [report-dir]`
 * runs Lighthouse on an already running server `runs` times (default 3), prints every run, the median of each
 * figure and the audits that failed, and saves the JSON reports in report-dir (default bench-results/lighthouse).
 */
async function main() {
  const [baseUrl, runsArg, dirArg] = process.argv.slice(2);
  if (!baseUrl) throw new Error("usage: lighthouse.ts <base url> [runs] [report dir]");
  const runs = Number(runsArg ?? 3);
  const dir = dirArg ?? "bench-results/lighthouse";
  fs.mkdirSync(dir, { recursive: true });
  const all: TLighthouseResult[] = [];
  const failures = new Map<string, Set<string>>();
  for (let run = 1; run <= runs; run++) {
    const results = await runLighthouse(baseUrl, (page, lhr) => {
      const name = page === "/" ? "home" : page.slice(1).replaceAll("/", "-");
      fs.writeFileSync(path.join(dir, `${name}-${run}.json`), JSON.stringify(lhr));
      const seen = failures.get(page) ?? new Set<string>();
      for (const line of failingAudits(lhr)) seen.add(line.replace(/ \(.*$/, ""));
      failures.set(page, seen);
    });
    for (const r of results) console.log(`run ${run}`, JSON.stringify(r));
    all.push(...results);
  }
  for (const page of Object.keys(BUDGET_PAGES)) {
    const mine = all.filter((r) => r.page === page);
    const m = (key: keyof TLighthouseResult) =>
      median(mine.filter((r) => r.lcpMs !== null && Number.isFinite(r.lcpMs)).map((r) => Number(r[key])));
    console.log(
      `${page.padEnd(10)} perf ${m("performance")} a11y ${m("accessibility")} bp ${m("bestPractices")} seo ${m("seo")}` +
        ` LCP ${m("lcpMs")} ms CLS ${m("cls")} TBT ${m("tbtMs")} ms`,
    );
    for (const line of failures.get(page) ?? []) console.log(`    failed: ${line}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
