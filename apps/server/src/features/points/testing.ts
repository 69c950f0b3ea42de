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
