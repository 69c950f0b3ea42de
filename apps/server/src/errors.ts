import type { ContentfulStatusCode } from "hono/utils/http-status";

export type TErrorCode =
  | "VALIDATION"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_LARGE"
  | "UNSUPPORTED_TYPE"
  | "RATE_LIMITED"
  | "NOT_CONFIGURED"
  | "UPSTREAM_FAILED"
  | "NOT_FINALIZED"
  | "INTERNAL";

const STATUS: Record<TErrorCode, ContentfulStatusCode> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  RATE_LIMITED: 429,
  NOT_CONFIGURED: 503,
  /** An outside service (GIPHY, ...) failed or timed out. */
  UPSTREAM_FAILED: 502,
  /** A Solana transaction is confirmed but not finalized yet: ask again shortly (features/sweep). */
  NOT_FINALIZED: 409,
  INTERNAL: 500,
};

/**
 * The one error services throw. The app's error handler turns it into
 * `{ error: { code, message, fields? } }` with the code's HTTP status.
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly options: { fields?: Record<string, string>; retryAfterSeconds?: number; title?: string } = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export type TErrorBody = {
  error: { code: TErrorCode; message: string; fields?: Record<string, string>; title?: string };
};

/** Postgres unique violation, whichever driver raised it (Drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  return hasPostgresCode(err, "23505");
}

/** A foreign key violation (23503): the row referred to was deleted meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  return hasPostgresCode(err, "23503");
}

/** Whether an error, or the driver error Drizzle wrapped in it, has this PostgreSQL code. */
function hasPostgresCode(err: unknown, code: string): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === code || e?.cause?.code === code;
}
