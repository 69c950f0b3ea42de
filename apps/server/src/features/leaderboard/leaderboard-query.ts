import {
  POINTS_LIMITS,
  type TLeaderboardEntry,
  type TLeaderboardPage,
  type TLeaderboardQuery,
  type TLeaderboardWindow,
} from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { queryRows } from "../posts/visibility.ts";

/*
 * The leaderboard. Order: points, most first; ties by username (case-insensitive), then id, so every person has
 * one stable place and a page never repeats or skips anyone. Banned accounts and people without points in the
 * window are not on it.
 *   all:          profiles.points (the ledger's running sum), read through profiles_leaderboard_idx
 *   week, month:  the ledger's days (points_daily, kept by triggers on the ledger) summed since the start of the
 *                 calendar week (Monday) or month, in UTC, read through points_daily_day_user_points_idx (an
 *                 index-only range scan)
 */

type TRankedRow = {
  total: number;
  id: string | null;
  username: string | null;
  avatar_url: string | null;
  points: number | null;
  rank: number | null;
};

/** The first UTC day of the current calendar week or month. */
function windowStart(window: Exclude<TLeaderboardWindow, "all">): SQL {
  const unit = sql.raw(`'${window}'`);
  return sql`date_trunc(${unit}, now() at time zone 'UTC')::date`;
}

function mapEntry(
  row: { username: string | null; avatar_url: string | null; points: number | null },
  rank: number,
) {
  return {
    rank,
    username: row.username ?? "",
    avatarUrl: row.avatar_url,
    points: row.points ?? 0,
  } satisfies TLeaderboardEntry;
}

function pageOf(query: TLeaderboardQuery, total: number) {
  const pageSize = POINTS_LIMITS.leaderboardPageSize;
  return {
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    offset: (query.page - 1) * pageSize,
  };
}

/** One page of a week or month board, the total and the viewer's row, in one statement. */
async function windowBoard(deps: TDeps, viewerId: string | null, query: TLeaderboardQuery) {
  const size = POINTS_LIMITS.leaderboardPageSize;
  const offset = (query.page - 1) * size;
  const window = query.window === "all" ? "week" : query.window;
  const rows = await queryRows<TRankedRow>(
    deps.db,
    sql`with totals as (
          select d.user_id, sum(d.points)::int as points
          from points_daily d
          where d.day >= ${windowStart(window)}
          group by d.user_id
        ), ranked as (
          select p.id, p.username, p.avatar_url, s.points,
                 row_number() over (order by s.points desc, lower(p.username), p.id)::int as rank
          from totals s join profiles p on p.id = s.user_id
          where s.points > 0 and not p.is_banned
        )
        select c.total, r.id, r.username, r.avatar_url, r.points, r.rank
        from (select count(*)::int as total from ranked) c
        left join ranked r on (r.rank > ${offset} and r.rank <= ${offset + size}) or r.id = ${viewerId}
        order by r.rank`,
  );
  const total = rows[0]?.total ?? 0;
  const ranked = rows.filter((r) => r.id !== null && r.rank !== null);
  const items = ranked.filter((r) => (r.rank ?? 0) > offset && (r.rank ?? 0) <= offset + size);
  const mine = viewerId ? ranked.find((r) => r.id === viewerId) : undefined;
  return {
    total,
    items: items.map((r) => mapEntry(r, r.rank ?? 0)),
    me: viewerId ? (mine ? { rank: mine.rank, points: mine.points ?? 0 } : { rank: null, points: 0 }) : null,
  };
}

/** The first `limit` people of the all-time board (for the home page), read through profiles_leaderboard_idx. */
export async function leaderboardTop(deps: TDeps, limit: number): Promise<TLeaderboardEntry[]> {
  const rows = await queryRows<{ username: string; avatar_url: string | null; points: number }>(
    deps.db,
    sql`select p.username, p.avatar_url, p.points from profiles p where p.points > 0 and not p.is_banned
        order by p.points desc, lower(p.username), p.id limit ${limit}`,
  );
  return rows.map((r, i) => mapEntry(r, i + 1));
}

/** The all-time board: profiles.points in index order, the count, and the viewer's place by counting who is ahead. */
async function allTimeBoard(deps: TDeps, viewerId: string | null, query: TLeaderboardQuery) {
  const size = POINTS_LIMITS.leaderboardPageSize;
  const offset = (query.page - 1) * size;
  const onBoard = sql`p.points > 0 and not p.is_banned`;
  const [pageRows, [count], [mine]] = await Promise.all([
    queryRows<{ id: string; username: string; avatar_url: string | null; points: number }>(
      deps.db,
      sql`select p.id, p.username, p.avatar_url, p.points from profiles p where ${onBoard}
          order by p.points desc, lower(p.username), p.id limit ${size} offset ${offset}`,
    ),
    queryRows<{ total: number }>(
      deps.db,
      sql`select count(*)::int as total from profiles p where ${onBoard}`,
    ),
    viewerId
      ? queryRows<{ points: number; rank: number | null }>(
          deps.db,
          sql`select me.points,
                case when me.points > 0 and not me.is_banned then 1 + (
                  select count(*)::int from profiles p
                  where ${onBoard} and (p.points > me.points or (p.points = me.points
                    and (lower(p.username), p.id) < (lower(me.username), me.id)))
                ) end as rank
              from profiles me where me.id = ${viewerId}`,
        )
      : Promise.resolve([]),
  ]);
  return {
    total: count?.total ?? 0,
    items: pageRows.map((r, i) => mapEntry(r, offset + i + 1)),
    me: viewerId ? { rank: mine?.rank ?? null, points: mine?.points ?? 0 } : null,
  };
}

/** GET /api/leaderboard?window=week|month|all&page=: open to visitors; a signed-in viewer also gets their place. */
export async function getLeaderboard(
  deps: TDeps,
  viewer: TViewer | null,
  query: TLeaderboardQuery,
): Promise<TLeaderboardPage> {
  const viewerId = viewer?.id ?? null;
  const board =
    query.window === "all"
      ? await allTimeBoard(deps, viewerId, query)
      : await windowBoard(deps, viewerId, query);
  const { page, pageCount } = pageOf(query, board.total);
  return { items: board.items, total: board.total, page, pageCount, window: query.window, me: board.me };
}
