import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { TAppEnv } from "../context.ts";
import { requestHeader, withResponseHeaders } from "./node-headers.ts";

const REQUEST_ID = "x-request-id";
const UNSAFE = /[^\w\-=]/;

/**
 * The request's id: the caller's X-Request-Id when it is short and plain (a proxy's), else a new UUID. Set as
 * `c.var.requestId` for the logs and echoed on the answer. (Hono's requestId, without its fetch Headers.)
 */
export function requestIdOf(header: string | undefined): string {
  return header && header.length <= 255 && !UNSAFE.test(header) ? header : randomUUID();
}

export function requestId(): MiddlewareHandler<TAppEnv> {
  return (c, next) => {
    const id = requestIdOf(requestHeader(c, REQUEST_ID));
    c.set("requestId", id);
    return withResponseHeaders(c, [[REQUEST_ID, id]], next);
  };
}
