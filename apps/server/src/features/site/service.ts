import { eq, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { siteSettings } from "../../db/schema/index.ts";

/** How long a successful ping answers for: checks within it do not ask the database again. */
export const HEALTH_PING_MAX_AGE_MS = 1000;

type TPing = { promise: Promise<unknown>; okAt: number | null };
const pings = new WeakMap<TDeps["database"], TPing>();

/**
 * The database answers: at most one `select 1` at a time per instance, and none while the last one succeeded less
 * than `maxAgeMs` ago. A check that arrives while a ping is in flight waits for that one, so a burst of health checks
 * (load balancers, monitors) costs one round trip, not one each; at a steady rate, about one a second. A failed ping
 * is never reused: the next check asks again (and fails while the database is down).
 */
export async function checkHealth(deps: TDeps, maxAgeMs = HEALTH_PING_MAX_AGE_MS) {
  let ping = pings.get(deps.database);
  const now = performance.now();
  if (!ping || (ping.okAt !== null && now - ping.okAt > maxAgeMs)) {
    const next: TPing = { promise: Promise.resolve(), okAt: null };
    // Drizzle runs a query each time its result is awaited: `.then` here runs it once, for every waiter.
    next.promise = deps.db.execute(sql`select 1`).then(
      () => {
        next.okAt = performance.now();
      },
      (err: unknown) => {
        if (pings.get(deps.database) === next) pings.delete(deps.database);
        throw err;
      },
    );
    pings.set(deps.database, next);
    ping = next;
  }
  await ping.promise;
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
