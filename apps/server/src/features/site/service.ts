import { eq, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { siteSettings } from "../../db/schema/index.ts";

const pings = new WeakMap<TDeps["database"], Promise<unknown>>();

/**
 * The database answers: one `select 1` at a time per instance. A check that arrives while one is in flight waits for
 * that one, so a burst of health checks (load balancers, monitors) costs one round trip, not one each.
 */
export async function checkHealth(deps: TDeps) {
  let ping = pings.get(deps.database);
  if (!ping) {
    ping = deps.db.execute(sql`select 1`).finally(() => pings.delete(deps.database));
    pings.set(deps.database, ping);
  }
  await ping;
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
