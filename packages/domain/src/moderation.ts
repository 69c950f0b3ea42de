import { z } from "zod";
import { ZCursorPage } from "./pages.ts";
import { zText } from "./text.ts";

/*
 * Moderation: members flag posts and comments ("Report this post" / "Report this comment", the words of issue #25);
 * admins remove them (a soft delete, restorable for MODERATION_RESTORE_DAYS), dismiss flags and suspend
 * communities. The reasons follow the spec's Community Guidelines; every message here is ours.
 */

export const MODERATION_RESTORE_DAYS = 30;
export const MODERATION_PAGE_SIZE = 20;

/** Why a member flags something: the Community Guidelines' rules, and "something else". */
export const FLAG_REASONS = {
  spam: "Spam or excessive self-promotion",
  harassment: "Harassment or personal attacks",
  hate: "Hate speech",
  private_info: "Private or sensitive information",
  off_topic: "Not about crypto or web3",
  other: "Something else",
} as const;
export type TFlagReason = keyof typeof FLAG_REASONS;
const FLAG_REASON_KEYS = Object.keys(FLAG_REASONS) as [TFlagReason, ...TFlagReason[]];

export const MODERATION_M = {
  reportPost: "Report this post",
  reportComment: "Report this comment",
  reasonRequired: "Choose a reason",
  detailsTooLong: "Details cannot exceed 500 characters",
  ownContent: "You cannot report your own post or comment",
  alreadyReported: "You have already reported this",
  reported: "Thanks: an admin will look at it",
  removeReasonRequired: "Please give a reason",
  removeReasonTooLong: "Reason cannot exceed 500 characters",
  alreadyRemoved: "This has already been removed",
  notRemoved: "This is not removed",
  restoreExpired: `This was removed more than ${MODERATION_RESTORE_DAYS} days ago and can no longer be restored`,
  itemNotFound: "Nothing to review here",
  cursorInvalid: "Invalid cursor",
  queueEmpty: "No flagged posts or comments.",
  removedEmpty: "Nothing was removed in the last 30 days.",
  communitySuspended: "This community is suspended: it is read-only.",
  alreadySuspended: "This community is already suspended",
  notSuspended: "This community is not suspended",
  communityRemoved: "Community removed",
  communityRestored: "Community restored",
  /** What the author reads in their notifications. */
  removedNotice: (what: "post" | "comment") => `An admin removed your ${what}`,
} as const;

/** POST /api/posts/{id}/flags and /api/comments/{id}/flags. */
export const ZFlagRequest = z.object({
  reason: z.enum(FLAG_REASON_KEYS, { error: MODERATION_M.reasonRequired }),
  details: zText({ error: MODERATION_M.detailsTooLong })
    .trim()
    .max(500, MODERATION_M.detailsTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TFlagRequest = z.input<typeof ZFlagRequest>;

export const ZFlagResult = z.object({ reported: z.literal(true) });

/** An admin's reason for removing a post or comment, or for suspending a community (shown to the author). */
export const ZModerationReason = z.object({
  reason: zText({ error: MODERATION_M.removeReasonRequired })
    .trim()
    .min(1, MODERATION_M.removeReasonRequired)
    .max(500, MODERATION_M.removeReasonTooLong),
});
export type TModerationReason = z.infer<typeof ZModerationReason>;

/** POST /api/admin/communities/{slug}/suspension: suspend with a reason, or lift it. */
export const ZCommunitySuspensionRequest = z.object({
  suspended: z.boolean({ error: "Say whether the community is suspended" }),
  reason: zText({ error: MODERATION_M.removeReasonRequired })
    .trim()
    .min(1, MODERATION_M.removeReasonRequired)
    .max(500, MODERATION_M.removeReasonTooLong),
});
export type TCommunitySuspensionRequest = z.infer<typeof ZCommunitySuspensionRequest>;

export const ZModerationPageQuery = z.object({
  cursor: zText({ error: MODERATION_M.cursorInvalid }).max(200, MODERATION_M.cursorInvalid).optional(),
});

const ZModeratedContent = z.object({
  type: z.enum(["post", "comment"]),
  /** The post's or comment's id. */
  id: z.string(),
  /** The post itself, or the comment's post (for its link). */
  postId: z.string(),
  content: z.string(),
  author: z.object({ id: z.string(), username: z.string() }),
  createdAt: z.string(),
});

export const ZModerationQueueItem = ZModeratedContent.extend({
  itemId: z.string(),
  openFlags: z.number(),
  lastFlaggedAt: z.string(),
  /** How many open flags give each reason. */
  reasons: z.array(z.object({ reason: z.enum(FLAG_REASON_KEYS), count: z.number() })),
  /** The open flags' own words (never who wrote them). */
  details: z.array(z.string()),
});
export type TModerationQueueItem = z.infer<typeof ZModerationQueueItem>;
export const ZModerationQueuePage = ZCursorPage(ZModerationQueueItem);
export type TModerationQueuePage = z.infer<typeof ZModerationQueuePage>;

export const ZRemovedItem = ZModeratedContent.extend({
  removedAt: z.string(),
  removedBy: z.string().nullable(),
  reason: z.string(),
  /** Still restorable (removed less than MODERATION_RESTORE_DAYS ago). */
  restorable: z.boolean(),
});
export type TRemovedItem = z.infer<typeof ZRemovedItem>;
export const ZRemovedPage = ZCursorPage(ZRemovedItem);
export type TRemovedPage = z.infer<typeof ZRemovedPage>;

export const ZModerationDone = z.object({ ok: z.literal(true) });

/** A community an admin removed (GET /api/admin/moderation/removed-communities), newest removal first. */
export const ZRemovedCommunity = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  memberCount: z.number().int(),
  removedAt: z.string(),
  /** The admin's username (null when their account is gone). */
  removedBy: z.string().nullable(),
  reason: z.string(),
  /** Still within MODERATION_RESTORE_DAYS of its removal. */
  restorable: z.boolean(),
});
export type TRemovedCommunity = z.infer<typeof ZRemovedCommunity>;
export const ZRemovedCommunities = z.object({ items: z.array(ZRemovedCommunity) });
export type TRemovedCommunities = z.infer<typeof ZRemovedCommunities>;
