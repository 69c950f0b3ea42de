import { M_EVENT_STREAMS, type TRealtimeEvent } from "@plugs/domain";
import { sql } from "drizzle-orm";
import type { TConfig } from "../../config.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { AppError } from "../../errors.ts";
import type { TLogger } from "../../logger.ts";
import type { TEventBus } from "./event-bus.ts";
import type { TBusEvent } from "./publish.ts";

/** Streams written to per turn of the event loop (see deliver in createRealtimeHub). */
const STREAMS_PER_SLICE = 200;

/** One open event stream of a signed-in user. */
export type TConnection = {
  userId: string;
  /** The client's address (lib/client-ip.ts), for the per-address cap. */
  ip: string | null;
  send(event: TRealtimeEvent): void;
  /** Ends the stream: the server shuts down, or the member opened one too many ("replaced"). */
  close(reason?: "replaced"): void;
};

export type TRealtimeHub = {
  /**
   * Registers an open stream; the returned function unregisters it. Past the member's cap it closes their oldest
   * stream; at the address's cap it throws 429 instead (on a shared address the oldest may be someone else's).
   */
  add(connection: TConnection): () => void;
  /** How many streams are open on this instance. */
  size(): number;
  /**
   * Told, for each event routed to this instance's streams, how long after it was published that was done (the
   * metrics' delivery lag; a new-post signal includes its membership query). Returns the function that stops it.
   */
  onDelivered(listener: (delivery: { type: TBusEvent["type"]; lagMs: number }) => void): () => void;
  /** Ends every stream and stops listening (graceful shutdown). */
  close(): Promise<void>;
};

/**
 * Routes bus events to this instance's open streams: a notification to its user's streams, a change of the site
 * settings to every stream, a new post to every
 * connected user who may see it in the feed except its author. For a community post, one query per event asks
 * which of the connected users are active members (never a query per connection).
 */
export function createRealtimeHub(
  deps: { db: TDb; logger: TLogger; config: Pick<TConfig, "eventStreamsPerMember" | "eventStreamsPerIp"> },
  bus: TEventBus,
): TRealtimeHub {
  const byUser = new Map<string, Set<TConnection>>();
  const byIp = new Map<string, number>();
  let count = 0;
  const { eventStreamsPerMember: perMember, eventStreamsPerIp: perIp } = deps.config;

  // Deliveries in the order their events came, a slice of streams per turn of the event loop: one event to thousands
  // of streams (a settings save, a public post) would otherwise hold the loop for the whole fan-out, and every
  // request waiting on it, the writer's own answer too.
  const queue: { connections: TConnection[]; event: TRealtimeEvent; next: number; done: () => void }[] = [];
  let draining = false;
  const drain = () => {
    let budget = STREAMS_PER_SLICE;
    while (budget > 0 && queue.length > 0) {
      const job = queue[0] as (typeof queue)[number];
      for (; job.next < job.connections.length && budget > 0; job.next++, budget--) {
        job.connections[job.next]?.send(job.event);
      }
      if (job.next < job.connections.length) break;
      queue.shift();
      job.done();
    }
    draining = queue.length > 0;
    if (draining) setImmediate(drain);
  };
  /** Sends `event` to `connections` after what is already queued; resolves once it has reached them all. */
  const deliver = (connections: TConnection[], event: TRealtimeEvent) =>
    new Promise<void>((done) => {
      queue.push({ connections, event, next: 0, done });
      if (!draining) drain();
    });
  const streamsOf = (userIds: Iterable<string>) => {
    const connections: TConnection[] = [];
    for (const userId of userIds)
      for (const connection of byUser.get(userId) ?? []) connections.push(connection);
    return connections;
  };

  const onPost = async (event: Extract<TBusEvent, { type: "post" }>) => {
    const signal: TRealtimeEvent = { type: "post", postId: event.postId, communityId: event.communityId };
    const connected = [...byUser.keys()].filter((id) => id !== event.authorId);
    if (!event.communityId || connected.length === 0) return deliver(streamsOf(connected), signal);
    const members = await queryRows<{ user_id: string }>(
      deps.db,
      sql`select m.user_id from community_members m
          where m.community_id = ${event.communityId} and m.status = 'active'
            and m.user_id in (select unnest(${`{${connected.join(",")}}`}::uuid[]))`,
    );
    return deliver(streamsOf(members.map((m) => m.user_id)), signal);
  };

  const deliveryListeners = new Set<(delivery: { type: TBusEvent["type"]; lagMs: number }) => void>();
  const delivered = (event: TBusEvent) => {
    if (typeof event.sentAt !== "number" || deliveryListeners.size === 0) return;
    const delivery = { type: event.type, lagMs: Math.max(0, Date.now() - event.sentAt) };
    for (const listener of deliveryListeners) listener(delivery);
  };

  const unsubscribe = bus.subscribe((event) => {
    if (event.type === "notification") {
      const notice: TRealtimeEvent = { type: "notification", notification: event.notification };
      void deliver(streamsOf([event.userId]), notice).then(() => delivered(event));
    } else if (event.type === "site") {
      void deliver(streamsOf(byUser.keys()), { type: "site" }).then(() => delivered(event));
    } else if (event.type === "post") {
      onPost(event)
        .then(() => delivered(event))
        .catch((err) => deps.logger.warn({ err }, "could not route a new-post signal"));
    }
  });

  return {
    add(connection) {
      const { ip } = connection;
      if (ip !== null && perIp > 0 && (byIp.get(ip) ?? 0) >= perIp) {
        // Behind a proxy without TRUST_PROXY every client has the proxy's address: this line says where to look.
        deps.logger.warn(
          { ip, perIp },
          "an event stream was refused: its address is at EVENT_STREAMS_PER_IP",
        );
        throw new AppError("RATE_LIMITED", M_EVENT_STREAMS.tooManyFromAddress);
      }
      let set = byUser.get(connection.userId);
      if (!set) {
        set = new Set();
        byUser.set(connection.userId, set);
      }
      // A Set keeps insertion order: the first is the oldest. Its close() ends that stream, which unregisters it.
      // Streams already told to close are still in the set until their route unregisters them: they are the first.
      if (perMember > 0 && set.size >= perMember) {
        for (const oldest of [...set].slice(0, set.size - perMember + 1)) oldest.close("replaced");
      }
      set.add(connection);
      if (ip !== null) byIp.set(ip, (byIp.get(ip) ?? 0) + 1);
      count++;
      return () => {
        const s = byUser.get(connection.userId);
        if (!s?.delete(connection)) return;
        count--;
        if (s.size === 0) byUser.delete(connection.userId);
        if (ip !== null) {
          const left = (byIp.get(ip) ?? 1) - 1;
          if (left > 0) byIp.set(ip, left);
          else byIp.delete(ip);
        }
      };
    },
    size: () => count,
    onDelivered(listener) {
      deliveryListeners.add(listener);
      return () => {
        deliveryListeners.delete(listener);
      };
    },
    async close() {
      unsubscribe();
      for (const set of [...byUser.values()]) for (const connection of [...set]) connection.close();
      await bus.close();
    },
  };
}
