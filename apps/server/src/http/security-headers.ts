import type { MiddlewareHandler } from "hono";
import type { TConfig } from "../config.ts";
import { withResponseHeaders } from "./node-headers.ts";

const CONTENT_SECURITY_POLICY = (turnstile: string[]) => {
  const giphy = ["https://*.giphy.com"];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...turnstile]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...giphy]],
    ["media-src", ["'self'", "blob:", ...giphy]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'"]],
    ["worker-src", ["'self'", "blob:"]],
    ["frame-src", turnstile.length ? turnstile : ["'none'"]],
    ["frame-ancestors", ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
};

/** Which answers a header set is for: the JSON API's, or documents (the web app's pages and assets, the API docs). */
export type TAnswerKind = "api" | "document";

/**
 * The security headers of an answer outside /media, computed once per kind.
 *
 * A document (the web app, its assets, the API reference page) gets the full set: every asset is ours, scripts only
 * from this origin (plus an opted-in captcha provider), GIF media from GIPHY's CDN, no framing by other sites (the
 * set Hono's secureHeaders gave with these options, written out so that setting them is a loop over constants).
 *
 * A JSON answer of the API gets the set OWASP's REST cheat sheet names for APIs: nosniff, no framing, a CSP that
 * allows nothing, and other sites' pages may not load it (CORP). The document-only headers (referrer, DNS prefetch,
 * opener, XSS auditor...) do nothing on JSON and cost ~500 bytes on every answer, as much as a post's own JSON.
 */
export function securityHeaderList(config: TConfig, kind: TAnswerKind): (readonly [string, string])[] {
  const turnstile = config.captchaProvider === "turnstile" ? ["https://challenges.cloudflare.com"] : [];
  const list: [string, string][] =
    kind === "api"
      ? [
          ["cross-origin-resource-policy", "same-origin"],
          ["x-content-type-options", "nosniff"],
          ["x-frame-options", "DENY"],
          ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
        ]
      : [
          ["cross-origin-resource-policy", "same-origin"],
          ["cross-origin-opener-policy", "same-origin"],
          ["origin-agent-cluster", "?1"],
          ["referrer-policy", "strict-origin-when-cross-origin"],
          ["x-content-type-options", "nosniff"],
          ["x-dns-prefetch-control", "off"],
          ["x-download-options", "noopen"],
          ["x-frame-options", "DENY"],
          ["x-permitted-cross-domain-policies", "none"],
          ["x-xss-protection", "0"],
          ["content-security-policy", CONTENT_SECURITY_POLICY(turnstile)],
        ];
  if (config.publicUrl.startsWith("https:")) {
    list.push(["strict-transport-security", "max-age=31536000; includeSubDomains"]);
  }
  return list;
}

/** Whether a path is answered by the JSON API (the API reference page and its assets are documents). */
export function isApiPath(path: string): boolean {
  return path.startsWith("/api/") && !path.startsWith("/api/docs");
}

/** Puts the security headers of its kind (securityHeaderList) on every answer of the routes after it. */
export function securityHeaders(config: TConfig): MiddlewareHandler {
  const api = securityHeaderList(config, "api");
  const document = securityHeaderList(config, "document");
  return (c, next) => withResponseHeaders(c, isApiPath(c.req.path) ? api : document, next);
}
