import { DEFAULT_SITE, type TSiteSettings, type TSiteTheme } from "@plugs/domain";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { siteSettings } from "../../db/schema/index.ts";

/**
 * Liveness: the process answers, and says which database it uses. It asks the database nothing (a restart would not
 * bring an unreachable database back); readiness does (checkReadiness).
 */
export function checkHealth(deps: TDeps) {
  return { status: "ok" as const, database: deps.database.kind };
}

/** The settings row's columns (their defaults are DEFAULT_SITE's). */
export const SITE_COLUMNS = {
  siteName: siteSettings.siteName,
  logoUrl: siteSettings.logoUrl,
  defaultTheme: siteSettings.defaultTheme,
  socialUrl: siteSettings.socialUrl,
  partnerName: siteSettings.partnerName,
  partnerUrl: siteSettings.partnerUrl,
  announcement: siteSettings.announcement,
};

/** The settings row as the API shows it (the check constraint keeps the theme one of SITE_THEMES). */
export function mapSite(row: Omit<TSiteSettings, "defaultTheme"> & { defaultTheme: string }): TSiteSettings {
  return { ...row, defaultTheme: row.defaultTheme as TSiteTheme };
}

/**
 * The site settings, read from their row on every call (one primary-key read): no instance keeps a copy, so an
 * admin's change is what the next request of any instance reads.
 */
export async function getSite(deps: Pick<TDeps, "db">): Promise<TSiteSettings> {
  const [row] = await deps.db
    .select(SITE_COLUMNS)
    .from(siteSettings)
    .where(eq(siteSettings.settingName, "default"));
  return row ? mapSite(row) : DEFAULT_SITE;
}
