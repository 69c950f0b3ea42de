import type { TCommunitiesPage, TCommunitiesQuery, TCommunityDetail } from "@plugs/domain";
import { M } from "@plugs/domain";
import { and, count, desc, ilike, isNull, or, type SQL } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { communities, communityMembers } from "../../db/schema/index.ts";
import { textRowCount } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import {
  communityColumns,
  containsPattern,
  loadCommunityDetail,
  toCommunitySummary,
  viewerMembershipJoin,
} from "./community-dto.ts";

/**
 * Not removed by an admin and, when searched, the name or description contains the term, case-insensitively
 * (served by the trigram indexes).
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const shown = isNull(communities.removedAt);
  const term = search?.trim();
  if (!term) return shown;
  const pattern = containsPattern(term);
  return and(shown, or(ilike(communities.name, pattern), ilike(communities.communityDescription, pattern)));
}

/** The list's order; each matches an index (communities_popular_idx, communities_newest_idx). */
function orderOf(sort: TCommunitiesQuery["sort"]) {
  return sort === "newest"
    ? [desc(communities.createdAt), desc(communities.id)]
    : [desc(communities.memberCount), desc(communities.createdAt), desc(communities.id)];
}

/** The page query on its own (EXPLAIN in tests and scripts looks at exactly this). */
export function communitiesPageQuery(db: TDb, query: TCommunitiesQuery, viewerId: string | null) {
  return db
    .select(communityColumns)
    .from(communities)
    .leftJoin(communityMembers, viewerMembershipJoin(viewerId))
    .where(searchCondition(query.search))
    .orderBy(...orderOf(query.sort))
    .limit(textRowCount(query.pageSize))
    .offset(textRowCount((query.page - 1) * query.pageSize));
}

/**
 * The community list: Most Popular (member count) or Newest, optionally searched, in numbered pages. Each card
 * carries the signed-in viewer's own membership from the same query (a left join), so there is no query per card.
 */
export async function listCommunities(
  deps: TDeps,
  viewer: TViewer | null,
  query: TCommunitiesQuery,
): Promise<TCommunitiesPage> {
  const [rows, [total]] = await Promise.all([
    communitiesPageQuery(deps.db, query, viewer?.id ?? null),
    deps.db.select({ n: count() }).from(communities).where(searchCondition(query.search)),
  ]);
  const n = total?.n ?? 0;
  return {
    items: rows.map(toCommunitySummary),
    total: n,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(n / query.pageSize)),
  };
}

/** GET /api/communities/:slugOrId: anyone may see a community's details. */
export async function getCommunity(
  deps: TDeps,
  viewer: TViewer | null,
  slugOrId: string,
): Promise<TCommunityDetail> {
  const community = await loadCommunityDetail(deps.db, slugOrId, viewer?.id ?? null);
  if (!community) throw new AppError("NOT_FOUND", M.communities.notFound);
  return community;
}
