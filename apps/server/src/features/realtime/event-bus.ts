import pg from "pg";
import type { TDatabase } from "../../db/client.ts";
import type { TLogger } from "../../logger.ts";
import { EVENTS_CHANNEL, type TBusEvent } from "./publish.ts";

export type TEventBus = {
  /** Called for every event published by any instance on this database. */
  subscribe(listener: (event: TBusEvent) => void): () => void;
  close(): Promise<void>;
};

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * Listens for published events. On PGlite the database runs in this process, so its own LISTEN is the in-process
 * bus. On PostgreSQL one pooled connection is kept for LISTEN; when it drops it is replaced with backoff, so
 * several instances on one database deliver each other's events.
 */
export async function startEventBus(database: TDatabase, logger: TLogger): Promise<TEventBus> {
  const listeners = new Set<(event: TBusEvent) => void>();
  const dispatch = (payload: string) => {
    let event: TBusEvent;
    try {
      event = JSON.parse(payload) as TBusEvent;
    } catch {
      logger.warn({ payload: payload.slice(0, 200) }, "an event that is not JSON was ignored");
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        logger.error({ err }, "an event listener failed");
      }
    }
  };
  const subscribe = (listener: (event: TBusEvent) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  if (database.pglite) {
    const unlisten = await database.pglite.listen(EVENTS_CHANNEL, dispatch);
    return {
      subscribe,
      async close() {
        listeners.clear();
        await unlisten().catch(() => {});
      },
    };
  }

  const pool = database.pool;
  if (!pool) throw new Error("a database without a pool or PGlite");
  const sessionUrl = database.sessionUrl;
  /**
   * A connection of its own for LISTEN: one of the pool's, or with DATABASE_DIRECT_URL (a transaction-mode pooler in
   * front of the pool, which would not keep a LISTEN) a direct one. `discard` closes it for good: a connection still
   * LISTENing must not serve queries.
   */
  const open = async (): Promise<{ c: pg.ClientBase; discard(): void }> => {
    if (sessionUrl === database.poolUrl) {
      const c = await pool.connect();
      return { c, discard: () => c.release(true) };
    }
    const c = new pg.Client({ connectionString: sessionUrl ?? undefined });
    const discard = () => void c.end().catch(() => {});
    try {
      await c.connect();
    } catch (err) {
      discard();
      throw err;
    }
    return { c, discard };
  };
  let closed = false;
  let client: { c: pg.ClientBase; discard(): void } | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MIN_MS;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel === EVENTS_CHANNEL && msg.payload) dispatch(msg.payload);
  };
  const connect = async (): Promise<void> => {
    let opened: { c: pg.ClientBase; discard(): void } | null = null;
    try {
      opened = await open();
      const held = opened;
      held.c.on("notification", onNotification);
      held.c.on("error", (err) => drop(held, err));
      held.c.on("end", () => drop(held, new Error("connection ended")));
      await held.c.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (closed) {
        held.discard();
        return;
      }
      client = held;
      delay = RECONNECT_MIN_MS;
    } catch (err) {
      opened?.discard();
      if (closed) return;
      logger.warn({ err, retryInMs: delay }, "could not listen for events; retrying");
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };
  const drop = (held: { c: pg.ClientBase; discard(): void }, err: Error) => {
    if (held !== client) return;
    client = null;
    held.c.removeListener("notification", onNotification);
    held.discard();
    if (closed) return;
    logger.warn({ err }, "the event listener's connection dropped; reconnecting");
    schedule();
  };

  await connect();
  return {
    subscribe,
    async close() {
      closed = true;
      listeners.clear();
      if (retryTimer) clearTimeout(retryTimer);
      const held = client;
      client = null;
      if (held) {
        held.c.removeListener("notification", onNotification);
        held.discard();
      }
    },
  };
}
