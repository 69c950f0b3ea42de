import { M, POINTS_LIMITS, type TPointsLedgerItem, type TPointsMe } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { profiles } from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { decodeTimeCursor, timeCursorPage } from "../../lib/time-cursor.ts";

type TLedgerRow = {
  id: string;
  points: number;
  description: string;
  activity: string;
  activity_label: string;
  reference_type: string | null;
  created_at: string;
};

function mapLedgerItem(row: TLedgerRow): TPointsLedgerItem {
  return {
    id: row.id,
    points: row.points,
    description: row.description,
    activity: row.activity,
    activityLabel: row.activity_label,
    referenceType: row.reference_type,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * GET /api/points/me: the balance (profiles.points) and the ledger newest first, in keyset pages
 * (points_transactions_user_newest_idx).
 */
export async function getMyPoints(
  deps: TDeps,
  viewer: TViewer | null,
  query: { cursor?: string; limit?: number },
): Promise<TPointsMe> {
  const me = requireViewer(viewer, M.auth.signInRequired);
  const limit = query.limit ?? POINTS_LIMITS.ledgerPageSize;
  const cursor = query.cursor ? decodeTimeCursor(query.cursor, M.points.invalidCursor) : null;
  const after = cursor
    ? sql`and (t.created_at, t.id) < (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
    : sql``;
  const [[profile], rows] = await Promise.all([
    deps.db.select({ points: profiles.points }).from(profiles).where(eq(profiles.id, me.id)),
    queryRows<TLedgerRow>(
      deps.db,
      sql`select t.id, t.points, t.description, a.name as activity, a.label as activity_label,
            t.reference_type, t.created_at::text as created_at
          from points_transactions t join points_activities a on a.id = t.activity_id
          where t.user_id = ${me.id} ${after}
          order by t.created_at desc, t.id desc
          limit ${sqlInt(limit + 1)}`,
    ),
  ]);
  const { page, nextCursor } = timeCursorPage(rows, limit, (r) => ({ t: r.created_at, i: r.id }));
  return {
    balance: profile?.points ?? 0,
    items: page.map(mapLedgerItem),
    nextCursor,
  };
}
