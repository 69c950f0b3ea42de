import type { TNotification } from "@plugs/domain";
import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";

/** The one channel every server instance listens on. */
export const EVENTS_CHANNEL = "plugs_events";

/** What travels between instances; each instance turns it into SSE events for its own connections. */
export type TBusEvent =
  | { type: "notification"; userId: string; notification: TNotification }
  | { type: "post"; postId: string; authorId: string; communityId: string | null };

/**
 * Publishes an event with NOTIFY inside the caller's transaction, so it reaches listeners only if and when that
 * transaction commits (a rolled-back post never pings anyone). The same on PGlite and PostgreSQL; payloads stay
 * far below NOTIFY's 8000-byte limit (ids and one notification).
 */
export async function publishEvent(db: Pick<TDb, "execute">, event: TBusEvent): Promise<void> {
  await publishEvents(db, [event]);
}

/** publishEvent for many events in one statement (one NOTIFY each, in order): a bulk airdrop's notifications. */
export async function publishEvents(db: Pick<TDb, "execute">, events: TBusEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payloads = JSON.stringify(events.map((event) => JSON.stringify(event)));
  await db.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, payload) from json_array_elements_text(${payloads}::json) as payload`,
  );
}
