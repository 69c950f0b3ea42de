import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";
import { parse as parseCookie } from "hono/utils/cookie";

/*
 * Headers without fetch's Headers class. Served by Node (@hono/node-server), a request's headers are already parsed
 * on its IncomingMessage, and headers every answer carries can be put on the ServerResponse before the route runs:
 * Node merges them into the answer's own when it writes the head. Asking Hono instead (`c.req.header`, `c.header`,
 * `c.res.headers`) builds a fetch Headers object for the request and another for the response, validating every
 * name and value on the way in and again on the way out: measurable on every request. Outside Node (Hono's
 * `app.request`), the same helpers fall back to Hono's own calls.
 */

type TNodeEnv = { incoming?: IncomingMessage; outgoing?: ServerResponse };

const nodeOf = (c: Context): TNodeEnv => (c.env as TNodeEnv | undefined) ?? {};

/** A request header (`name` in lower case), as Node parsed it; repeated headers are joined as Node joins them. */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeOf(c).incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Sets headers on the answer, whatever the rest of the chain answers (an error included). Call before `next()`.
 * Under Node they go on the ServerResponse, where a header the route itself sets wins; so use this only for
 * headers no route sets (the security headers, the request id). Returns the `next()` to await.
 */
export function withResponseHeaders(
  c: Context,
  headers: readonly (readonly [string, string])[],
  next: () => Promise<void>,
): Promise<void> {
  const outgoing = nodeOf(c).outgoing;
  if (outgoing && !outgoing.headersSent) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  }
  return next().then(() => {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  });
}

/** One cookie of the request, decoded, or undefined (as Hono's getCookie reads it, from Node's parsed header). */
export function requestCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, "cookie");
  return header ? parseCookie(header, name)[name] : undefined;
}
