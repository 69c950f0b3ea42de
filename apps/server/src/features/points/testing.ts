import { sql } from "drizzle-orm";
import type { TTestServer } from "../../testing/test-server.ts";
import { queryRows } from "../posts/visibility.ts";

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

/** Every (user, UTC day) whose points_daily row differs from the ledger's sum for that day (none, when it holds). */
export async function driftedDays(server: TTestServer) {
  return queryRows<{ user_id: string; day: string; daily: number; ledger: number }>(
    server.deps.db,
    sql`select coalesce(d.user_id, l.user_id) as user_id, coalesce(d.day, l.day)::text as day,
          coalesce(d.points, 0)::int as daily, coalesce(l.points, 0)::int as ledger
        from points_daily d
        full join (select user_id, (created_at at time zone 'UTC')::date as day, sum(points) as points
          from points_transactions group by 1, 2) l on l.user_id = d.user_id and l.day = d.day
        where coalesce(d.points, 0) <> coalesce(l.points, 0)`,
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
