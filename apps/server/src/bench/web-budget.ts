import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

type TManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

/**
 * The pages the budget covers, by an address of each (Lighthouse opens it), and their page modules
 * (apps/web/src/page-files.ts). The blog's article is one the bench seeds (seed.ts).
 */
export const BUDGET_PAGES: Record<string, string> = {
  "/": "src/features/home/home-page.tsx",
  "/plugfeed": "src/features/feed/plugfeed-page.tsx",
  "/kols": "src/features/kols/kols-page.tsx",
  "/blog": "src/features/blog/blog-page.tsx",
  "/blog/bench-article-2": "src/features/blog/blog-post-page.tsx",
};

export type TPageWeight = { page: string; jsGzipKb: number; cssGzipKb: number; files: string[] };

/**
 * What a page loads first, gzipped: the entry chunk and its static imports, plus the page's own chunk and its static
 * imports, with their styles, read from Vite's manifest (dist/.vite/manifest.json). Lazy chunks (the captcha, dialogs
 * opened later) are not counted.
 */
export function webBudget(dist: string): TPageWeight[] {
  const manifestPath = path.join(dist, ".vite", "manifest.json");
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build first`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<string, TManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("the manifest names no entry chunk");
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

  return Object.entries(BUDGET_PAGES).map(([page, module]) => {
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(entry);
    if (!manifest[module]) throw new Error(`the manifest has no chunk for ${module}`);
    visit(module);
    const sum = (files: Set<string>) => Math.round([...files].reduce((n, f) => n + gz(f), 0) * 10) / 10;
    return { page, jsGzipKb: sum(js), cssGzipKb: sum(css), files: [...js, ...css] };
  });
}
