import { OpenAPIHono, z } from "@hono/zod-openapi";
import { M, type TRealtimeEvent } from "@plugs/domain";
import { streamSSE } from "hono/streaming";
import { requireViewer, type TAppEnv, type TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, viewerOf } from "../../http/openapi.ts";
import { clientIp } from "../../lib/client-ip.ts";
import type { TConnection, TRealtimeHub } from "./hub.ts";

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** The browser's EventSource waits this long before reconnecting after a drop. */
const RETRY_MS = 3_000;
/** A client this far behind (writes not yet taken by the socket) is cut off rather than buffered without end. */
const MAX_PENDING_WRITES = 256;

const EVENTS_DESCRIPTION = [
  "A Server-Sent Events stream (`text/event-stream`) for the signed-in user; open it with `EventSource`.",
  "",
  "- `ready` (data `{}`): sent once the stream is registered; refetch anything that may have changed while away.",
  "- `notification` (data: a notification, as in `GET /notifications`): a mention, reply, comment, follow,",
  "  points earned (`points`) or airdrop received (`airdrop`).",
  "- `post` (data `{postId, communityId}`): a new post the user may see in the feed (never their own).",
  "- `site` (data `{}`): an admin changed the site settings; read `GET /site` again.",
  '- `closed` (data `{reason: "replaced"}`): the member opened more streams than allowed (EVENT_STREAMS_PER_MEMBER,',
  "  5 by default) and this, their oldest, ends; do not reconnect until the tab is in use again.",
  "",
  `A \`: heartbeat\` comment every ${HEARTBEAT_MS / 1000} s keeps proxies from closing an idle stream; \`retry: ${RETRY_MS}\``,
  "tells the browser how long to wait before reconnecting. Events from every server instance arrive here.",
].join("\n");

const eventsRoute = defineRoute({
  method: "get",
  path: "/events",
  operationId: "streamEvents",
  security: access.signedIn(),
  tags: ["notifications"],
  summary: "Your live events (Server-Sent Events): notifications and new posts",
  description: EVENTS_DESCRIPTION,
  responses: {
    200: {
      description: "The event stream; it stays open until the client leaves or the server shuts down",
      content: {
        "text/event-stream": {
          schema: z.string().openapi({
            example: 'event: ready\ndata: {}\n\nevent: post\ndata: {"postId":"...","communityId":null}\n\n',
          }),
        },
      },
    },
    ...errorResponses(401, 429),
  },
});

/**
 * GET /api/events: Server-Sent Events for the signed-in user. Events: `ready` once connected, `notification`
 * (data: the notification) and `post` (data: {postId, communityId}, a new post the user may see in the feed).
 */
export function realtimeRoutes(
  deps: TDeps,
  hub: TRealtimeHub,
  options: { heartbeatMs?: number | undefined } = {},
) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  return new OpenAPIHono<TAppEnv>().openapi(eventsRoute, (c) => {
    const viewer = requireViewer(viewerOf(c), M.auth.signInRequired);
    // Registered before the stream starts, so a refusal (too many streams from this address) is a plain 429.
    let onEvent: TConnection["send"] = () => {};
    let onClose: TConnection["close"] = () => {};
    const remove = hub.add({
      userId: viewer.id,
      ip: clientIp(c, deps.config),
      send: (event) => onEvent(event),
      close: (reason) => onClose(reason),
    });
    // Tells nginx-style proxies not to buffer the stream.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let done: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        done = resolve;
      });
      let pending = 0;
      /** Writes one frame, unless the client is gone or too far behind (then the stream ends). */
      const write = (frame: () => Promise<void>) => {
        if (stream.closed || stream.aborted) return;
        if (pending >= MAX_PENDING_WRITES) {
          done();
          return;
        }
        pending++;
        frame()
          .catch(() => done())
          .finally(() => {
            pending--;
          });
      };
      onEvent = (event: TRealtimeEvent) => {
        const data =
          event.type === "notification"
            ? event.notification
            : event.type === "post"
              ? { postId: event.postId, communityId: event.communityId }
              : {};
        write(() => stream.writeSSE({ event: event.type, data: JSON.stringify(data) }));
      };
      onClose = (reason) => {
        if (!reason || stream.closed || stream.aborted) return done();
        stream
          .writeSSE({ event: "closed", data: JSON.stringify({ reason }) })
          .catch(() => {})
          .finally(() => done());
      };
      // A comment line (writeSSE has none), which EventSource ignores.
      const heartbeat = setInterval(
        () => write(() => stream.write(": heartbeat\n\n").then(() => {})),
        heartbeatMs,
      );
      stream.onAbort(() => done());
      c.req.raw.signal.addEventListener("abort", () => done());
      write(() => stream.writeSSE({ event: "ready", data: "{}", retry: RETRY_MS }));
      try {
        await finished;
      } finally {
        clearInterval(heartbeat);
        remove();
      }
    });
  });
}
