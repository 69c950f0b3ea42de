import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { adminAuditLog, profiles } from "../../db/schema/index.ts";

/** The database or an open transaction: pass the action's own transaction, so the row shares its fate. */
export type TAuditDb = Pick<TDb, "insert">;

export type TAdminAction = {
  /** The admin who acted (their username is kept with the row as it is now). */
  actorId: string;
  /** `area.verb`, e.g. `member.ban`, `points.airdrop`, `report.review`, `blog.publish`. */
  action: string;
  /** What was acted on (`member`, `post`, `comment`, `report`, `giveaway`, `course`, ...) and its id or slug. */
  targetType: string;
  targetId?: string | null;
  /** One line for the log, e.g. "Banned @alice: spam". */
  summary: string;
  /** Before/after values and anything else worth keeping (JSON). */
  detail?: Record<string, unknown>;
};

/**
 * Writes one row of the admins' audit log. Call it with the transaction of the change it records, so a failed
 * action leaves no row and a recorded one cannot be lost; the log is never updated or deleted by the app.
 */
export async function recordAdminAction(db: TAuditDb, entry: TAdminAction): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    actorUsername: sql`coalesce((select ${profiles.username} from ${profiles} where ${profiles.id} = ${entry.actorId}), '')`,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    summary: entry.summary.slice(0, 500),
    detail: entry.detail ?? {},
  });
}

/** The fields of `keys` that differ between two versions of a row, as `{ field: { before, after } }`. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  keys: readonly (keyof T & string)[],
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of keys) {
    const [b, a] = [before[key], after[key]];
    const same = b instanceof Date && a instanceof Date ? b.getTime() === a.getTime() : b === a;
    if (!same) changes[key] = { before: b, after: a };
  }
  return changes;
}
