import { M, type TFeedSort, type TFeedTab } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { sqlInt } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { type TKeysetCursor, timeKey } from "../../lib/keyset-page.ts";
import { byUnbannedAuthor, notBanned } from "./visibility.ts";

/*
 * The feed's id queries. Each branch reads an index in its ORDER BY's own order and stops after `limit` rows:
 *   public posts outside communities  posts_feed_public_{newest,popular}_idx
 *   each active community's posts     posts_community_{newest,popular}_idx (a LATERAL per membership)
 *   each followed author's posts      posts_author_{newest,popular}_idx (a LATERAL per follow; the membership
 *                                     test is an EXISTS, which keeps that index scan: as IN (subquery) the
 *                                     planner read all of a prolific author's posts and sorted them)
 * then the branches are merged and cut to `limit`. Keyset conditions are row comparisons over the same columns, so
 * the index scan starts at the cursor. created_at travels as text to keep PostgreSQL's microseconds. A post whose
 * author is under a site ban is skipped in every branch and count (byUnbannedAuthor, a filter on the rows read).
 */

/** Where the previous page ended, in the sort's columns. */
export type TFeedCursor =
  | { s: "newest"; t: string; i: string }
  | { s: "popular"; l: number; c: number; t: string; i: string };

const ZCursor = z.discriminatedUnion("s", [
  z.object({ s: z.literal("newest"), t: z.string().max(40), i: z.uuid() }),
  z.object({
    s: z.literal("popular"),
    l: z.number().int().min(0),
    c: z.number().int().min(0),
    t: z.string().max(40),
    i: z.uuid(),
  }),
]);

export function encodeCursor(cursor: TFeedCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** Reads an opaque cursor; a malformed one, or one from the other sort order, is a 400. */
export function decodeCursor(raw: string, sort: TFeedSort): TFeedCursor {
  let parsed: TFeedCursor | null = null;
  try {
    parsed = ZCursor.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.s !== sort || Number.isNaN(Date.parse(parsed.t))) {
    throw new AppError("VALIDATION", M.posts.invalidCursor, { fields: { cursor: M.posts.invalidCursor } });
  }
  return parsed;
}

/** One row of an id query: the post id and its sort keys. */
export type TFeedRow = { id: string; created_at: string; likes_count: number; comments_count: number };

export function cursorOf(sort: TFeedSort, row: TFeedRow): TFeedCursor {
  return sort === "newest"
    ? { s: "newest", t: row.created_at, i: row.id }
    : { s: "popular", l: row.likes_count, c: row.comments_count, t: row.created_at, i: row.id };
}

/** The sort's ORDER BY over the posts under `alias`. */
export function orderBy(sort: TFeedSort, alias: string): SQL {
  const a = sql.raw(alias ? `${alias}.` : "");
  return sort === "newest"
    ? sql`${a}created_at desc, ${a}id desc`
    : sql`${a}likes_count desc, ${a}comments_count desc, ${a}created_at desc, ${a}id desc`;
}

function after(cursor: TFeedCursor | null): SQL {
  if (!cursor) return sql``;
  return cursor.s === "newest"
    ? sql`and (p.created_at, p.id) < (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
    : sql`and (p.likes_count, p.comments_count, p.created_at, p.id)
            < (${cursor.l}::int, ${cursor.c}::int, ${cursor.t}::timestamptz, ${cursor.i}::uuid)`;
}

/**
 * How a query walks the posts: where it starts (a condition on p, empty for the top), its order over the rows
 * under an alias, and the sort key a numbered page's cursor keeps (empty for the feed, whose cursor is its own).
 */
type TWalk = { from: SQL; order: (alias: string) => SQL; key: SQL };

const feedWalk = (sort: TFeedSort, cursor: TFeedCursor | null): TWalk => ({
  from: after(cursor),
  order: (alias) => orderBy(sort, alias),
  key: sql``,
});

/**
 * A numbered page's walk, newest first from its cursor; a `previous` cursor walks oldest first back from it (the
 * caller reverses the rows).
 */
function pageWalk(cursor: TKeysetCursor | null): TWalk {
  const key = sql`, ${timeKey(sql`f.created_at`)} as sort_key`;
  if (!cursor) return { ...feedWalk("newest", null), key };
  const back = cursor.d === "previous";
  const dir = sql.raw(back ? "asc" : "desc");
  return {
    from: sql`and (p.created_at, p.id) ${back ? sql`>` : sql`<`} (${cursor.k}::timestamptz, ${cursor.i}::uuid)`,
    order: (alias) => {
      const a = sql.raw(`${alias}.`);
      return sql`${a}created_at ${dir}, ${a}id ${dir}`;
    },
    key,
  };
}

const COLUMNS = sql`p.id, p.created_at, p.likes_count, p.comments_count`;

/** Ends an id query: the merged branches in the walk's order, created_at as text for the cursor. */
function merged(branches: SQL, walk: TWalk, limit: number): SQL {
  return sql`select f.id, f.created_at::text as created_at, f.likes_count, f.comments_count ${walk.key}
    from (${branches}) f order by ${walk.order("f")} limit ${sqlInt(limit)}`;
}

function publicBranch(walk: TWalk, limit: number): SQL {
  return sql`(select ${COLUMNS} from posts p
    where p.visibility = 'public' and p.community_id is null and ${byUnbannedAuthor} ${walk.from}
    order by ${walk.order("p")} limit ${sqlInt(limit)})`;
}

function communitiesBranch(viewerId: string, walk: TWalk, limit: number): SQL {
  return sql`(select ${COLUMNS} from community_members m
    cross join lateral (
      select ${COLUMNS} from posts p
      where p.community_id = m.community_id and p.visibility = 'public' and ${byUnbannedAuthor} ${walk.from}
      order by ${walk.order("p")} limit ${sqlInt(limit)}
    ) p
    where m.user_id = ${viewerId} and m.status = 'active')`;
}

/** What the viewer may see: public posts outside communities, and their active communities' posts. */
function visibleBranches(viewerId: string | null, walk: TWalk, limit: number): SQL {
  return viewerId
    ? sql`${publicBranch(walk, limit)} union all ${communitiesBranch(viewerId, walk, limit)}`
    : publicBranch(walk, limit);
}

/**
 * Ids of the next feed page (ask for limit + 1 to learn whether there is more). Tab 'all': what the viewer may see;
 * tab 'following': what they may see from the authors they follow. A visitor has no following tab (the caller
 * answers an empty list).
 */
export function feedIdsQuery(params: {
  tab: TFeedTab;
  sort: TFeedSort;
  viewerId: string | null;
  cursor: TFeedCursor | null;
  limit: number;
}): SQL {
  const { tab, sort, viewerId, cursor, limit } = params;
  const walk = feedWalk(sort, cursor);
  if (tab === "following") {
    if (!viewerId) throw new Error("the following tab needs a viewer");
    return merged(
      sql`select ${COLUMNS} from follows fo
        cross join lateral (
          select ${COLUMNS} from posts p
          where p.user_id = fo.followed_id and p.visibility = 'public'
            and (p.community_id is null or exists (select 1 from community_members m
              where m.community_id = p.community_id and m.user_id = ${viewerId} and m.status = 'active'))
            ${walk.from}
          order by ${walk.order("p")} limit ${sqlInt(limit)}
        ) p
        where fo.follower_id = ${viewerId} and ${notBanned(sql`fo.followed_id`)}`,
      walk,
      limit,
    );
  }
  return merged(visibleBranches(viewerId, walk, limit), walk, limit);
}

/**
 * Ids of one numbered page of posts (`limit` rows from the cursor, newest first): everything the viewer may see,
 * or one community's posts (the caller has checked the viewer is an active member). Each branch reads its index
 * from the cursor, so a deep page costs what the first does.
 */
export function pagedIdsQuery(params: {
  viewerId: string | null;
  communityId: string | null;
  cursor: TKeysetCursor | null;
  limit: number;
}): SQL {
  const { viewerId, communityId, cursor, limit } = params;
  const walk = pageWalk(cursor);
  if (communityId) {
    return merged(
      sql`select ${COLUMNS} from posts p
        where p.community_id = ${communityId} and p.visibility = 'public' and ${byUnbannedAuthor} ${walk.from}
        order by ${walk.order("p")} limit ${sqlInt(limit)}`,
      walk,
      limit,
    );
  }
  return merged(visibleBranches(viewerId, walk, limit), walk, limit);
}

/**
 * How many posts pagedIdsQuery pages through, counted up to `cap` (the "Page X of Y" pager says "Y+" past it):
 * the first `cap` rows of the same branches, so the count costs the same on a site of a thousand posts or a million.
 */
export function pagedCountQuery(params: {
  viewerId: string | null;
  communityId: string | null;
  cap: number;
}): SQL {
  const { viewerId, communityId, cap } = params;
  const walk = feedWalk("newest", null);
  const rows = communityId
    ? sql`select p.id from posts p
        where p.community_id = ${communityId} and p.visibility = 'public' and ${byUnbannedAuthor}
        order by ${walk.order("p")} limit ${sqlInt(cap)}`
    : sql`select f.id from (${visibleBranches(viewerId, walk, cap)}) f limit ${sqlInt(cap)}`;
  return sql`select count(*)::int as total from (${rows}) c`;
}
