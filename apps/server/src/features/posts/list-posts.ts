import type { TFeedPage, TFeedQuery, TPostsPage, TPostsPageQuery } from "@plugs/domain";
import { and, eq } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { communityMembers } from "../../db/schema/index.ts";
import {
  cursorOf,
  decodeCursor,
  encodeCursor,
  feedIdsQuery,
  orderBy,
  pagedCountQuery,
  pagedIdsQuery,
  type TFeedRow,
} from "./feed-query.ts";
import { hydratePage, hydratePosts } from "./post-dto.ts";

/**
 * PlugFeed: For You ('all') is everything the viewer may see; Following is that, limited to authors they follow
 * (a visitor follows no one: empty). Keyset pages: new posts arriving between pages never shift later pages.
 */
export async function getFeed(deps: TDeps, viewer: TViewer | null, query: TFeedQuery): Promise<TFeedPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  if (query.tab === "following" && !viewer) return { items: [], nextCursor: null };
  // The ids and their posts in one statement.
  const rows = await hydratePage<TFeedRow>(
    deps.db,
    feedIdsQuery({
      tab: query.tab,
      sort: query.sort,
      viewerId: viewer?.id ?? null,
      cursor,
      limit: query.limit + 1,
    }),
    orderBy(query.sort, "posts"),
    viewer?.id ?? null,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => r.post),
    nextCursor: rows.length > query.limit && last ? encodeCursor(cursorOf(query.sort, last.keys)) : null,
  };
}

/**
 * The Community Posts page: numbered pages, newest first, of what the viewer may see, or of one community's posts.
 * A community the viewer is not an active member of shows no posts (whether or not it exists).
 */
export async function listPostsPage(
  deps: TDeps,
  viewer: TViewer | null,
  query: TPostsPageQuery,
): Promise<TPostsPage> {
  const communityId = query.communityId ?? null;
  const empty = { items: [], total: 0, page: query.page, pageCount: 1 };
  if (communityId) {
    if (!viewer) return empty;
    const [membership] = await deps.db
      .select({ status: communityMembers.status })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, viewer.id)));
    if (membership?.status !== "active") return empty;
  }
  const viewerId = viewer?.id ?? null;
  const [[count], rows] = await Promise.all([
    queryRows<{ total: number }>(deps.db, pagedCountQuery({ viewerId, communityId })),
    queryRows<TFeedRow>(
      deps.db,
      pagedIdsQuery({ viewerId, communityId, page: query.page, pageSize: query.pageSize }),
    ),
  ]);
  const total = count?.total ?? 0;
  return {
    items: await hydratePosts(
      deps.db,
      rows.map((r) => r.id),
      viewerId,
    ),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
