import { REACTION_EMOJIS, type TComment, type TReactionCount, type TReactionState } from "@plugs/domain";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import {
  commentMentions,
  postCommentAttachments,
  postCommentLikes,
  postCommentReactions,
  postComments,
  profiles,
} from "../../db/schema/index.ts";
import { groupBy } from "../../lib/group-by.ts";
import { authorColumns, type TAuthorRow, toAuthor } from "../profiles/author-dto.ts";

type TCommentRow = {
  id: string;
  postId: string;
  parentId: string | null;
  userId: string;
  content: string;
  likesCount: number;
  createdAt: Date;
  updatedAt: Date;
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Turns comment ids into comments, in the given order, with one query per kind for the whole page: comments with
 * their authors, attachments, mentions, reaction counts, the viewer's reactions and the viewer's likes. Never a
 * query per comment.
 */
export async function hydrateComments(db: TDb, ids: string[], viewerId: string | null): Promise<TComment[]> {
  if (ids.length === 0) return [];
  const [rows, attachments, mentions, reactions, mine, likes] = await Promise.all([
    db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        parentId: postComments.parentId,
        userId: postComments.userId,
        content: postComments.content,
        likesCount: postComments.likesCount,
        createdAt: postComments.createdAt,
        updatedAt: postComments.updatedAt,
        author: authorColumns,
      })
      .from(postComments)
      .leftJoin(profiles, eq(profiles.id, postComments.userId))
      .where(inArray(postComments.id, ids)),
    db
      .select({
        id: postCommentAttachments.id,
        commentId: postCommentAttachments.commentId,
        fileName: postCommentAttachments.fileName,
        fileUrl: postCommentAttachments.fileUrl,
        fileType: postCommentAttachments.fileType,
        fileSize: postCommentAttachments.fileSize,
      })
      .from(postCommentAttachments)
      .where(inArray(postCommentAttachments.commentId, ids))
      .orderBy(asc(postCommentAttachments.commentId), asc(postCommentAttachments.position)),
    db
      .select({
        commentId: commentMentions.commentId,
        username: commentMentions.username,
        mentionType: commentMentions.mentionType,
        position: commentMentions.position,
      })
      .from(commentMentions)
      .where(inArray(commentMentions.commentId, ids))
      .orderBy(asc(commentMentions.commentId), asc(commentMentions.position)),
    reactionCounts(db, ids),
    viewerId
      ? db
          .select({ commentId: postCommentReactions.commentId, emoji: postCommentReactions.emoji })
          .from(postCommentReactions)
          .where(and(eq(postCommentReactions.userId, viewerId), inArray(postCommentReactions.commentId, ids)))
      : Promise.resolve([] as { commentId: string; emoji: string }[]),
    viewerId
      ? db
          .select({ commentId: postCommentLikes.commentId })
          .from(postCommentLikes)
          .where(and(eq(postCommentLikes.userId, viewerId), inArray(postCommentLikes.commentId, ids)))
      : Promise.resolve([] as { commentId: string }[]),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const attachmentsBy = groupBy(attachments, (a) => a.commentId);
  const mentionsBy = groupBy(mentions, (m) => m.commentId);
  const reactionsBy = groupBy(reactions, (r) => r.commentId);
  const mineBy = groupBy(mine, (r) => r.commentId);
  const liked = new Set(likes.map((l) => l.commentId));
  const out: TComment[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    // A comment deleted between the id query and now is simply left out.
    if (!row) continue;
    out.push(
      toComment(row, {
        attachments: attachmentsBy.get(id) ?? [],
        mentions: mentionsBy.get(id) ?? [],
        reactions: reactionsBy.get(id) ?? [],
        userReactions: (mineBy.get(id) ?? []).map((r) => r.emoji),
        likedByMe: liked.has(id),
      }),
    );
  }
  return out;
}

/** Reaction counts per comment and emoji, counted from the rows (so they always equal them). */
export function reactionCounts(db: TDb, ids: string[]) {
  return db
    .select({
      commentId: postCommentReactions.commentId,
      emoji: postCommentReactions.emoji,
      count: count(),
    })
    .from(postCommentReactions)
    .where(inArray(postCommentReactions.commentId, ids))
    .groupBy(postCommentReactions.commentId, postCommentReactions.emoji);
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
