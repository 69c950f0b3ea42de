import { M, POINTS_LIMITS, type TReferralStats } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { notBanned } from "../posts/visibility.ts";

type TStatsRow = { total_referrals: number; points_earned: number };
type TReferredRow = { username: string; avatar_url: string | null; joined_at: string };

/**
 * GET /api/referrals/me: how many accounts the viewer referred, the points those referrals paid (from the ledger,
 * so a capped or switched-off referral shows as earning nothing), and the newest referred accounts.
 */
export async function getMyReferrals(deps: TDeps, viewer: TViewer | null): Promise<TReferralStats> {
  const me = requireViewer(viewer, M.auth.signInRequired);
  const [[stats], referred] = await Promise.all([
    queryRows<TStatsRow>(
      deps.db,
      sql`select
            (select count(*)::int from referrals r where r.referrer_id = ${me.id}) as total_referrals,
            (select coalesce(sum(t.points), 0)::int from points_transactions t
               where t.user_id = ${me.id}
                 and t.activity_id = (select id from points_activities where name = 'referral')) as points_earned`,
    ),
    queryRows<TReferredRow>(
      deps.db,
      sql`select p.username, p.avatar_url, r.created_at as joined_at
          from referrals r join profiles p on p.id = r.referred_id
          where r.referrer_id = ${me.id} and ${notBanned(sql`r.referred_id`)}
          order by r.created_at desc
          limit ${sqlInt(POINTS_LIMITS.referredUsersShown)}`,
    ),
  ]);
  return {
    totalReferrals: stats?.total_referrals ?? 0,
    pointsEarned: stats?.points_earned ?? 0,
    referredUsers: referred.map((r) => ({
      username: r.username,
      avatarUrl: r.avatar_url,
      joinedAt: new Date(r.joined_at).toISOString(),
    })),
  };
}
