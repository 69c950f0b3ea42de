import type { TSiteSettings } from "./admin.ts";

/**
 * The site's settings before an admin changes any: what the server answers without a settings row, and what the web
 * app shows until GET /api/site answers. Free of zod, so the first load can read it.
 */
export const DEFAULT_SITE: TSiteSettings = {
  siteName: "Plugs & Rugs",
  logoUrl: null,
  defaultTheme: "dark",
  socialUrl: "https://x.com/plugsandrugs",
  partnerName: "Kolscan",
  partnerUrl: "https://kolscan.io",
  announcement: null,
};
