import { M } from "@plugs/domain";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import type { TAppEnv } from "../context.ts";
import { AppError, type TErrorBody } from "../errors.ts";

/** Turns zod issues into the envelope: the first message leads, every field keeps its own. */
export function validationError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return new AppError("VALIDATION", error.issues[0]?.message ?? "Invalid input", { fields });
}

/** The one place errors become HTTP responses. Never a stack trace to the client. */
export function handleError(err: Error, c: Context<TAppEnv>) {
  let appError: AppError;
  if (err instanceof AppError) appError = err;
  else if (err instanceof ZodError) appError = validationError(err);
  else if (err instanceof HTTPException && err.status < 500) {
    const code = err.status === 413 ? "TOO_LARGE" : err.status === 401 ? "UNAUTHORIZED" : "VALIDATION";
    appError = new AppError(code, err.message || "Bad request");
  } else {
    c.get("log")?.error({ err, reqId: c.get("requestId") }, "unhandled error");
    appError = new AppError("INTERNAL", M.generic.unexpected);
  }
  if (appError.options.retryAfterSeconds) c.header("Retry-After", String(appError.options.retryAfterSeconds));
  const body: TErrorBody = { error: { code: appError.code, message: appError.message } };
  if (appError.options.fields) body.error.fields = appError.options.fields;
  if (appError.options.title) body.error.title = appError.options.title;
  return c.json(body, appError.status);
}
