import type { TFeedPage, TUserPostsQuery } from "@plugs/domain";
import { sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { cursorOf, decodeCursor, encodeCursor, type TFeedRow } from "../posts/feed-query.ts";
import { hydratePosts } from "../posts/post-dto.ts";
import { visibleTo } from "../posts/visibility.ts";
import { findProfileByUsername } from "./find-profile.ts";

/**
 * GET /api/users/:username/posts: the user's posts that the viewer may see (visitors: public posts outside
 * communities; members also their communities' posts), newest first, keyset pages over posts_author_newest_idx,
 * hydrated like the feed.
 */
export async function listUserPosts(
  deps: TDeps,
  viewer: TViewer | null,
  username: string,
  query: TUserPostsQuery,
): Promise<TFeedPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, "newest") : null;
  const profile = await findProfileByUsername(deps.db, username);
  const viewerId = viewer?.id ?? null;
  const after =
    cursor?.s === "newest"
      ? sql`and (p.created_at, p.id) < (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
      : sql``;
  const rows = await queryRows<TFeedRow>(
    deps.db,
    sql`select p.id, p.created_at::text as created_at, p.likes_count, p.comments_count from posts p
        where p.user_id = ${profile.id} and ${visibleTo(viewerId)} ${after}
        order by p.created_at desc, p.id desc limit ${sqlInt(query.limit + 1)}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await hydratePosts(
      deps.db,
      page.map((r) => r.id),
      viewerId,
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor(cursorOf("newest", last)) : null,
  };
}
