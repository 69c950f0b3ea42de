import { REACTION_EMOJIS, type TComment, type TReactionCount, type TReactionState } from "@plugs/domain";
import { and, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { postCommentReactionCounts, postCommentReactions, postComments } from "../../db/schema/index.ts";
import { isoTimestamp, type TIsoOrDate, type TIsoTimestamp, toIso } from "../../lib/row-date.ts";
import { type TAuthorRow, toAuthor } from "../profiles/author-dto.ts";

type TCommentRow = {
  id: string;
  postId: string;
  parentId: string | null;
  userId: string;
  content: string;
  likesCount: number;
  createdAt: TIsoOrDate;
  updatedAt: TIsoOrDate;
  /** Null when the profile is missing (left join). */
  author: TAuthorRow;
};
type TAttachmentRow = {
  id: string;
  commentId: string;
  fileName: string;
  fileUrl: string;
  fileType: string;
  fileSize: number;
};
type TMentionRow = { commentId: string; username: string; mentionType: "user" | "kol"; position: number };
type TReactionRow = { commentId: string; emoji: string; count: number };

const PALETTE_ORDER = new Map<string, number>(REACTION_EMOJIS.map((e, i) => [e, i]));

/** Reaction counts in palette order (an emoji no longer in the palette goes last rather than vanishing). */
function sortReactions(rows: { emoji: string; count: number }[]): TReactionCount[] {
  return rows
    .filter((r) => r.count > 0)
    .map((r) => ({ emoji: r.emoji, count: r.count }))
    .sort((a, b) => (PALETTE_ORDER.get(a.emoji) ?? 99) - (PALETTE_ORDER.get(b.emoji) ?? 99));
}

function sortEmoji(list: string[]): string[] {
  return [...list].sort((a, b) => (PALETTE_ORDER.get(a) ?? 99) - (PALETTE_ORDER.get(b) ?? 99));
}

/** The one mapper from rows to the comment a client sees (never a raw row). */
export function toComment(
  row: TCommentRow,
  extra: {
    attachments: TAttachmentRow[];
    mentions: TMentionRow[];
    reactions: TReactionRow[];
    userReactions: string[];
    likedByMe: boolean;
  },
): TComment {
  return {
    id: row.id,
    postId: row.postId,
    parentId: row.parentId,
    author: toAuthor(row.userId, row.author),
    content: row.content,
    mentions: extra.mentions.map((m) => ({
      username: m.username,
      type: m.mentionType,
      position: m.position,
    })),
    attachments: extra.attachments.map((a) => ({
      id: a.id,
      fileName: a.fileName,
      fileUrl: a.fileUrl,
      fileType: a.fileType,
      fileSize: a.fileSize,
    })),
    likesCount: row.likesCount,
    likedByMe: extra.likedByMe,
    reactions: sortReactions(extra.reactions),
    userReactions: sortEmoji(extra.userReactions),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

type THydratedRow = {
  id: string;
  post_id: string;
  parent_id: string | null;
  user_id: string;
  content: string;
  likes_count: number;
  created_at: TIsoTimestamp;
  updated_at: TIsoTimestamp;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  attachments: Omit<TAttachmentRow, "commentId">[];
  mentions: Omit<TMentionRow, "commentId">[];
  reactions: Omit<TReactionRow, "commentId">[];
  mine: string[];
  liked: boolean;
};

/** A comment's columns with its author, attachments, mentions, reaction counts and the viewer's own marks. */
function hydratedColumns(viewerId: string | null): SQL {
  const mine = viewerId
    ? sql`coalesce((select json_agg(r.emoji) from post_comment_reactions r
          where r.comment_id = post_comments.id and r.user_id = ${viewerId}), '[]')`
    : sql`'[]'::json`;
  // A scalar subquery on the like's key, as a post's (post-dto.ts says why).
  const liked = viewerId
    ? sql`coalesce((select true from post_comment_likes l
          where l.comment_id = post_comments.id and l.user_id = ${viewerId}), false)`
    : sql`false`;
  return sql`post_comments.id, post_comments.post_id, post_comments.parent_id, post_comments.user_id,
          post_comments.content, post_comments.likes_count,
          ${isoTimestamp(sql`post_comments.created_at`)} as created_at,
          ${isoTimestamp(sql`post_comments.updated_at`)} as updated_at,
          a.username, a.display_name, a.avatar_url,
          coalesce((select json_agg(json_build_object('id', f.id, 'fileName', f.file_name, 'fileUrl', f.file_url,
              'fileType', f.file_type, 'fileSize', f.file_size) order by f.position)
            from post_comment_attachments f where f.comment_id = post_comments.id), '[]') as attachments,
          coalesce((select json_agg(json_build_object('username', m.username, 'mentionType', m.mention_type,
              'position', m.position) order by m.position)
            from comment_mentions m where m.comment_id = post_comments.id), '[]') as mentions,
          coalesce((select json_agg(json_build_object('emoji', r.emoji, 'count', r.n))
            from post_comment_reaction_counts r
            where r.comment_id = post_comments.id and r.n > 0), '[]') as reactions,
          ${mine} as mine,
          ${liked} as liked`;
}

function toCommentOf(r: THydratedRow): TComment {
  const row: TCommentRow = {
    id: r.id,
    postId: r.post_id,
    parentId: r.parent_id,
    userId: r.user_id,
    content: r.content,
    likesCount: r.likes_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    author:
      r.username === null
        ? null
        : { username: r.username, displayName: r.display_name, avatarUrl: r.avatar_url },
  };
  return toComment(row, {
    attachments: r.attachments.map((a) => ({ ...a, commentId: r.id })),
    mentions: r.mentions.map((m) => ({ ...m, commentId: r.id })),
    reactions: r.reactions.map((x) => ({ ...x, commentId: r.id })),
    userReactions: r.mine,
    likedByMe: r.liked,
  });
}

/**
 * Turns comment ids into comments, in the given order, in one statement for the whole page: each comment with its
 * author, attachments and mentions (in order), reaction counts (as post_comment_reaction_counts keeps them), the
 * viewer's reactions and whether the viewer likes it, each from its per-comment index. Never a query per comment.
 */
export async function hydrateComments(
  db: Pick<TDb, "execute">,
  ids: string[],
  viewerId: string | null,
): Promise<TComment[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<THydratedRow>(
    db,
    sql`select ${hydratedColumns(viewerId)}
        from post_comments
        left join profiles a on a.id = post_comments.user_id
        where ${inArray(postComments.id, ids)}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A comment deleted between the id query and now is simply left out.
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toCommentOf(r)] : [];
  });
}

/**
 * A page of comments in one statement: `page` is an id query whose rows carry `id` and the page's own columns;
 * each comment comes back hydrated beside those columns, oldest first (created_at, id).
 */
export async function hydrateCommentPage<TKeys extends { id: string }>(
  db: TDb,
  page: SQL,
  viewerId: string | null,
): Promise<{ comment: TComment; keys: TKeys }[]> {
  const rows = await queryRows<THydratedRow & { keys: TKeys }>(
    db,
    sql`with page as (${page})
        select ${hydratedColumns(viewerId)}, row_to_json(page) as keys
        from page join post_comments on post_comments.id = page.id
        left join profiles a on a.id = post_comments.user_id
        order by post_comments.created_at, post_comments.id`,
  );
  return rows.map((r) => ({ comment: toCommentOf(r), keys: r.keys }));
}

/** Reaction counts per comment and emoji, as post_comment_reaction_counts keeps them (those above 0). */
export function reactionCounts(db: TDb, ids: string[]) {
  return db
    .select({
      commentId: postCommentReactionCounts.commentId,
      emoji: postCommentReactionCounts.emoji,
      count: postCommentReactionCounts.n,
    })
    .from(postCommentReactionCounts)
    .where(and(inArray(postCommentReactionCounts.commentId, ids), gt(postCommentReactionCounts.n, 0)));
}

/** One comment's reactions and the viewer's own, after a reaction is added or taken back. */
export async function reactionStateOf(db: TDb, commentId: string, viewerId: string): Promise<TReactionState> {
  const [counts, mine] = await Promise.all([
    reactionCounts(db, [commentId]),
    db
      .select({ emoji: postCommentReactions.emoji })
      .from(postCommentReactions)
      .where(and(eq(postCommentReactions.commentId, commentId), eq(postCommentReactions.userId, viewerId))),
  ]);
  return {
    reactions: sortReactions(counts),
    userReactions: sortEmoji(mine.map((r) => r.emoji)),
  };
}
