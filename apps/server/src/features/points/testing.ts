import { sql } from "drizzle-orm";
import { queryRows } from "../../db/query-rows.ts";
import type { TTestServer } from "../../testing/test-server.ts";

/** Helpers shared by the points, referral and leaderboard tests. */

/** profiles.points and the ledger's sum for one user. */
export async function balanceOf(server: TTestServer, userId: string) {
  const [row] = await queryRows<{ points: number; ledger: number; rows: number }>(
    server.deps.db,
    sql`select p.points,
          (select coalesce(sum(t.points), 0)::int from points_transactions t where t.user_id = p.id) as ledger,
          (select count(*)::int from points_transactions t where t.user_id = p.id) as rows
        from profiles p where p.id = ${userId}`,
  );
  if (!row) throw new Error(`no profile ${userId}`);
  return row;
}

/** Every profile whose points differ from its ledger's sum (none, when the ledger holds). */
export async function driftedProfiles(server: TTestServer) {
  return queryRows<{ id: string; points: number; ledger: number }>(
    server.deps.db,
    sql`select p.id, p.points, coalesce(s.total, 0)::int as ledger
        from profiles p
        left join (select user_id, sum(points) as total from points_transactions group by user_id) s
          on s.user_id = p.id
        where p.points <> coalesce(s.total, 0)`,
  );
}

/**
 * Every (user, week or month) whose points_periods row differs from the ledger's sum for that period, or whose
 * board key or ban differs from the profile's; then every board whose points_period_counts row differs from the
 * people on it (none of either, when the rollup holds).
 */
export async function driftedPeriods(server: TTestServer) {
  return queryRows<{ key: string; rollup: number; expected: number }>(
    server.deps.db,
    sql`select concat_ws(' ', coalesce(r.user_id, l.user_id), coalesce(r.period, l.period),
            coalesce(r.starts_on, l.starts_on), r.username_key, r.is_banned) as key,
          coalesce(r.points, 0)::int as rollup, coalesce(l.points, 0)::int as expected
        from points_periods r
        left join profiles p on p.id = r.user_id
        full join (select t.user_id, k.period, date_trunc(k.period, t.created_at at time zone 'UTC')::date as starts_on,
            sum(t.points) as points
          from points_transactions t cross join (values ('week'), ('month')) k (period) group by 1, 2, 3) l
          on l.user_id = r.user_id and l.period = r.period and l.starts_on = r.starts_on
        where coalesce(r.points, 0) <> coalesce(l.points, 0)
          or r.username_key is distinct from lower(p.username) or r.is_banned is distinct from p.is_banned
        union all
        select concat_ws(' ', 'people', coalesce(c.period, b.period), coalesce(c.starts_on, b.starts_on)),
          coalesce(c.people, 0)::int, coalesce(b.people, 0)::int
        from points_period_counts c
        full join (select period, starts_on, count(*) as people from points_periods
          where points > 0 and not is_banned group by 1, 2) b on b.period = c.period and b.starts_on = c.starts_on
        where coalesce(c.people, 0) <> coalesce(b.people, 0)`,
  );
}

/** Sets an activity's columns straight in the database (the admin route is tested on its own). */
export async function setActivity(
  server: TTestServer,
  name: string,
  change: { active?: boolean; dailyCap?: number | null; points?: number },
) {
  await server.deps.db.execute(sql`update points_activities set
      active = coalesce(${change.active ?? null}::boolean, active),
      daily_cap = ${change.dailyCap === undefined ? sql`daily_cap` : sql`${change.dailyCap}::int`},
      points = coalesce(${change.points ?? null}::int, points)
    where name = ${name}`);
}
