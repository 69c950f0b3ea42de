import { M } from "@plugs/domain";
import type { MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF guard for the whole API (docs/api.md, Sessions): a POST, PUT, PATCH or DELETE must name this site
 * (PUBLIC_URL's origin) in its Origin header, or failing that its Referer; anything else is refused with 403
 * before any work is done. Browsers always send Origin on such requests; scripts add it.
 */
export function originGuard(deps: TDeps): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // Read per request: tests learn their public URL (port) only after the app is built.
    const expected = new URL(deps.config.publicUrl).origin;
    let origin = c.req.header("origin") ?? null;
    if (!origin || origin === "null") {
      const referer = c.req.header("referer");
      try {
        origin = referer ? new URL(referer).origin : null;
      } catch {
        origin = null;
      }
    }
    if (origin !== expected) throw new AppError("FORBIDDEN", M.auth.foreignOrigin);
    return next();
  };
}
