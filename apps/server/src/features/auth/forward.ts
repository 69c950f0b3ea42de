import { M } from "@plugs/domain";
import type { Context } from "hono";
import type { TDeps } from "../../context.ts";
import type { TErrorBody, TErrorCode } from "../../errors.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { CLIENT_IP_HEADER, getAuth } from "./auth.ts";

/*
 * Hands a request to better-auth and brings its answer into our API's shape: errors become our envelope with the
 * product's messages, and session tokens are taken out of JSON bodies (the session lives in the httpOnly cookie
 * only). Set-Cookie headers pass through untouched.
 */

const CODE_BY_STATUS: Record<number, TErrorCode> = {
  400: "VALIDATION",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "TOO_LARGE",
  415: "UNSUPPORTED_TYPE",
  422: "CONFLICT",
  429: "RATE_LIMITED",
};

/** better-auth's error codes whose message we replace with the product's (and status, where it differs). */
const OUR_MESSAGES: Record<string, { message: string; status?: number }> = {
  INVALID_EMAIL_OR_PASSWORD: { message: M.auth.invalidCredentials },
  USER_ALREADY_EXISTS: { message: M.auth.emailTaken, status: 409 },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { message: M.auth.emailTaken, status: 409 },
  USERNAME_IS_ALREADY_TAKEN: { message: M.auth.usernameTaken, status: 409 },
  USERNAME_TAKEN: { message: M.auth.usernameTaken, status: 409 },
  BANNED_USER: { message: M.auth.banned, status: 403 },
  INVALID_CODE: { message: M.auth.invalidCode },
  INVALID_BACKUP_CODE: { message: M.auth.invalidCode },
  INVALID_PASSWORD: { message: M.auth.incorrectPassword },
  PASSWORD_TOO_SHORT: { message: M.auth.passwordMin8 },
  PASSWORD_TOO_LONG: { message: M.auth.passwordTooLong },
};

export type TForwardOptions = {
  /** A replacement JSON body (already validated by our route). Without it the original body is passed on. */
  body?: unknown;
  /** Error codes to answer with a message of our own on this route, e.g. INVALID_TOKEN on reset-password. */
  messages?: Record<string, string>;
  /** better-auth's endpoint (under /api/auth) when it is not the one asked, e.g. /sign-in/social behind ours. */
  endpoint?: string;
};

export async function forwardToAuth(
  deps: TDeps,
  c: Context,
  options: TForwardOptions = {},
): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.delete("content-length");
  const ip = clientIp(c, deps.config);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  let body: string | ArrayBuffer | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  } else if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    body = await c.req.raw.arrayBuffer();
    // better-auth insists on a JSON content type even for body-less POSTs such as sign-out.
    if (body.byteLength === 0) {
      body = "{}";
      headers.set("content-type", "application/json");
    }
  }
  const url = options.endpoint ? new URL(`/api/auth${options.endpoint}`, c.req.url) : c.req.url;
  const request = new Request(url, { method: c.req.method, headers, body });
  const res = await getAuth(deps).handler(request);
  return toOurShape(res, options.messages ?? {});
}

async function toOurShape(res: Response, messages: Record<string, string>): Promise<Response> {
  const isJson = res.headers.get("content-type")?.includes("application/json");
  if (!isJson) return res;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.status < 400) {
    return new Response(JSON.stringify(withoutTokens(data)), { status: res.status, headers });
  }
  const reason = typeof data?.code === "string" ? data.code : "";
  const ours = OUR_MESSAGES[reason];
  const status = ours?.status ?? res.status;
  const code = CODE_BY_STATUS[status] ?? "INTERNAL";
  let message =
    messages[reason] ??
    ours?.message ??
    (typeof data?.message === "string" ? data.message : M.generic.unexpected);
  if (status === 429 && !ours) {
    message = M.generic.tooManyRequests;
    const retryAfter = headers.get("x-retry-after");
    if (retryAfter) headers.set("retry-after", retryAfter);
  }
  if (status >= 500) message = M.generic.unexpected;
  const envelope: TErrorBody = { error: { code, message } };
  return new Response(JSON.stringify(envelope), { status, headers });
}

/** Session tokens stay in the httpOnly cookie; they are never handed to scripts. */
function withoutTokens(data: Record<string, unknown> | null): unknown {
  if (!data || typeof data !== "object" || Array.isArray(data)) return data;
  const { token: _token, ...rest } = data;
  const session = rest.session as Record<string, unknown> | null | undefined;
  if (session && typeof session === "object") {
    const { token: _sessionToken, ...sessionRest } = session;
    rest.session = sessionRest;
  }
  return rest;
}

/** A successful JSON answer with its body rewritten (status and headers, cookies included, kept). */
export async function rewriteJson(res: Response, map: (data: unknown) => unknown): Promise<Response> {
  const data = await res.json();
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(map(data)), { status: res.status, headers });
}
