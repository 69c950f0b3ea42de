import { z } from "zod";
import { M } from "./messages.ts";
import { ZCursorPage } from "./pages.ts";
import { type TFileLike, ZGifAttachment, ZPostMention } from "./posts.ts";
import { zText } from "./text.ts";

/** Our numbers for comments (the spec gives none beyond the file sizes and one reply level). */
export const COMMENT_LIMITS = {
  maxContentLength: 2000,
  maxAttachments: 4,
  /** Threads (top-level comments, each with all its replies) per page. */
  pageSize: 20,
  maxPageSize: 50,
} as const;

/**
 * The spec's palette of 15 reactions (section 9), in the order the picker shows them. `label` is for screen
 * readers and tooltips. The heart carries U+FE0F so it renders as an emoji everywhere; the technologist is a ZWJ
 * sequence (person + laptop).
 */
export const REACTION_PALETTE = [
  { emoji: "👍", label: "Thumbs up" },
  { emoji: "👎", label: "Thumbs down" },
  { emoji: "❤️", label: "Heart" },
  { emoji: "😂", label: "Laughing" },
  { emoji: "😮", label: "Surprised" },
  { emoji: "🔥", label: "Fire" },
  { emoji: "👏", label: "Clapping" },
  { emoji: "🎉", label: "Party" },
  { emoji: "🚀", label: "Rocket" },
  { emoji: "💯", label: "100" },
  { emoji: "🧠", label: "Brain" },
  { emoji: "🧑‍💻", label: "Technologist" },
  { emoji: "📈", label: "Chart up" },
  { emoji: "📉", label: "Chart down" },
  { emoji: "🧘", label: "Meditation" },
] as const;

export type TReactionEmoji = (typeof REACTION_PALETTE)[number]["emoji"];
export const REACTION_EMOJIS = REACTION_PALETTE.map((r) => r.emoji) as [TReactionEmoji, ...TReactionEmoji[]];

export function isReactionEmoji(value: string): value is TReactionEmoji {
  return (REACTION_EMOJIS as readonly string[]).includes(value);
}

export const ZReactionEmoji = z.enum(REACTION_EMOJIS, { error: M.reactions.unknownEmoji });

/** POST /api/comments/:id/reactions. */
export const ZAddReactionRequest = z.object({ emoji: ZReactionEmoji });
export type TAddReactionRequest = z.infer<typeof ZAddReactionRequest>;

function isFileLike(value: unknown): value is TFileLike {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as TFileLike).name === "string" &&
    typeof (value as TFileLike).size === "number"
  );
}

/**
 * Writing a comment or a reply. A comment needs non-blank text, a file or a GIF (four together at most); a reply
 * (parentId set) needs non-blank text. Files themselves (type by bytes, size per kind) are checked when stored.
 */
export const ZCreateCommentRequest = z
  .object({
    content: zText().max(COMMENT_LIMITS.maxContentLength, M.comments.contentTooLong).default(""),
    parentId: z.uuid(M.comments.notFound).nullish(),
    attachments: z.array(z.custom<TFileLike>(isFileLike, M.files.noFile)).default([]),
    /** GIFs from the GIF picker, as on posts; they count among the attachments. */
    gifs: z.array(ZGifAttachment, { error: M.posts.gifInvalid }).default([]),
  })
  .superRefine((value, ctx) => {
    const blank = value.content.trim() === "";
    const attached = value.attachments.length + value.gifs.length;
    if (value.parentId && blank) {
      ctx.addIssue({ code: "custom", path: ["content"], message: M.comments.replyEmpty });
    } else if (blank && attached === 0) {
      ctx.addIssue({ code: "custom", path: ["content"], message: M.comments.contentOrMedia });
    }
    if (attached > COMMENT_LIMITS.maxAttachments) {
      ctx.addIssue({ code: "custom", path: ["attachments"], message: M.comments.tooManyAttachments });
    }
  });
export type TCreateCommentRequest = z.infer<typeof ZCreateCommentRequest>;

export const ZCommentsQuery = z.object({
  cursor: zText().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(COMMENT_LIMITS.maxPageSize).default(COMMENT_LIMITS.pageSize),
});
export type TCommentsQuery = z.infer<typeof ZCommentsQuery>;

// ---- Response shapes ----

export const ZCommentAttachment = z.object({
  id: zText(),
  /** The name the file was uploaded with, for display. */
  fileName: zText(),
  /** Root-relative (/media/...). Documents are served as downloads (Content-Disposition: attachment). */
  fileUrl: zText(),
  /** The MIME type detected from the bytes. */
  fileType: zText(),
  /** Bytes stored (images after re-encoding). */
  fileSize: z.number(),
});
export type TCommentAttachment = z.infer<typeof ZCommentAttachment>;

export const ZReactionCount = z.object({ emoji: zText(), count: z.number() });
export type TReactionCount = z.infer<typeof ZReactionCount>;

/** A comment's reactions as everyone sees them, and the viewer's own. */
export const ZReactionState = z.object({
  /** In palette order; only emoji with a count above zero. */
  reactions: z.array(ZReactionCount),
  /** The emoji the viewer has used on this comment (empty for a visitor). */
  userReactions: z.array(zText()),
});
export type TReactionState = z.infer<typeof ZReactionState>;

export const ZComment = z.object({
  id: zText(),
  postId: zText(),
  /** The top-level comment this one replies to; null for a top-level comment. */
  parentId: zText().nullable(),
  author: z.object({
    id: zText(),
    username: zText(),
    displayName: zText().nullable(),
    avatarUrl: zText().nullable(),
  }),
  content: zText(),
  mentions: z.array(ZPostMention),
  attachments: z.array(ZCommentAttachment),
  likesCount: z.number(),
  likedByMe: z.boolean(),
  reactions: z.array(ZReactionCount),
  userReactions: z.array(zText()),
  createdAt: zText(),
  updatedAt: zText(),
});
export type TComment = z.infer<typeof ZComment>;

/** A top-level comment with all its replies, oldest first. */
export const ZCommentThread = ZComment.extend({ replies: z.array(ZComment) });
export type TCommentThread = z.infer<typeof ZCommentThread>;

export const ZCommentsPage = ZCursorPage(ZCommentThread);
export type TCommentsPage = z.infer<typeof ZCommentsPage>;
