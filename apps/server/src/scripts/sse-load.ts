/**
 * Measures one instance holding many event streams: opens N streams (default 500) for N signed-in users, then
 * publishes one new-post signal and times how long until every stream has received it. Prints memory before and
 * after. Not part of the test suite: `node --import tsx apps/server/src/scripts/sse-load.ts [N]`
 * (TEST_DATABASE_URL set: on that PostgreSQL server; otherwise PGlite).
 */
import { randomUUID } from "node:crypto";
import { seedSignedInUsers } from "../features/posts/testing.ts";
import { publishEvent } from "../features/realtime/publish.ts";
import { openEventStream } from "../testing/event-stream.ts";
import { startTestServer } from "../testing/test-server.ts";

const count = Number(process.argv[2] ?? 500);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

const server = await startTestServer();
const users = await seedSignedInUsers(server, count);
global.gc?.();
const before = process.memoryUsage();
const opened = Date.now();
const streams = [];
for (let i = 0; i < users.length; i += 50) {
  streams.push(...(await Promise.all(users.slice(i, i + 50).map((u) => openEventStream(server, u.cookie)))));
}
await Promise.all(streams.map((s) => s.next("ready", { timeoutMs: 30_000 })));
const openMs = Date.now() - opened;
global.gc?.();
const after = process.memoryUsage();
console.log(`open streams on the server: ${server.realtime.size()} (opened in ${openMs} ms)`);
console.log(
  `memory (server and clients in one process): rss ${mb(before.rss)} -> ${mb(after.rss)}, heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}`,
);
console.log(`per stream: ~${((after.rss - before.rss) / count / 1024).toFixed(1)} KB rss`);

const started = performance.now();
await publishEvent(server.deps.db, {
  type: "post",
  postId: randomUUID(),
  authorId: randomUUID(),
  communityId: null,
});
await Promise.all(streams.map((s) => s.next("post", { timeoutMs: 30_000 })));
console.log(`one event fanned out to all ${count} streams in ${(performance.now() - started).toFixed(1)} ms`);

for (const s of streams) s.close();
await server.close();
process.exit(0);
