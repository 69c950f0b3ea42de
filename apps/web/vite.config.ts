import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { OutputChunk } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { PAGE_FILES } from "./src/page-files.ts";

// `npm run dev -w apps/web` serves the app on :5173 with hot reload; the API and uploads come from the server
// started beside it (`npm run dev`, port 3000).
const server = "http://localhost:3000";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, compressed once at their highest levels, so
 * the server (apps/server/src/http/web-app.ts) sends them as they are instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "plugs:precompress",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: "utf8" })
        .filter((name) => /\.(js|css|html|svg|json|txt|webmanifest)$/.test(name) && !name.startsWith(".vite"))
        .map((name) => path.join(outDir, name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = fs.readFileSync(file);
          if (bytes.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzip(bytes, { level: 9 }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Writes dist/.vite/page-preloads.json: for each route, the JavaScript its page loads first beyond the entry's (the
 * page's chunk and its static imports). The server (web-app.ts) puts them in the HTML as modulepreload links, so a
 * page's code downloads with the app's instead of after it has run.
 */
function pagePreloads(): Plugin {
  let root = "";
  return {
    name: "plugs:page-preloads",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (chunk: OutputChunk, files = new Set<string>()) => {
        if (files.has(chunk.fileName)) return files;
        files.add(chunk.fileName);
        for (const imported of chunk.imports) {
          const next = byFile.get(imported);
          if (next) withImports(next, files);
        }
        return files;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error("the build has no entry chunk");
      const loadedFirst = withImports(entry);
      const preloads: Record<string, string[]> = {};
      for (const [route, file] of Object.entries(PAGE_FILES)) {
        const module = path.resolve(root, "src", file);
        const page = chunks.find((chunk) => chunk.facadeModuleId === module);
        if (!page) this.error(`no chunk draws ${route} (${file})`);
        preloads[route] = [...withImports(page)].filter((name) => !loadedFirst.has(name));
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/page-preloads.json",
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}

/**
 * Puts `<link rel="preload" as="font">` for a font file the stylesheets use (by its path in node_modules, e.g. one
 * of @fontsource's) in the built index.html, under the hashed name the build gave it. The browser otherwise finds a
 * font only after the stylesheets have loaded and the page's text has been laid out; preloaded, it downloads with
 * the stylesheets and usually arrives before the first paint.
 */
function preloadFont(file: string): Plugin {
  return {
    name: "plugs:preload-font",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === "asset" && output.originalFileNames.some((name) => name.endsWith(`/${file}`)),
        );
        if (!font) throw new Error(`no built file comes from ${file}: is it still the one the styles use?`);
        return [
          {
            tag: "link",
            attrs: {
              rel: "preload",
              href: `/${font.fileName}`,
              as: "font",
              type: "font/woff2",
              crossorigin: "",
            },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

// `vite build --ssr src/entry-server.tsx` (the second half of `npm run build`) writes dist-ssr/entry-server.js, with
// which the server renders the first screen of some pages (src/first-screen.ts); it is never sent to a browser.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    pagePreloads(),
    // Inter's Latin file, which every weight of the first screen is drawn from (a variable font).
    preloadFont("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  ],
  server: {
    proxy: {
      "/api": { target: server },
      "/media": { target: server },
    },
  },
  build: isSsrBuild
    ? { outDir: "dist-ssr", emptyOutDir: true, target: "node20", copyPublicDir: false }
    : {
        outDir: "dist",
        emptyOutDir: true,
        target: "es2022",
        // dist/.vite/manifest.json: which chunks and styles each page loads first (`npm run bench` weighs them).
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Libraries change far less often than our code, so they get their own long-cached chunks: React and
                // the router, then the other libraries every page needs. Libraries used by one page stay with it.
                {
                  name: "react",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                // Inter's @font-face rules (@fontsource) stay with the app's own styles: one render-blocking
                // stylesheet instead of two.
                {
                  name: "vendor",
                  test: /node_modules[\\/](?!@fontsource)/,
                  tags: ["$initial"],
                  priority: 1,
                },
              ],
            },
          },
        },
      },
}));
