import { ADMIN_M, type TAdminAuditEntry, type TAdminAuditPage, type TAdminAuditQuery } from "@plugs/domain";
import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { adminAuditLog, profiles } from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { decodeTimeCursor, timeCursorPage } from "../../lib/time-cursor.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/admin/audit (admins only): the audit log newest first, a keyset page at a time, filtered by the actor's
 * username, one action and a range of UTC days. Each filter has its index (actor, action, or the date range on the
 * newest-first index); the cursor keeps the microseconds of created_at so no row is skipped or repeated.
 */
export async function listAdminAudit(
  deps: TDeps,
  viewer: TViewer | null,
  query: Partial<TAdminAuditQuery> & { limit: number; targetType?: string; targetId?: string },
): Promise<TAdminAuditPage> {
  requireAdmin(viewer);
  let actorId: string | undefined;
  if (query.actor) {
    const [actor] = await deps.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`lower(${profiles.username}) = ${query.actor.replace(/^@/, "").toLowerCase()}`);
    if (!actor) return { items: [], nextCursor: null };
    actorId = actor.id;
  }
  const where = auditWhere({ ...query, actorId });
  const rows = await queryRows<TAuditRow>(deps.db, auditPageQuery(where, query.limit + 1));
  const { page, nextCursor } = timeCursorPage(rows, query.limit, (r) => ({ t: r.createdAt, i: r.id }));
  return { items: page.map(mapAuditEntry), nextCursor };
}

/** The log's filters as conditions, each one its index can serve. */
export function auditWhere(filters: {
  actorId?: string;
  targetType?: string;
  targetId?: string;
  action?: string;
  from?: string;
  to?: string;
  cursor?: string;
}): SQL[] {
  const where: SQL[] = [];
  if (filters.actorId) where.push(eq(adminAuditLog.actorId, filters.actorId));
  if (filters.targetType && filters.targetId) {
    where.push(
      eq(adminAuditLog.targetType, filters.targetType),
      eq(adminAuditLog.targetId, filters.targetId),
    );
  }
  if (filters.action) where.push(eq(adminAuditLog.action, filters.action));
  if (filters.from) where.push(gte(adminAuditLog.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) {
    where.push(lt(adminAuditLog.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)));
  }
  if (filters.cursor) {
    const c = decodeTimeCursor(filters.cursor, ADMIN_M.auditCursorInvalid);
    where.push(sql`(${adminAuditLog.createdAt}, ${adminAuditLog.id}) < (${c.t}::timestamptz, ${c.i}::uuid)`);
  }
  return where;
}

/**
 * One page of the log under `where`, newest first (exported for the query-plan test). Plain SQL with the row count in
 * its text: as a parameter, PostgreSQL could not see it in the kept generic plan and would plan every run anew.
 */
export function auditPageQuery(where: SQL[], limit: number): SQL {
  return sql`select id, actor_id as "actorId", actor_username as "actorUsername", action, target_type as "targetType",
      target_id as "targetId", summary, detail,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt"
    from admin_audit_log ${where.length > 0 ? sql`where ${and(...where)}` : sql``}
    order by created_at desc, id desc limit ${sqlInt(limit)}`;
}

type TAuditRow = {
  id: string;
  actorId: string | null;
  actorUsername: string;
  action: string;
  targetType: string;
  targetId: string | null;
  summary: string;
  detail: Record<string, unknown>;
  createdAt: string;
};

function mapAuditEntry(row: TAuditRow): TAdminAuditEntry {
  return {
    id: row.id,
    actor: { id: row.actorId, username: row.actorUsername },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    summary: row.summary,
    detail: row.detail,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
