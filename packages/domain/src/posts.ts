import { z } from "zod";
import { M } from "./messages.ts";
import { ZCursorPage, ZKeysetPage } from "./pages.ts";
import { FEED_SORTS, FEED_TABS, isGiphyMediaUrl, POST_LIMITS } from "./post-text.ts";
import { zText } from "./text.ts";

const gifError = { error: M.posts.gifInvalid };

/**
 * The type stored for a GIPHY GIF attached to a post or a comment: it stays on GIPHY's servers, its URL is GIPHY's,
 * and its storage path is `external:...` (nothing of ours to delete).
 */
export const EXTERNAL_GIF_TYPE = "image/gif-external";

/** A GIF picked in the GIF dialog, as the picker hands it over (the spec's GIF attachment data). */
export const ZGifAttachment = z.object(
  {
    id: zText(gifError).min(1, gifError).max(200, gifError),
    url: zText(gifError).refine(isGiphyMediaUrl, gifError),
    preview: zText(gifError).refine(isGiphyMediaUrl, gifError).optional(),
    title: zText(gifError).max(500, gifError).default(""),
    width: z.coerce.number(gifError).int(gifError).min(0, gifError).max(10_000, gifError),
    height: z.coerce.number(gifError).int(gifError).min(0, gifError).max(10_000, gifError),
    username: zText(gifError).max(200, gifError).default(""),
  },
  gifError,
);
export type TGifAttachment = z.infer<typeof ZGifAttachment>;

/** What the server needs to know about an attached file to apply the post rules (a browser File fits). */
export type TFileLike = { name: string; size: number; type: string };

function isFileLike(value: unknown): value is TFileLike {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as TFileLike).name === "string" &&
    typeof (value as TFileLike).size === "number"
  );
}

const ZContent = zText().max(POST_LIMITS.maxContentLength, M.posts.contentTooLong);

/** A picture's alt text: what it shows, for people who cannot see it. */
export const ZAltText = zText({ error: M.posts.altTextTooLong })
  .trim()
  .max(POST_LIMITS.altTextMax, M.posts.altTextTooLong);

/**
 * Creating a post: text and/or attachments (uploaded files plus GIFs, at most 4 together), optionally in a community.
 * The form validates with it before sending; the server validates again. Files themselves (type by bytes, size per
 * kind) are checked when stored.
 */
export const ZCreatePostRequest = z
  .object({
    content: ZContent.default(""),
    communityId: z.uuid(M.posts.communityNotFound).nullish(),
    media: z.array(z.custom<TFileLike>(isFileLike, M.files.noFile)).default([]),
    gifs: z.array(ZGifAttachment, gifError).default([]),
    /** Each attachment's alt text, files first then GIFs, in their order; empty means none. */
    mediaAlt: z.array(ZAltText).default([]),
  })
  .superRefine((value, ctx) => {
    const attachments = value.media.length + value.gifs.length;
    if (value.mediaAlt.length > attachments) {
      ctx.addIssue({ code: "custom", path: ["mediaAlt"], message: M.posts.altTextWithoutMedia });
    }
    if (value.content.trim() === "" && attachments === 0) {
      ctx.addIssue({ code: "custom", path: ["content"], message: M.posts.contentOrMedia });
    }
    if (attachments > POST_LIMITS.maxAttachments) {
      ctx.addIssue({ code: "custom", path: ["media"], message: M.posts.tooManyMedia });
    }
  });
export type TCreatePostRequest = z.infer<typeof ZCreatePostRequest>;

/** Editing a post's text. Blank text is allowed only when the post has media; the server checks that. */
export const ZUpdatePostRequest = z.object({ content: ZContent });
export type TUpdatePostRequest = z.infer<typeof ZUpdatePostRequest>;

export const ZFeedQuery = z.object({
  tab: z.enum(FEED_TABS).default("all"),
  sort: z.enum(FEED_SORTS).default("newest"),
  cursor: zText().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(POST_LIMITS.maxPageSize).default(POST_LIMITS.feedPageSize),
});
export type TFeedQuery = z.infer<typeof ZFeedQuery>;

/** The Community Posts page counts up to this many posts; past it the pager says "Page X of 100+". */
export const POSTS_PAGE_COUNT_CAP = 1000;

/** GET /api/posts: `cursor` is a page's nextCursor or previousCursor (none for page 1). */
export const ZPostsPageQuery = z.object({
  cursor: zText({ error: M.posts.invalidCursor }).max(600, M.posts.invalidCursor).optional(),
  pageSize: z.coerce.number().int().min(1).max(POST_LIMITS.maxPageSize).default(POST_LIMITS.feedPageSize),
  communityId: z.uuid(M.posts.communityNotFound).optional(),
});
export type TPostsPageQuery = z.infer<typeof ZPostsPageQuery>;

// ---- Response shapes (the API contract for the web app) ----

export const ZPostAuthor = z.object({
  id: zText(),
  username: zText(),
  displayName: zText().nullable(),
  avatarUrl: zText().nullable(),
  isVerified: z.boolean(),
});

export const ZPostMedia = z.object({
  id: zText(),
  url: zText(),
  /** A MIME type: image/jpeg, image/png, image/gif, image/webp, video/mp4, video/quicktime, video/x-msvideo, or
   * image/gif-external for a GIPHY GIF. */
  type: zText(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** What the picture shows, as its author described it, or null. */
  alt: z.string().nullable(),
});

export const ZPostMention = z.object({
  username: zText(),
  type: z.enum(["user", "kol"]),
  /** Index of the '@' in content; the mention spans 1 + username.length characters. */
  position: z.number(),
});

export const ZPost = z.object({
  id: zText(),
  content: zText(),
  visibility: z.literal("public"),
  communityId: zText().nullable(),
  community: z.object({ id: zText(), name: zText(), slug: zText() }).nullable(),
  author: ZPostAuthor,
  media: z.array(ZPostMedia),
  likesCount: z.number(),
  commentsCount: z.number(),
  viewsCount: z.number(),
  likedByMe: z.boolean(),
  /** Set once the text has been edited; the earlier versions are at GET /api/posts/:id/edits. */
  editedAt: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
  mentions: z.array(ZPostMention),
});
export type TPost = z.infer<typeof ZPost>;

export const ZPostDetail = ZPost.extend({ communitySlug: zText().nullable() });
export type TPostDetail = z.infer<typeof ZPostDetail>;

export const ZFeedPage = ZCursorPage(ZPost);
export type TFeedPage = z.infer<typeof ZFeedPage>;

export const ZPostsPage = ZKeysetPage(ZPost).extend({
  /** More than POSTS_PAGE_COUNT_CAP posts: `total` is the cap, and there are more. */
  totalCapped: z.boolean(),
});
export type TPostsPage = z.infer<typeof ZPostsPage>;

export const ZLikeState = z.object({ liked: z.boolean(), likesCount: z.number() });
export type TLikeState = z.infer<typeof ZLikeState>;

export const ZPostEdit = z.object({
  id: zText(),
  /** The text as it was before this edit. */
  content: zText(),
  /** When it was replaced. */
  editedAt: zText(),
});
export const ZPostEdits = z.object({ items: z.array(ZPostEdit) });
export type TPostEdit = z.infer<typeof ZPostEdit>;

export const ZMentionSuggestion = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("user"),
    id: zText(),
    username: zText(),
    displayName: zText().nullable(),
    avatarUrl: zText().nullable(),
    isVerified: z.boolean(),
  }),
  z.object({
    type: z.literal("kol"),
    id: zText(),
    handle: zText(),
    avatarUrl: zText().nullable(),
    isVerified: z.boolean(),
  }),
]);
export const ZMentionSuggestions = z.object({ items: z.array(ZMentionSuggestion) });
export type TMentionSuggestion = z.infer<typeof ZMentionSuggestion>;

export const ZGif = z.object({
  id: zText(),
  title: zText(),
  url: zText(),
  preview: zText(),
  width: z.number(),
  height: z.number(),
  username: zText(),
});
export const ZGifList = z.object({ items: z.array(ZGif) });
export type TGif = z.infer<typeof ZGif>;
