import fs from "node:fs";
import path from "node:path";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { TDeps } from "../context.ts";
import type { TRealtimeHub } from "../features/realtime/hub.ts";
import { createLogger } from "../logger.ts";

/**
 * Writes the document served at /api/openapi.json to a file (`npm run lint:api` lints it), without a database or a
 * port: routes touch the database, storage and event hub only when a request arrives, so those are stand-ins that
 * throw if anything reaches for them while the document is built.
 */
function absent<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      throw new Error(`openapi-document: ${what}.${String(key)} was used while building the document`);
    },
  });
}

const out = process.argv[2];
if (!out) {
  console.error("usage: node --import tsx apps/server/src/scripts/openapi-document.ts <file.json>");
  process.exit(1);
}
const config = loadConfig({ WEB_DIST: "", LOG_LEVEL: "silent", AUTH_SECRET: "x".repeat(32) });
const deps: TDeps = {
  config,
  logger: createLogger("silent"),
  database: absent("database"),
  db: absent("db"),
  storage: absent("storage"),
};
const app = createApp(deps, { realtime: absent<TRealtimeHub>("realtime") });
const res = await app.request("/api/openapi.json");
if (!res.ok) {
  console.error(`openapi-document: GET /api/openapi.json answered ${res.status}: ${await res.text()}`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(await res.json(), null, 2)}\n`);
