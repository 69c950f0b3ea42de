import { SESSION_ENDED_HEADER } from "@plugs/domain";

/** An error answer from our API, carrying the envelope's code, message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** A short heading for the message, e.g. 'Rate limit exceeded' on a 429 login lockout. */
    readonly title?: string,
    /** A 429's Retry-After: the seconds to wait before asking again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * For a page read by its cursor: the server no longer reads that cursor (400), so the list offers its first page
 * instead of a Retry that would ask for the same page again.
 */
export function isStalePage(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400;
}

type TEnvelope = {
  error?: { code?: string; message?: string; fields?: Record<string, string>; title?: string };
};

/** The message a person should see for a failed call: the server's own words for a refusal (4xx), else `fallback`. */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : fallback;
}

/** A Retry-After header in seconds (its delay form, which our server sends), or undefined. */
export function retryAfterOf(header: string | null): number | undefined {
  if (!header || !/^\d{1,9}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

const sessionEndedListeners = new Set<() => void>();

/**
 * Called when any answer says the server has just ended this tab's session because the account is banned
 * (`x-session-ended: banned`), whichever request found out. Returns the unsubscribe function.
 */
export function onSessionBanned(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Tells the listeners if this answer ended the session for a ban. */
export function noticeSessionEnd(res: { headers: Pick<Headers, "get"> }) {
  if (res.headers.get(SESSION_ENDED_HEADER) !== "banned") return;
  for (const listener of sessionEndedListeners) listener();
}

/**
 * Calls our API (same origin, cookies included) and returns the parsed JSON body. A non-2xx answer throws an
 * ApiError with the server's message, so screens can show exactly what the server said.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("accept", "application/json");
  if (typeof init.body === "string" && !headers.has("content-type")) {
    headers.set("content-type", "application/json");
  }
  const res = await fetch(path, { credentials: "same-origin", ...init, headers });
  noticeSessionEnd(res);
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as TEnvelope;
    throw new ApiError(
      res.status,
      body.error?.code ?? `HTTP_${res.status}`,
      body.error?.message ?? `Request failed (${res.status})`,
      body.error?.fields,
      body.error?.title,
      retryAfterOf(res.headers.get("retry-after")),
    );
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
