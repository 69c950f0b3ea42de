/** An error answer from our API, carrying the envelope's code, message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type TEnvelope = { error?: { code?: string; message?: string; fields?: Record<string, string> } };

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
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as TEnvelope;
    throw new ApiError(
      res.status,
      body.error?.code ?? `HTTP_${res.status}`,
      body.error?.message ?? `Request failed (${res.status})`,
      body.error?.fields,
    );
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
