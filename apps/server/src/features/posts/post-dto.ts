import type { TPost } from "@plugs/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { communities, postLikes, postMedia, postMentions, posts, profiles } from "../../db/schema/index.ts";
import { groupBy } from "../../lib/group-by.ts";
import { authorColumns, toAuthor } from "../profiles/author-dto.ts";

type TPostRow = {
  id: string;
  userId: string;
  content: string;
  visibility: "public";
  communityId: string | null;
  likesCount: number;
  commentsCount: number;
  viewsCount: number;
  editedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Null when the profile is missing (left join). */
  author: { username: string; avatarUrl: string | null; isVerified: boolean } | null;
  community: { id: string; name: string; slug: string } | null;
};
type TMediaRow = {
  id: string;
  postId: string;
  mediaUrl: string;
  mediaType: string;
  width: number | null;
  height: number | null;
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
    })),
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    viewsCount: row.viewsCount,
    likedByMe,
    editedAt: row.editedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mentions: mentions.map((m) => ({ username: m.username, type: m.mentionType, position: m.position })),
  };
}

/**
 * Turns post ids (already filtered by visibility) into posts, in the given order: one query for the posts with
 * their authors and communities, one for media, one for mentions and one for the viewer's likes. Never a query per
 * post.
 */
export async function hydratePosts(db: TDb, ids: string[], viewerId: string | null): Promise<TPost[]> {
  if (ids.length === 0) return [];
  const [rows, media, mentions, likes] = await Promise.all([
    db
      .select({
        id: posts.id,
        userId: posts.userId,
        content: posts.content,
        visibility: posts.visibility,
        communityId: posts.communityId,
        likesCount: posts.likesCount,
        commentsCount: posts.commentsCount,
        viewsCount: posts.viewsCount,
        editedAt: posts.editedAt,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
        author: { ...authorColumns, isVerified: profiles.isVerified },
        community: { id: communities.id, name: communities.name, slug: communities.slug },
      })
      .from(posts)
      .leftJoin(profiles, eq(profiles.id, posts.userId))
      .leftJoin(communities, eq(communities.id, posts.communityId))
      .where(inArray(posts.id, ids)),
    db
      .select({
        id: postMedia.id,
        postId: postMedia.postId,
        mediaUrl: postMedia.mediaUrl,
        mediaType: postMedia.mediaType,
        width: postMedia.width,
        height: postMedia.height,
      })
      .from(postMedia)
      .where(inArray(postMedia.postId, ids))
      .orderBy(asc(postMedia.postId), asc(postMedia.position)),
    db
      .select({
        postId: postMentions.postId,
        username: postMentions.username,
        mentionType: postMentions.mentionType,
        position: postMentions.position,
      })
      .from(postMentions)
      .where(inArray(postMentions.postId, ids))
      .orderBy(asc(postMentions.postId), asc(postMentions.position)),
    viewerId
      ? db
          .select({ postId: postLikes.postId })
          .from(postLikes)
          .where(and(eq(postLikes.userId, viewerId), inArray(postLikes.postId, ids)))
      : Promise.resolve([] as { postId: string }[]),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const mediaByPost = groupBy(media, (m) => m.postId);
  const mentionsByPost = groupBy(mentions, (m) => m.postId);
  const liked = new Set(likes.map((l) => l.postId));
  const out: TPost[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    // A post deleted between the id query and now is simply left out.
    if (row) out.push(toPost(row, mediaByPost.get(id) ?? [], mentionsByPost.get(id) ?? [], liked.has(id)));
  }
  return out;
}
