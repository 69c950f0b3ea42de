import { apiFetch } from "../../lib/api.ts";

export type TSite = { siteName: string; logoUrl: string | null };

export const SITE_URL = "/api/site";

/** The site settings: its name and logo. */
export function fetchSite(): Promise<TSite> {
  return apiFetch<TSite>(SITE_URL);
}
