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

/**
 * The headers every answer outside /media carries, computed once. Every asset is ours: scripts only from this
 * origin (plus an opted-in captcha provider), GIF media from GIPHY's CDN, no framing by other sites. (The same set
 * Hono's secureHeaders gave with these options, written out so that setting them is a loop over constants.)
 */
export function securityHeaderList(config: TConfig): (readonly [string, string])[] {
  const turnstile = config.captchaProvider === "turnstile" ? ["https://challenges.cloudflare.com"] : [];
  const list: [string, string][] = [
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

/** Puts securityHeaderList on every answer of the routes after it. */
export function securityHeaders(config: TConfig): MiddlewareHandler {
  const list = securityHeaderList(config);
  return (c, next) => withResponseHeaders(c, list, next);
}
