import {
  M,
  POSTS_PAGE_COUNT_CAP,
  type TFeedPage,
  type TFeedQuery,
  type TPostsPage,
  type TPostsPageQuery,
} from "@plugs/domain";
import { and, eq } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { communityMembers } from "../../db/schema/index.ts";
import { decodeKeysetCursor, keysetPage } from "../../lib/keyset-page.ts";
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
 * The Community Posts page: numbered pages, newest first, of what the viewer may see, or of one community's posts,
 * read by keyset (the cursor holds the page's number). A community the viewer is not an active member of shows no
 * posts (whether or not it exists). The total counts up to POSTS_PAGE_COUNT_CAP posts, then says there are more.
 */
export async function listPostsPage(
  deps: TDeps,
  viewer: TViewer | null,
  query: TPostsPageQuery,
): Promise<TPostsPage> {
  const communityId = query.communityId ?? null;
  const empty = {
    items: [],
    total: 0,
    totalCapped: false,
    page: 1,
    pageCount: 1,
    previousCursor: null,
    nextCursor: null,
  };
  if (communityId) {
    if (!viewer) return empty;
    const [membership] = await deps.db
      .select({ status: communityMembers.status })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, viewer.id)));
    if (membership?.status !== "active") return empty;
  }
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor, "time", M.posts.invalidCursor) : null;
  const viewerId = viewer?.id ?? null;
  const [[count], rows] = await Promise.all([
    queryRows<{ total: number }>(
      deps.db,
      pagedCountQuery({ viewerId, communityId, cap: POSTS_PAGE_COUNT_CAP + 1 }),
    ),
    queryRows<TFeedRow & { sort_key: string }>(
      deps.db,
      pagedIdsQuery({ viewerId, communityId, cursor, limit: query.pageSize + 1 }),
    ),
  ]);
  const totalCapped = (count?.total ?? 0) > POSTS_PAGE_COUNT_CAP;
  const total = totalCapped ? POSTS_PAGE_COUNT_CAP : (count?.total ?? 0);
  const page = keysetPage(rows, query.pageSize, cursor, total, (r) => ({ k: r.sort_key, i: r.id }));
  // Nothing left on the cursor's side of the list (posts removed since the page was read): page 1 as it is now.
  if (!page) return listPostsPage(deps, viewer, { ...query, cursor: undefined });
  return {
    ...page,
    items: await hydratePosts(
      deps.db,
      page.items.map((r) => r.id),
      viewerId,
    ),
    total,
    totalCapped,
  };
}
