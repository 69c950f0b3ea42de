import { VIDEO_EMBED_ORIGINS } from "@plugs/domain";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { TConfig } from "../config.ts";

/** Whether a path is answered by the JSON API (the API reference page and its assets are documents). */
export function isApiPath(path: string): boolean {
  return path.startsWith("/api/") && !path.startsWith("/api/docs");
}

/**
 * The security headers of every answer outside /media, by Hono's secureHeaders, in two sets.
 *
 * A document (the web app, its assets, the API reference page) gets the full set: every asset is ours, scripts only
 * from this origin (plus an opted-in captcha provider), GIF media from GIPHY's CDN, frames only from the lesson
 * videos' players (and the captcha's), no framing by other sites.
 *
 * A JSON answer of the API gets the set OWASP's REST cheat sheet names for APIs: nosniff, no framing, a CSP that
 * allows nothing, and other sites' pages may not load it (CORP). The document-only headers (referrer, DNS prefetch,
 * opener, XSS auditor...) do nothing on JSON, and would make every small answer much larger.
 */
export function securityHeaders(config: TConfig): MiddlewareHandler {
  const turnstile = config.captchaProvider === "turnstile" ? ["https://challenges.cloudflare.com"] : [];
  const giphy = ["https://*.giphy.com"];
  const strictTransportSecurity = config.publicUrl.startsWith("https:")
    ? "max-age=31536000; includeSubDomains"
    : false;
  const api = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: "DENY",
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const document = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...turnstile],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...giphy],
      mediaSrc: ["'self'", "blob:", ...giphy],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", "blob:"],
      // A lesson's video plays in its host's player (features/learn); the captcha's widget when one is on.
      frameSrc: [...VIDEO_EMBED_ORIGINS, ...turnstile],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity,
    xFrameOptions: "DENY",
  });
  return (c, next) => (isApiPath(c.req.path) ? api : document)(c, next);
}
