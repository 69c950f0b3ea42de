import { sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";

/** How long the readiness check waits for the database before calling it unreachable. */
const DATABASE_TIMEOUT_MS = 2000;

const draining = new WeakSet<TDeps>();

/** From now on this instance answers readiness with 503: it is shutting down (server.ts close()). */
export function markDraining(deps: TDeps) {
  draining.add(deps);
}

export type TReadiness =
  | { status: "ready"; database: TDeps["database"]["kind"] }
  | { status: "draining" | "database unreachable"; database: TDeps["database"]["kind"] };

/**
 * Whether a load balancer should send this instance requests: not while it drains on SIGTERM, and only when the
 * database answers `select 1` within 2 seconds. (Before the migrations are applied the server is not listening yet,
 * which a probe takes as not ready too.)
 */
export async function checkReadiness(deps: TDeps): Promise<TReadiness> {
  const database = deps.database.kind;
  if (draining.has(deps)) return { status: "draining", database };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), DATABASE_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([deps.db.execute(sql`select 1`), timeout]);
    return answer === "timeout"
      ? { status: "database unreachable", database }
      : { status: "ready", database };
  } catch (err) {
    deps.logger.warn({ err }, "readiness: the database did not answer");
    return { status: "database unreachable", database };
  } finally {
    clearTimeout(timer);
  }
}
