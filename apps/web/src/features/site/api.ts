import type { TSiteSettings } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

export type TSite = TSiteSettings;

export const SITE_URL = "/api/site";

/** The site settings: name, logo, default theme, footer links and the announcement. */
export function fetchSite(): Promise<TSite> {
  return apiFetch<TSite>(SITE_URL);
}
