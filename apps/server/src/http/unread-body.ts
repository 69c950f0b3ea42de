import type { MiddlewareHandler } from "hono";

/**
 * A request whose body was refused without being read (401 or 403 before the body, 413 from its Content-Length or
 * cut off while it streamed) is answered with `Connection: close`. Node would otherwise keep the connection for the
 * next request while the rest of the refused body is still arriving or being drained, and a client that reuses it
 * finds it closed under its next request ("other side closed"). Reading and dropping the body instead would spend
 * the very bandwidth and time the refusal saves.
 */
export function closeAfterUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const sent =
      Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
    if (!sent) return;
    if (c.req.raw.bodyUsed && c.res.status !== 413) return;
    try {
      c.res.headers.set("connection", "close");
    } catch {
      // A response with immutable headers (a fetched one passed on): copy it to set the header.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("connection", "close");
    }
  };
}
