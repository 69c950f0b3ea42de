import { OVERVIEW_DAYS, type TAdminOverview } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";

type TCountsRow = {
  members: number;
  posts: number;
  comments: number;
  communities: number;
  open_reports: number;
  open_messages: number;
};
type TDayRow = { day: string; signups: number; posts: number; points_paid: number };

/**
 * GET /api/admin/overview (admins only). Members, posts and comments are sums of site_counts' slots (kept by
 * triggers, so they do not grow with the tables); communities, open reports and open messages count their status
 * indexes, which hold only the live ones; each series is a range read of its created_at index (profiles_newest_idx,
 * posts_created_idx, points_transactions_paid_created_idx), grouped by UTC day and joined to all 30 days so a
 * quiet day shows as 0.
 */
export async function adminOverview(deps: TDeps, viewer: TViewer | null): Promise<TAdminOverview> {
  requireAdmin(viewer);
  // A month of the ledger costs tens of milliseconds on a busy site: an instance answers
  // its admins from one computation for up to CACHE_MS (the figures say "about now", not "this instant").
  const cached = cache.get(deps);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const value = await computeOverview(deps);
  cache.set(deps, { at: Date.now(), value });
  return value;
}

const CACHE_MS = 30_000;
const cache = new WeakMap<TDeps, { at: number; value: TAdminOverview }>();

async function computeOverview(deps: TDeps): Promise<TAdminOverview> {
  const today = new Date();
  const start = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (OVERVIEW_DAYS - 1)),
  );
  const [counts, days] = await Promise.all([
    queryRows<TCountsRow>(deps.db, overviewCountsQuery()),
    queryRows<TDayRow>(deps.db, overviewDaysQuery(start)),
  ]);
  const c = counts[0];
  return {
    counts: {
      members: c?.members ?? 0,
      posts: c?.posts ?? 0,
      comments: c?.comments ?? 0,
      communities: c?.communities ?? 0,
      openReports: c?.open_reports ?? 0,
      openMessages: c?.open_messages ?? 0,
    },
    days: days.map((d) => ({
      day: d.day,
      signups: Number(d.signups),
      posts: Number(d.posts),
      pointsPaid: Number(d.points_paid),
    })),
  };
}

/** The site's totals: members, posts and comments from site_counts, the rest from their status indexes. */
export function overviewCountsQuery(): SQL {
  return sql`select
      (select coalesce(sum(n), 0) from site_counts where total = 'members')::int as members,
      (select coalesce(sum(n), 0) from site_counts where total = 'posts')::int as posts,
      (select coalesce(sum(n), 0) from site_counts where total = 'comments')::int as comments,
      (select count(*) from communities where removed_at is null)::int as communities,
      (select count(*) from reports where status = 'pending')::int as open_reports,
      ((select count(*) from contact_messages where status = 'new')
        + (select count(*) from contact_messages where status = 'open'))::int as open_messages`;
}

/** Sign-ups, posts and points paid per UTC day from `start` (a UTC midnight) for OVERVIEW_DAYS days. */
export function overviewDaysQuery(start: Date): SQL {
  const from = start.toISOString();
  return sql`with days as (
      select generate_series(${from}::timestamptz,
        ${from}::timestamptz + interval '${sql.raw(String(OVERVIEW_DAYS - 1))} days', interval '1 day') as day
    ),
    signups as (
      select date_trunc('day', created_at, 'UTC') as day, count(*)::int as n
      from profiles where created_at >= ${from}::timestamptz group by 1
    ),
    new_posts as (
      select date_trunc('day', created_at, 'UTC') as day, count(*)::int as n
      from posts where created_at >= ${from}::timestamptz group by 1
    ),
    paid as (
      select date_trunc('day', created_at, 'UTC') as day, sum(points)::int as n
      from points_transactions where points > 0 and created_at >= ${from}::timestamptz group by 1
    )
    select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as day,
      coalesce(s.n, 0) as signups, coalesce(p.n, 0) as posts, coalesce(x.n, 0) as points_paid
    from days d
    left join signups s on s.day = d.day
    left join new_posts p on p.day = d.day
    left join paid x on x.day = d.day
    order by d.day`;
}
