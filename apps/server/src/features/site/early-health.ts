import type { IncomingMessage, RequestListener } from "node:http";
import type { TDeps } from "../../context.ts";
import { requestIdOf } from "../../http/request-id.ts";
import { securityHeaderList } from "../../http/security-headers.ts";
import { checkHealth } from "./service.ts";

/**
 * `GET /api/health` answered in Node's request listener, before Hono: monitors and load balancers call it often,
 * and the Hono path (the fetch Request and Response, routing, the middleware chain) cost more than the check itself
 * (0.44 of a bare node:http server in docs/benchmarks.md). The answer is the app's own: the same status, body and
 * headers (request id, security headers, content type), and the same check, `checkHealth` (one shared ping).
 *
 * Only the plain case is answered here: a GET without cookies (the session middleware may have work for a cookie:
 * a refresh, a ban) whose check succeeds. Anything else, and a failed check, goes to the app, which checks again
 * and answers as it always has (a 500 with the error envelope when the database is down).
 */
export function withEarlyHealth(deps: TDeps, app: RequestListener): RequestListener {
  const security = securityHeaderList(deps.config, "api");
  const logRequests = deps.logger.isLevelEnabled("info");
  return (req, res) => {
    if (!isPlainHealthCheck(req)) return app(req, res);
    const started = logRequests ? performance.now() : 0;
    checkHealth(deps).then(
      (health) => {
        const body = JSON.stringify(health);
        const reqId = requestIdOf(header(req, "x-request-id"));
        const headers: Record<string, string | number> = { "x-request-id": reqId };
        for (const [name, value] of security) headers[name] = value;
        headers["content-type"] = "application/json";
        headers["content-length"] = Buffer.byteLength(body);
        res.writeHead(200, headers);
        res.end(body);
        if (logRequests) {
          const ms = Math.round(performance.now() - started);
          deps.logger.info({ reqId, method: "GET", path: "/api/health", status: 200, ms }, "request");
        }
      },
      () => app(req, res),
    );
  };
}

function isPlainHealthCheck(req: IncomingMessage): boolean {
  if (req.method !== "GET" || req.headers.cookie !== undefined) return false;
  const url = req.url ?? "";
  return url === "/api/health" || url.startsWith("/api/health?");
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
