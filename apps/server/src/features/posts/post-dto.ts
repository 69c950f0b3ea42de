import type { TPost } from "@plugs/domain";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { posts } from "../../db/schema/index.ts";
import { isoTimestamp, type TIsoOrDate, type TIsoTimestamp, toIso } from "../../lib/row-date.ts";
import { toAuthor } from "../profiles/author-dto.ts";
import { reachableBy } from "./visibility.ts";

type TPostRow = {
  id: string;
  userId: string;
  content: string;
  visibility: "public";
  communityId: string | null;
  likesCount: number;
  commentsCount: number;
  viewsCount: number;
  editedAt: TIsoOrDate | null;
  createdAt: TIsoOrDate;
  updatedAt: TIsoOrDate;
  /** Null when the profile is missing (left join). */
  author: {
    username: string;
    displayName: string | null;
    avatarUrl: string | null;
    isVerified: boolean;
  } | null;
  community: { id: string; name: string; slug: string } | null;
};
type TMediaRow = {
  id: string;
  postId: string;
  mediaUrl: string;
  mediaType: string;
  width: number | null;
  height: number | null;
  altText: string | null;
};
type TMentionRow = { postId: string; username: string; mentionType: "user" | "kol"; position: number };

/** The one mapper from rows to the post a client sees (never a raw row). */
export function toPost(
  row: TPostRow,
  media: TMediaRow[],
  mentions: TMentionRow[],
  likedByMe: boolean,
): TPost {
  return {
    id: row.id,
    content: row.content,
    visibility: row.visibility,
    communityId: row.communityId,
    community: row.community
      ? { id: row.community.id, name: row.community.name, slug: row.community.slug }
      : null,
    author: { ...toAuthor(row.userId, row.author), isVerified: row.author?.isVerified ?? false },
    media: media.map((m) => ({
      id: m.id,
      url: m.mediaUrl,
      type: m.mediaType,
      width: m.width,
      height: m.height,
      alt: m.altText ?? null,
    })),
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    viewsCount: row.viewsCount,
    likedByMe,
    editedAt: row.editedAt === null ? null : toIso(row.editedAt),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    mentions: mentions.map((m) => ({ username: m.username, type: m.mentionType, position: m.position })),
  };
}

type THydratedRow = {
  id: string;
  user_id: string;
  content: string;
  visibility: "public";
  community_id: string | null;
  likes_count: number;
  comments_count: number;
  views_count: number;
  edited_at: TIsoTimestamp | null;
  created_at: TIsoTimestamp;
  updated_at: TIsoTimestamp;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  is_verified: boolean | null;
  community_name: string | null;
  community_slug: string | null;
  media: Omit<TMediaRow, "postId">[];
  mentions: Omit<TMentionRow, "postId">[];
  liked: boolean;
};

/** A post's columns with its author, community, media and mentions (in order) and whether the viewer likes it. */
function hydratedColumns(viewerId: string | null): SQL {
  // A scalar subquery on the like's key, never an EXISTS: PostgreSQL may run an EXISTS as one hashed pass over all
  // of the viewer's likes, which a generic plan (prepared statements) picks without knowing how many they have.
  const liked = viewerId
    ? sql`coalesce((select true from post_likes l where l.post_id = posts.id and l.user_id = ${viewerId}), false)`
    : sql`false`;
  return sql`posts.id, posts.user_id, posts.content, posts.visibility, posts.community_id, posts.likes_count,
    posts.comments_count, posts.views_count, ${isoTimestamp(sql`posts.edited_at`)} as edited_at,
    ${isoTimestamp(sql`posts.created_at`)} as created_at, ${isoTimestamp(sql`posts.updated_at`)} as updated_at,
    a.username, a.display_name, a.avatar_url, a.is_verified, c.name as community_name, c.slug as community_slug,
    coalesce((select json_agg(json_build_object('id', m.id, 'mediaUrl', m.media_url,
        'mediaType', m.media_type, 'width', m.width, 'height', m.height, 'altText', m.alt_text)
        order by m.position)
      from post_media m where m.post_id = posts.id), '[]') as media,
    coalesce((select json_agg(json_build_object('username', x.username, 'mentionType', x.mention_type,
        'position', x.position) order by x.position)
      from post_mentions x where x.post_id = posts.id), '[]') as mentions,
    ${liked} as liked`;
}

const HYDRATED_JOINS = sql`left join profiles a on a.id = posts.user_id
  left join communities c on c.id = posts.community_id`;

function toPostOf(r: THydratedRow): TPost {
  const row: TPostRow = {
    id: r.id,
    userId: r.user_id,
    content: r.content,
    visibility: r.visibility,
    communityId: r.community_id,
    likesCount: r.likes_count,
    commentsCount: r.comments_count,
    viewsCount: r.views_count,
    editedAt: r.edited_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    author:
      r.username === null
        ? null
        : {
            username: r.username,
            displayName: r.display_name,
            avatarUrl: r.avatar_url,
            isVerified: r.is_verified ?? false,
          },
    community:
      r.community_id && r.community_name !== null && r.community_slug !== null
        ? { id: r.community_id, name: r.community_name, slug: r.community_slug }
        : null,
  };
  return toPost(
    row,
    r.media.map((m) => ({ ...m, postId: r.id })),
    r.mentions.map((m) => ({ ...m, postId: r.id })),
    r.liked,
  );
}

/**
 * Turns post ids (already filtered by visibility) into posts, in the given order, in one statement: each post with
 * its author and community, its media and mentions (in order, from their per-post indexes) and whether the viewer
 * likes it. Never a query per post.
 */
export async function hydratePosts(db: TDb, ids: string[], viewerId: string | null): Promise<TPost[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<THydratedRow>(
    db,
    sql`select ${hydratedColumns(viewerId)} from posts ${HYDRATED_JOINS} where ${inArray(posts.id, ids)}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A post deleted between the id query and now is simply left out.
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toPostOf(r)] : [];
  });
}

/**
 * One post for its page, in one statement: the post if the viewer may reach it (reachableBy), hydrated, and the
 * view counted (a new row for the day's key moves views_count; the answer carries the moved count). Null when the
 * viewer may not reach it.
 */
export async function hydrateViewedPost(
  db: TDb,
  postId: string,
  viewerId: string | null,
  view: { key: string; day: string },
): Promise<TPost | null> {
  const [row] = await queryRows<THydratedRow & { moved_views: number | null }>(
    db,
    sql`with target as (select p.id from posts p where p.id = ${postId} and ${reachableBy(viewerId)}),
        counted as (insert into post_views (post_id, viewer_key, day)
          select id, ${view.key}, ${view.day} from target on conflict do nothing returning post_id),
        moved as (update posts set views_count = views_count + 1
          where id = (select post_id from counted) returning views_count)
      select ${hydratedColumns(viewerId)}, (select views_count from moved) as moved_views
      from posts ${HYDRATED_JOINS} where posts.id = (select id from target)`,
  );
  if (!row) return null;
  return toPostOf(row.moved_views === null ? row : { ...row, views_count: row.moved_views });
}

/**
 * A page of posts in one statement: `page` is an id query (already filtered by visibility) whose rows carry `id`
 * and the page's keyset columns; each row comes back hydrated beside those columns, in `order` (over `posts`).
 */
export async function hydratePage<TKeys extends { id: string }>(
  db: TDb,
  page: SQL,
  order: SQL,
  viewerId: string | null,
): Promise<{ post: TPost; keys: TKeys }[]> {
  const rows = await queryRows<THydratedRow & { keys: TKeys }>(
    db,
    sql`with page as (${page})
      select ${hydratedColumns(viewerId)}, row_to_json(page) as keys
      from page join posts on posts.id = page.id ${HYDRATED_JOINS}
      order by ${order}`,
  );
  return rows.map((r) => ({ post: toPostOf(r), keys: r.keys }));
}
