import {
  M,
  POINTS_LIMITS,
  type TLeaderboardEntry,
  type TLeaderboardPage,
  type TLeaderboardQuery,
  type TLeaderboardWindow,
} from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { decodeKeysetCursor, keysetPage, type TKeysetCursor } from "../../lib/keyset-page.ts";
import { notBanned } from "../posts/visibility.ts";

/*
 * The leaderboard. Order: points, most first; ties by username (case-insensitive), then id, so every person has
 * one stable place and a page never repeats or skips anyone. Banned accounts and people without points in the
 * window are not on it. The ban the boards' indexes carry is profiles.is_banned (the admin route's); a page also
 * leaves out anyone under a better-auth ban (bannedMemberIds), so no banned name or avatar is ever listed (the
 * count and the viewer's place are still counted from the index; no HTTP route makes such a ban). Staff (the admin
 * role) earn points but are not ranked, as on points tools: left out of pages, counts and places through an array
 * of their ids read once per statement (user_roles; a handful of rows).
 *   all:          profiles.points (the ledger's running sum), read through profiles_leaderboard_idx; its count is
 *                 site_counts' 'ranked' total, kept by triggers on profiles (migration 0046)
 *   week, month:  points_periods, the ledger per user and calendar week (from Monday) or month in UTC, kept by
 *                 triggers with the board's tie-break and ban beside the points, read in board order through
 *                 points_periods_board_idx (a page and a place are index range reads, nothing summed or sorted;
 *                 each board's count is kept in points_period_counts)
 */

/** The condition that `userId` has no admin role (see above); the public profile's rank uses it too. */
export function notStaff(userId: SQL): SQL {
  return sql`${userId} <> all(array(select ur.user_id from user_roles ur where ur.role = 'admin'))`;
}

const PAGE_SIZE = POINTS_LIMITS.leaderboardPageSize;
const RANK_CAP = POINTS_LIMITS.rankCountCap;

/**
 * How many people are ahead of someone, counted up to POINTS_LIMITS.rankCountCap: `ahead` reads one row per person
 * ahead, a range of the board's index; the cap keeps a place as cheap for the ten-thousandth member as for the tenth.
 */
export function peopleAhead(ahead: SQL): SQL {
  return sql`(select count(*)::int from (${ahead} limit ${sqlInt(RANK_CAP)}) ahead)`;
}

/** A place from peopleAhead's count: past the cap, the cap itself and `capped` ("#10,000+"). */
export function placeOf(ahead: number | null): { rank: number | null; rankCapped: boolean } {
  if (ahead === null) return { rank: null, rankCapped: false };
  return ahead >= RANK_CAP ? { rank: RANK_CAP, rankCapped: true } : { rank: ahead + 1, rankCapped: false };
}

/** The first UTC day of the current calendar week (from Monday) or month, as the ledger's triggers file awards. */
function windowStart(window: Exclude<TLeaderboardWindow, "all">): SQL {
  const unit = sql.raw(`'${window}'`);
  return sql`date_trunc(${unit}, now() at time zone 'UTC')::date`;
}

/** A person as a page lists them, with their sort key for the cursor. */
type TBoardRow = {
  user_id: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  points: number;
  name_key: string;
};

function mapEntry(
  row: {
    username: string | null;
    display_name: string | null;
    avatar_url: string | null;
    points: number | null;
  },
  rank: number,
) {
  return {
    rank,
    username: row.username ?? "",
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    points: row.points ?? 0,
  } satisfies TLeaderboardEntry;
}

/** A board's columns: its points, its tie-break name (lower-cased username) and the person's id. */
type TBoardKey = { points: SQL; name: SQL; id: SQL };

/**
 * Where a page starts: after the cursor's row in board order (points, most first; then name and id), or for a
 * `previous` cursor, before it. The points bound is what the board's index is read from; the name and id only
 * decide among those with the cursor's points.
 */
function fromCursor(key: TBoardKey, cursor: TKeysetCursor | null): SQL {
  if (!cursor) return sql``;
  const points = cursor.n ?? 0;
  return cursor.d === "previous"
    ? sql`and ${key.points} >= ${points}
        and (${key.points} > ${points} or (${key.name}, ${key.id}) < (${cursor.k}, ${cursor.i}::uuid))`
    : sql`and ${key.points} <= ${points}
        and (${key.points} < ${points} or (${key.name}, ${key.id}) > (${cursor.k}, ${cursor.i}::uuid))`;
}

/** Board order, or its reverse for reading back from a `previous` cursor. */
function boardOrder(key: TBoardKey, cursor: TKeysetCursor | null): SQL {
  return cursor?.d === "previous"
    ? sql`${key.points}, ${key.name} desc, ${key.id} desc`
    : sql`${key.points} desc, ${key.name}, ${key.id}`;
}

/** The board's count on every row; the viewer's place, if on it; then one row per person read for the page. */
type TWindowRow = Partial<TBoardRow> & { total: number; my_points: number | null; my_ahead: number | null };

/**
 * One page of a week or month board, the count and the viewer's place, in one statement: the page from the cursor in
 * points_periods_board_idx's order and its profiles by id, the count from points_period_counts, and the viewer's
 * place by counting who is ahead of them on the same index (peopleAhead).
 */
async function windowBoard(
  deps: TDeps,
  viewerId: string | null,
  window: Exclude<TLeaderboardWindow, "all">,
  cursor: TKeysetCursor | null,
) {
  const onBoard = (alias: string) => {
    const r = sql.raw(alias);
    return sql`${r}.period = ${window} and ${r}.starts_on = ${windowStart(window)} and ${r}.points > 0
      and not ${r}.is_banned`;
  };
  // The viewer's place only for a signed-in viewer: a visitor's statement has no such join, since with a null id in it
  // PostgreSQL would plan every run anew (a plan for "no viewer" looks cheaper than the kept generic one).
  const mine = viewerId
    ? sql`left join lateral (
          select me.points, case when ${notStaff(sql`me.user_id`)} then ${peopleAhead(
            sql`select 1 from points_periods b where ${onBoard("b")} and b.points >= me.points
              and (b.points > me.points or (b.username_key, b.user_id) < (me.username_key, me.user_id))
              and ${notStaff(sql`b.user_id`)}`,
          )} end as ahead
          from points_periods me where me.user_id = ${viewerId} and ${onBoard("me")}
        ) m on true`
    : sql`cross join (select null::int as points, null::int as ahead) m`;
  const key = { points: sql`b.points`, name: sql`b.username_key`, id: sql`b.user_id` };
  const rows = await queryRows<TWindowRow>(
    deps.db,
    sql`select c.total, m.points as my_points, m.ahead as my_ahead,
          r.user_id, r.username, r.display_name, r.avatar_url, r.points, r.name_key
        from (select (select coalesce(sum(n.people), 0)::int from points_period_counts n
                      where n.period = ${window} and n.starts_on = ${windowStart(window)})
                   - (select count(*)::int from user_roles ur join points_periods b on b.user_id = ur.user_id
                      where ur.role = 'admin' and ${onBoard("b")}) as total) c
        ${mine}
        left join lateral (
          select t.user_id, p.username, p.display_name, p.avatar_url, t.points, t.username_key as name_key,
                 row_number() over (order by ${boardOrder({ points: sql`t.points`, name: sql`t.username_key`, id: sql`t.user_id` }, cursor)}) as place
          from (
            select b.user_id, b.points, b.username_key from points_periods b
            where ${onBoard("b")} and ${notBanned(sql`b.user_id`)} and ${notStaff(sql`b.user_id`)}
              ${fromCursor(key, cursor)}
            order by ${boardOrder(key, cursor)} limit ${sqlInt(PAGE_SIZE + 1)}
          ) t
          join profiles p on p.id = t.user_id
        ) r on true
        order by r.place`,
  );
  const first = rows[0];
  return {
    total: first?.total ?? 0,
    rows: rows.filter((r): r is TWindowRow & TBoardRow => r.user_id != null),
    me: viewerId ? { ...placeOf(first?.my_ahead ?? null), points: first?.my_points ?? 0 } : null,
  };
}

/** The first `limit` people of the all-time board (for the home page), read through profiles_leaderboard_idx. */
export async function leaderboardTop(deps: TDeps, limit: number): Promise<TLeaderboardEntry[]> {
  const rows = await queryRows<{
    username: string;
    display_name: string | null;
    avatar_url: string | null;
    points: number;
  }>(
    deps.db,
    sql`select p.username, p.display_name, p.avatar_url, p.points from profiles p
        where p.points > 0 and not p.is_banned and ${notBanned(sql`p.id`)} and ${notStaff(sql`p.id`)}
        order by p.points desc, lower(p.username), p.id limit ${sqlInt(limit)}`,
  );
  return rows.map((r, i) => mapEntry(r, i + 1));
}

/**
 * The all-time board: profiles.points from the cursor in profiles_leaderboard_idx's order; the count from
 * site_counts' kept 'ranked' total less the admins on it; the viewer's place by counting who is ahead (peopleAhead).
 */
async function allTimeBoard(deps: TDeps, viewerId: string | null, cursor: TKeysetCursor | null) {
  const onBoard = sql`p.points > 0 and not p.is_banned and ${notStaff(sql`p.id`)}`;
  const key = { points: sql`p.points`, name: sql`lower(p.username)`, id: sql`p.id` };
  const [rows, [count], [mine]] = await Promise.all([
    queryRows<TBoardRow>(
      deps.db,
      sql`select p.id as user_id, p.username, p.display_name, p.avatar_url, p.points, lower(p.username) as name_key
          from profiles p where ${onBoard} and ${notBanned(sql`p.id`)} ${fromCursor(key, cursor)}
          order by ${boardOrder(key, cursor)} limit ${sqlInt(PAGE_SIZE + 1)}`,
    ),
    queryRows<{ total: number }>(
      deps.db,
      sql`select (select coalesce(sum(n), 0) from site_counts where total = 'ranked')::int
            - (select count(*)::int from user_roles ur join profiles p on p.id = ur.user_id
               where ur.role = 'admin' and p.points > 0 and not p.is_banned) as total`,
    ),
    viewerId
      ? queryRows<{ points: number; ahead: number | null }>(
          deps.db,
          sql`select me.points,
                case when me.points > 0 and not me.is_banned and ${notStaff(sql`me.id`)} then ${peopleAhead(
                  sql`select 1 from profiles p where ${onBoard} and (p.points > me.points or (p.points = me.points
                    and (lower(p.username), p.id) < (lower(me.username), me.id)))`,
                )} end as ahead
              from profiles me where me.id = ${viewerId}`,
        )
      : Promise.resolve([]),
  ]);
  return {
    total: count?.total ?? 0,
    rows,
    me: viewerId ? { ...placeOf(mine?.ahead ?? null), points: mine?.points ?? 0 } : null,
  };
}

/**
 * GET /api/leaderboard?window=week|month|all&cursor=: open to visitors; a signed-in viewer also gets their place.
 * Pages are keyset reads ("Page X of Y" from the cursor's page number), so a deep page costs what the first does;
 * a place is the page's start plus the row's position on it.
 */
export async function getLeaderboard(
  deps: TDeps,
  viewer: TViewer | null,
  query: TLeaderboardQuery,
): Promise<TLeaderboardPage> {
  const viewerId = viewer?.id ?? null;
  const cursor = query.cursor
    ? decodeKeysetCursor(query.cursor, "number, text", M.points.leaderboardCursorInvalid)
    : null;
  const board =
    query.window === "all"
      ? await allTimeBoard(deps, viewerId, cursor)
      : await windowBoard(deps, viewerId, query.window, cursor);
  const page = keysetPage(board.rows, PAGE_SIZE, cursor, board.total, (r) => ({
    n: r.points,
    k: r.name_key,
    i: r.user_id,
  }));
  // Nothing left on the cursor's side of the board (people moved since the page was read): page 1 as it is now.
  if (!page) return getLeaderboard(deps, viewer, { window: query.window });
  const start = (page.page - 1) * PAGE_SIZE;
  return {
    ...page,
    items: page.items.map((row, i) => mapEntry(row, start + i + 1)),
    total: board.total,
    window: query.window,
    me: board.me,
  };
}
