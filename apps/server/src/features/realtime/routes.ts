import { M, type TRealtimeEvent } from "@plugs/domain";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { requireViewer, type TAppEnv } from "../../context.ts";
import type { TRealtimeHub } from "./hub.ts";

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** The browser's EventSource waits this long before reconnecting after a drop. */
const RETRY_MS = 3_000;
/** A client this far behind (writes not yet taken by the socket) is cut off rather than buffered without end. */
const MAX_PENDING_WRITES = 256;

/**
 * GET /api/events: Server-Sent Events for the signed-in user. Events: `ready` once connected, `notification`
 * (data: the notification) and `post` (data: {postId, communityId}, a new post the user may see in the feed).
 */
export function realtimeRoutes(hub: TRealtimeHub, options: { heartbeatMs?: number | undefined } = {}) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  return new Hono<TAppEnv>().get("/events", (c) => {
    const viewer = requireViewer(c.get("viewer"), M.auth.signInRequired);
    // Tells nginx-style proxies not to buffer the stream.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let done: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        done = resolve;
      });
      let pending = 0;
      const write = (text: string) => {
        if (stream.closed || stream.aborted) return;
        if (pending >= MAX_PENDING_WRITES) {
          done();
          return;
        }
        pending++;
        stream
          .write(text)
          .catch(() => done())
          .finally(() => {
            pending--;
          });
      };
      const send = (event: TRealtimeEvent) => {
        const data =
          event.type === "notification"
            ? event.notification
            : { postId: event.postId, communityId: event.communityId };
        write(`event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const remove = hub.add({ userId: viewer.id, send, close: () => done() });
      const heartbeat = setInterval(() => write(": heartbeat\n\n"), heartbeatMs);
      stream.onAbort(() => done());
      c.req.raw.signal.addEventListener("abort", () => done());
      write(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
      try {
        await finished;
      } finally {
        clearInterval(heartbeat);
        remove();
      }
    });
  });
}
