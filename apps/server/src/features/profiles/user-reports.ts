import type { TCursorQuery, TUserReport, TUserReports } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { decodeTimeCursor, type TTimeCursor, timeCursorPage } from "../../lib/time-cursor.ts";
import { findProfileByUsername } from "./find-profile.ts";

type TRow = {
  id: string;
  category: TUserReport["category"];
  description: string;
  created_at: string;
  kol_handle: string;
  kol_name: string;
  kol_avatar_url: string | null;
};

/** One page of a member's approved reports with their KOLs, newest first, after `cursor`. */
export function userReportsQuery(userId: string, limit: number, cursor: TTimeCursor | null): SQL {
  const after = cursor
    ? sql`and (r.created_at, r.id) < (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
    : sql``;
  return sql`select r.id, r.category, r.description, r.created_at::text as created_at,
      k.handle as kol_handle, k.name as kol_name, k.avatar_url as kol_avatar_url
    from reports r join kols k on k.id = r.kol_id
    where r.reporter_id = ${userId} and r.status = 'approved' ${after}
    order by r.created_at desc, r.id desc limit ${sqlInt(limit)}`;
}

/**
 * GET /api/users/:username/reports: the KOL reports a member made that moderators approved (the only reports anyone
 * else sees), newest first, keyset pages over reports_reporter_approved_idx with the KOL joined (one query a page).
 */
export async function listUserReports(
  deps: TDeps,
  username: string,
  query: TCursorQuery,
): Promise<TUserReports> {
  const cursor = query.cursor ? decodeTimeCursor(query.cursor) : null;
  const profile = await findProfileByUsername(deps.db, username);
  const rows = await queryRows<TRow>(deps.db, userReportsQuery(profile.id, query.limit + 1, cursor));
  const { page, nextCursor } = timeCursorPage(rows, query.limit, (r) => ({ t: r.created_at, i: r.id }));
  return {
    items: page.map((row) => ({
      id: row.id,
      category: row.category,
      description: row.description,
      kol: { handle: row.kol_handle, name: row.kol_name, avatarUrl: row.kol_avatar_url },
      createdAt: new Date(row.created_at).toISOString(),
    })),
    nextCursor,
  };
}
