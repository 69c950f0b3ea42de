import type { TCommunitiesPage, TCommunitiesQuery, TCommunityDetail } from "@plugs/domain";
import { M } from "@plugs/domain";
import { count, desc, ilike, or, type SQL, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { builtOnce, type TValue } from "../../db/built-once.ts";
import type { TDb } from "../../db/client.ts";
import { communities, communityMembers } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import {
  communityColumns,
  containsPattern,
  loadCommunityDetail,
  toCommunitySummary,
  viewerMembershipJoin,
} from "./community-dto.ts";

/** The LIKE pattern a search stands for, or undefined for no search. */
function searchPattern(search: string | undefined): string | undefined {
  const term = search?.trim();
  return term ? containsPattern(term) : undefined;
}

/** Name or description contains the term, case-insensitively (served by the trigram indexes). */
function searchCondition(pattern: TValue<string> | undefined): SQL | undefined {
  if (pattern === undefined) return undefined;
  return or(ilike(communities.name, pattern), ilike(communities.communityDescription, pattern));
}

/** The list's order; each matches an index (communities_popular_idx, communities_newest_idx). */
function orderOf(sort: TCommunitiesQuery["sort"]) {
  return sort === "newest"
    ? [desc(communities.createdAt), desc(communities.id)]
    : [desc(communities.memberCount), desc(communities.createdAt), desc(communities.id)];
}

function pageStatement(
  db: TDb,
  sort: TCommunitiesQuery["sort"],
  values: {
    pattern: TValue<string> | undefined;
    viewerId: TValue<string> | null;
    limit: TValue<number>;
    offset: TValue<number>;
  },
) {
  return db
    .select(communityColumns)
    .from(communities)
    .leftJoin(communityMembers, viewerMembershipJoin(values.viewerId))
    .where(searchCondition(values.pattern))
    .orderBy(...orderOf(sort))
    .limit(values.limit)
    .offset(values.offset);
}

/** The page query on its own, built for this query alone (EXPLAIN in tests and scripts looks at exactly this). */
export function communitiesPageQuery(db: TDb, query: TCommunitiesQuery, viewerId: string | null) {
  return pageStatement(db, query.sort, {
    pattern: searchPattern(query.search),
    viewerId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
}

const pageStatements = builtOnce<ReturnType<typeof preparedPage>>();
const countStatements = builtOnce<ReturnType<typeof preparedCount>>();

/** A page's shape: its sort, whether it searches, whether a viewer's membership is joined. */
type TShape = { sort: TCommunitiesQuery["sort"]; search: boolean; signedIn: boolean };

function preparedPage(db: TDb, shape: TShape, name: string) {
  return pageStatement(db, shape.sort, {
    pattern: shape.search ? sql.placeholder("pattern") : undefined,
    viewerId: shape.signedIn ? sql.placeholder("viewerId") : null,
    limit: sql.placeholder("limit"),
    offset: sql.placeholder("offset"),
  }).prepare(name);
}

function preparedCount(db: TDb, search: boolean, name: string) {
  return db
    .select({ n: count() })
    .from(communities)
    .where(searchCondition(search ? sql.placeholder("pattern") : undefined))
    .prepare(name);
}

/**
 * The community list: Most Popular (member count) or Newest, optionally searched, in numbered pages. Each card
 * carries the signed-in viewer's own membership from the same query (a left join), so there is no query per card.
 * Both statements are built once per shape (builtOnce).
 */
export async function listCommunities(
  deps: TDeps,
  viewer: TViewer | null,
  query: TCommunitiesQuery,
): Promise<TCommunitiesPage> {
  const pattern = searchPattern(query.search);
  const shape: TShape = { sort: query.sort, search: pattern !== undefined, signedIn: viewer !== null };
  const pageName = `communities_page_${shape.sort}${shape.search ? "_search" : ""}${shape.signedIn ? "_viewer" : ""}`;
  const countName = `communities_count${shape.search ? "_search" : ""}`;
  const [rows, [total]] = await Promise.all([
    pageStatements(deps.db, pageName, (name) => preparedPage(deps.db, shape, name)).execute({
      pattern,
      viewerId: viewer?.id,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    countStatements(deps.db, countName, (name) => preparedCount(deps.db, shape.search, name)).execute({
      pattern,
    }),
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
