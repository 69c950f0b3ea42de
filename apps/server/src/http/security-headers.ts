import { secureHeaders } from "hono/secure-headers";
import type { TConfig } from "../config.ts";

/**
 * Every asset is ours: scripts only from this origin (plus an opted-in captcha provider), GIF media from GIPHY's CDN,
 * no framing by other sites.
 */
export function securityHeaders(config: TConfig) {
  const turnstile = config.captchaProvider === "turnstile" ? ["https://challenges.cloudflare.com"] : [];
  const giphy = ["https://*.giphy.com"];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...turnstile],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...giphy],
      mediaSrc: ["'self'", "blob:", ...giphy],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", "blob:"],
      frameSrc: turnstile.length ? turnstile : ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    strictTransportSecurity: config.publicUrl.startsWith("https:")
      ? "max-age=31536000; includeSubDomains"
      : false,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
  });
}
