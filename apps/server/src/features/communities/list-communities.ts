import {
  COMMUNITY_LIMITS,
  M,
  type TCommunitiesPage,
  type TCommunitiesQuery,
  type TCommunityDetail,
} from "@plugs/domain";
import { and, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { communities, communityMembers } from "../../db/schema/index.ts";
import { textRowCount } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import {
  cappedCount,
  decodeKeysetCursor,
  keysetPage,
  type TKeysetCursor,
  timeKey,
  timeKeyset,
} from "../../lib/keyset-page.ts";
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

/** A card's place in the list: its creation time as a cursor keeps it (the member count and id are columns). */
const sortKey = timeKey(sql`${communities.createdAt}`);

/**
 * The page query on its own (EXPLAIN in tests and scripts looks at exactly this): `limit` communities from the
 * cursor on, in the list's order, each matching an index (communities_popular_idx: members, then newest;
 * communities_newest_idx), or for a `previous` cursor back from it.
 */
export function communitiesPageQuery(
  db: TDb,
  query: TCommunitiesQuery,
  viewerId: string | null,
  cursor: TKeysetCursor | null,
  limit: number,
) {
  const lead = query.sort === "newest" ? undefined : communities.memberCount;
  const { from, orderBy } = timeKeyset(cursor, communities.createdAt, communities.id, "desc", lead);
  return db
    .select({ ...communityColumns, sortKey })
    .from(communities)
    .leftJoin(communityMembers, viewerMembershipJoin(viewerId))
    .where(and(searchCondition(query.search), from))
    .orderBy(...orderBy)
    .limit(textRowCount(limit));
}

/**
 * The community list: Most Popular (member count) or Newest, optionally searched, in keyset pages (a deep page
 * costs what the first does), counted up to COMMUNITY_LIMITS.listCountCap. Each card carries the signed-in
 * viewer's own membership from the same query (a left join), so there is no query per card.
 */
export async function listCommunities(
  deps: TDeps,
  viewer: TViewer | null,
  query: TCommunitiesQuery,
): Promise<TCommunitiesPage> {
  const key = query.sort === "newest" ? "time" : "number, time";
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor, key, M.communities.listCursorInvalid) : null;
  const [rows, { total, totalCapped }] = await Promise.all([
    communitiesPageQuery(deps.db, query, viewer?.id ?? null, cursor, query.pageSize + 1),
    cappedCount(
      deps.db,
      deps.db.select({ one: sql`1` }).from(communities).where(searchCondition(query.search)),
      COMMUNITY_LIMITS.listCountCap,
    ),
  ]);
  const page = keysetPage(rows, query.pageSize, cursor, total, (r) => ({
    ...(query.sort === "newest" ? {} : { n: r.memberCount }),
    k: r.sortKey,
    i: r.id,
  }));
  // Nothing left on the cursor's side of the list (communities moved since the page was read): page 1 as it is now.
  if (!page) return listCommunities(deps, viewer, { ...query, cursor: undefined });
  return { ...page, items: page.items.map(toCommunitySummary), total, totalCapped };
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
