import { M } from "@plugs/domain";
import type { MiddlewareHandler } from "hono";
import type { TConfig } from "../../config.ts";
import type { TAppEnv, TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins a write may come from: PUBLIC_URL's alone when it is set; when it is not, the loopback names on the
 * server's port, so a first run works whether http://localhost:3000 or http://127.0.0.1:3000 is opened. better-auth
 * trusts the same list (auth.ts). Read per request: tests learn their port only after the app is built.
 */
export function acceptedOrigins(config: TConfig): string[] {
  const publicOrigin = new URL(config.publicUrl).origin;
  if (config.publicUrlIsSet) return [publicOrigin];
  const loopback = LOOPBACK_HOSTS.map((host) => new URL(`http://${host}:${config.port}`).origin);
  return [...new Set([...loopback, publicOrigin])];
}

/** "a", "a or b", "a, b or c". */
function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/**
 * CSRF guard for the whole API (docs/api.md, Sessions): a POST, PUT, PATCH or DELETE must name this site
 * (acceptedOrigins) in its Origin header, or failing that its Referer; anything else is refused with 403, naming
 * the origin expected, before any work is done. Browsers always send Origin on such requests; scripts add it.
 */
export function originGuard(deps: TDeps): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const accepted = acceptedOrigins(deps.config);
    let origin = c.req.header("origin") ?? null;
    if (!origin || origin === "null") {
      const referer = c.req.header("referer");
      try {
        origin = referer ? new URL(referer).origin : null;
      } catch {
        origin = null;
      }
    }
    if (origin === null || !accepted.includes(origin)) {
      throw new AppError("FORBIDDEN", M.auth.foreignOrigin(orList(accepted)));
    }
    return next();
  };
}
