import { ZFeedQuery } from "@plugs/domain";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { getFeed } from "../features/posts/list-posts.ts";
import { createLogger } from "../logger.ts";
import { createStorage } from "../storage/create-storage.ts";
import { benchId } from "./database.ts";

const url = "postgres://postgres@127.0.0.1:5432/plugs_bench_d621f1adc4fe";
const qs: string[] = [];
const database = await openDatabase({ databaseUrl: url, dataDir: null, onQuery: (q) => qs.push(q) });
const config = loadConfig({ DATABASE_URL: url, CAPTCHA_PROVIDER: "none", LOG_LEVEL: "silent", WEB_DIST: "" });
const deps = {
  config,
  database,
  db: database.db,
  logger: createLogger("silent"),
  storage: createStorage(config),
};
const viewer = { id: benchId("u", 1), username: "bench_1", email: "", isAdmin: false, sessionId: "" };
qs.length = 0;
await getFeed(deps as never, viewer, ZFeedQuery.parse({ tab: process.argv[2] ?? "all" }));
console.log(qs.join("\n----\n"));
console.error(viewer.id);
await database.close();
