import fs from "node:fs";
import path from "node:path";
import { isPageRoute } from "@plugs/domain";
import type { Hono } from "hono";
import type { TAppEnv } from "../context.ts";
import { fileResponse, resolveInside } from "../lib/send-file.ts";

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every page route answered
 * with index.html. An unknown path still gets the app (which shows its not-found page) but with status 404.
 */
export function mountWebApp(app: Hono<TAppEnv>, dist: string) {
  const index = path.join(dist, "index.html");
  app.get("*", (c) => {
    const url = new URL(c.req.url);
    const pathname = decodeURIComponent(url.pathname);
    if (pathname !== "/") {
      const file = resolveInside(dist, pathname);
      if (file) {
        const immutable = pathname.startsWith("/assets/");
        return fileResponse(file, {
          "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        });
      }
    }
    if (!fs.existsSync(index)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    return fileResponse(index, { "cache-control": "no-cache" }, isPageRoute(pathname) ? 200 : 404);
  });
}
