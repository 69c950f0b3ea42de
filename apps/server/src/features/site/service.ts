import { eq, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { siteSettings } from "../../db/schema/index.ts";

/** The database answers: one `select 1`. */
export async function checkHealth(deps: TDeps) {
  await deps.db.execute(sql`select 1`);
  return { status: "ok" as const, database: deps.database.kind };
}

const DEFAULT_SITE_NAME = "Plugs & Rugs";

export async function getSite(deps: TDeps) {
  const [row] = await deps.db
    .select({ siteName: siteSettings.siteName, logoUrl: siteSettings.logoUrl })
    .from(siteSettings)
    .where(eq(siteSettings.settingName, "default"));
  return { siteName: row?.siteName ?? DEFAULT_SITE_NAME, logoUrl: row?.logoUrl ?? null };
}
