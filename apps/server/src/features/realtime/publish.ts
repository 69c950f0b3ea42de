import type { TNotification } from "@plugs/domain";
import type { TDb } from "../../db/client.ts";
import { sendNotifications } from "../../db/notify-after-commit.ts";

/** The one channel every server instance listens on. */
export const EVENTS_CHANNEL = "plugs_events";

/**
 * What travels between instances; each instance turns it into SSE events for its own connections. `sentAt` (epoch
 * ms, set by publishEvents) lets the receiving instance measure how late it arrived (the delivery-lag metric).
 */
export type TBusEvent = (
  | { type: "notification"; userId: string; notification: TNotification }
  | { type: "post"; postId: string; authorId: string; communityId: string | null }
  /** An admin saved the site settings: every open stream is told to read them again. */
  | { type: "site" }
) & { sentAt?: number };

/**
 * Publishes an event with NOTIFY. Inside a transaction it leaves once the transaction has committed (a rolled-back
 * post never pings anyone; see db/notify-after-commit.ts for why after, not in). The same on PGlite and PostgreSQL;
 * payloads stay far below NOTIFY's 8000-byte limit (ids and one notification).
 */
export async function publishEvent(db: Pick<TDb, "execute">, event: TBusEvent): Promise<void> {
  await publishEvents(db, [event]);
}

/** publishEvent for many events in one statement (one NOTIFY each, in order): a bulk airdrop's notifications. */
export async function publishEvents(db: Pick<TDb, "execute">, events: TBusEvent[]): Promise<void> {
  if (events.length === 0) return;
  await sendNotifications(
    db,
    EVENTS_CHANNEL,
    events.map((event) => JSON.stringify({ ...event, sentAt: Date.now() })),
  );
}
