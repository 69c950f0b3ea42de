import type { TNotification } from "@plugs/domain";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import type { TEventBus } from "./event-bus.ts";
import { createRealtimeHub } from "./hub.ts";
import type { TBusEvent } from "./publish.ts";

/** A hub on a bus that the test publishes to by hand, with `streams` open streams that record what they were sent. */
function hubWithStreams(streams: number) {
  let publish: (event: TBusEvent) => void = () => {};
  const bus: TEventBus = {
    subscribe(listener) {
      publish = listener;
      return () => {};
    },
    close: async () => {},
  };
  const hub = createRealtimeHub(
    {
      db: null as never,
      logger: createLogger("silent"),
      config: { eventStreamsPerMember: 0, eventStreamsPerIp: 0 },
    },
    bus,
  );
  const sent: string[][] = [];
  for (let i = 0; i < streams; i++) {
    const log: string[] = [];
    sent.push(log);
    hub.add({ userId: `member-${i}`, ip: null, send: (event) => log.push(event.type), close: () => {} });
  }
  return { hub, sent, publish: (event: TBusEvent) => publish(event) };
}

const notification = { id: "n1", kind: "follow" } as unknown as TNotification;

describe("realtime hub", () => {
  it("writes one event to many streams a slice per turn of the event loop, so requests run in between", async () => {
    const { sent, publish } = hubWithStreams(1000);
    publish({ type: "site" });
    const reached = () => sent.filter((log) => log.length > 0).length;
    // The first slice at once; the rest after the requests that were waiting have had their turn.
    expect(reached()).toBe(200);
    let turns = 0;
    while (reached() < 1000) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    expect(turns).toBe(4);
    expect(sent.every((log) => log.length === 1 && log[0] === "site")).toBe(true);
  });

  it("delivers events to a stream in the order they came, behind a fan-out still being written", async () => {
    const { sent, publish } = hubWithStreams(500);
    publish({ type: "site" });
    publish({ type: "notification", userId: "member-0", notification });
    publish({ type: "notification", userId: "member-499", notification });
    // member-0 had the site event in the first slice, but its notification waits for the fan-out before it.
    expect(sent[0]).toEqual(["site"]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent[0]).toEqual(["site", "notification"]);
    expect(sent[499]).toEqual(["site", "notification"]);
    expect(sent[250]).toEqual(["site"]);
  });
});
