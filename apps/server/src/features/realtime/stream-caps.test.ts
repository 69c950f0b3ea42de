import { M_EVENT_STREAMS } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream, type TEventStream } from "../../testing/event-stream.ts";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";

/** Waits until the hub holds `n` streams (a closed stream leaves it when its request ends). */
async function until(server: TTestServer, n: number) {
  const deadline = Date.now() + 5000;
  while (server.realtime.size() !== n) {
    if (Date.now() > deadline) throw new Error(`the hub holds ${server.realtime.size()} streams, not ${n}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("open event streams per member (default 5)", () => {
  let server: TTestServer;
  const streams: TEventStream[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await server?.close();
  });

  it("closes the member's oldest stream, saying why, when they open a sixth", async () => {
    const member = await createUser(server);
    const other = await createUser(server);
    for (let i = 0; i < 5; i++) {
      const stream = await openEventStream(server, member.cookie);
      streams.push(stream);
      await stream.next("ready");
    }
    const othersStream = await openEventStream(server, other.cookie);
    streams.push(othersStream);
    await othersStream.next("ready");

    const sixth = await openEventStream(server, member.cookie);
    streams.push(sixth);
    await sixth.next("ready");

    const [oldest, second] = streams;
    const closed = await oldest?.next("closed");
    expect(JSON.parse(closed?.data ?? "{}")).toEqual({ reason: "replaced" });
    await oldest?.ended;
    await until(server, 6);
    // The member keeps five, the newest among them; another member's stream is untouched.
    expect(second?.events.map((e) => e.event)).toEqual(["ready"]);
    expect(othersStream.events.map((e) => e.event)).toEqual(["ready"]);
  });
});

describe("open event streams per address", () => {
  let server: TTestServer;
  const streams: TEventStream[] = [];

  beforeAll(async () => {
    server = await startTestServer({ EVENT_STREAMS_PER_IP: "3" });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await server?.close();
  });

  it("refuses a stream past the address's cap with 429, and takes one again when a stream ends", async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => createUser(server)));
    for (const member of members.slice(0, 3)) {
      const stream = await openEventStream(server, member.cookie);
      streams.push(stream);
      await stream.next("ready");
    }
    const fourth = members[3]?.cookie as string;
    const res = await server.fetch("/api/events", { headers: { cookie: fourth } });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      error: { code: "RATE_LIMITED", message: M_EVENT_STREAMS.tooManyFromAddress },
    });

    streams[0]?.close();
    await until(server, 2);
    const again = await openEventStream(server, fourth);
    streams.push(again);
    expect(again.status).toBe(200);
    await again.next("ready");
  });
});
