import { z } from "zod";
import { COMMUNITY_ROLES } from "./communities.ts";
import { M } from "./messages.ts";
import { ZCursorPage } from "./pages.ts";
import { POST_LIMITS } from "./post-text.ts";
import { ZProfileDetails } from "./profile.ts";
import { zText } from "./text.ts";

/** Follows, public profiles and notifications: the API contract shared by the server and the web app. */

export const SOCIAL_LIMITS = {
  listPageSize: 20,
  maxPageSize: 50,
  /** Ids per POST /api/notifications/read. */
  maxReadIds: 100,
  /** The unread count stops here: the bell reads "99+" past 99, so counting further would only cost time. */
  unreadCountCap: 100,
} as const;

export const ZCursorQuery = z.object({
  cursor: zText().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(SOCIAL_LIMITS.maxPageSize).default(SOCIAL_LIMITS.listPageSize),
});
export type TCursorQuery = z.infer<typeof ZCursorQuery>;

export const ZUserPostsQuery = z.object({
  cursor: zText().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(POST_LIMITS.maxPageSize).default(POST_LIMITS.feedPageSize),
});
export type TUserPostsQuery = z.infer<typeof ZUserPostsQuery>;

export const ZPublicProfile = z
  .object({
    id: zText(),
    username: zText(),
    avatarUrl: zText().nullable(),
    isVerified: z.boolean(),
    points: z.number(),
    joinedAt: zText(),
    followersCount: z.number(),
    followingCount: z.number(),
    /** False for a visitor and on your own profile. */
    followedByMe: z.boolean(),
    isMe: z.boolean(),
    /** Place on the all-time points board; null when not on it (no points yet). */
    pointsRank: z.number().nullable(),
    /** True when more than POINTS_LIMITS.rankCountCap people are ahead: pointsRank is that cap ("#10,000+"). */
    pointsRankCapped: z.boolean(),
  })
  .extend(ZProfileDetails.shape);
export type TPublicProfile = z.infer<typeof ZPublicProfile>;

/** A community a user is an active member of, as their profile lists it (GET /api/users/:username/communities). */
export const ZUserCommunity = z.object({
  id: zText(),
  name: zText(),
  slug: zText(),
  avatarUrl: zText().nullable(),
  memberCount: z.number(),
  /** The user's role there. */
  role: z.enum(COMMUNITY_ROLES),
  joinedAt: zText(),
});
export type TUserCommunity = z.infer<typeof ZUserCommunity>;

export const ZUserCommunities = ZCursorPage(ZUserCommunity);
export type TUserCommunities = z.infer<typeof ZUserCommunities>;

export const ZFollowState = z.object({ following: z.boolean(), followersCount: z.number() });
export type TFollowState = z.infer<typeof ZFollowState>;

export const ZFollowListItem = z.object({
  id: zText(),
  username: zText(),
  displayName: zText().nullable(),
  avatarUrl: zText().nullable(),
  isVerified: z.boolean(),
  followedByMe: z.boolean(),
  isMe: z.boolean(),
  /** When this follow was made. */
  followedAt: zText(),
});
export type TFollowListItem = z.infer<typeof ZFollowListItem>;

export const ZFollowList = ZCursorPage(ZFollowListItem);
export type TFollowList = z.infer<typeof ZFollowList>;

export const NOTIFICATION_KINDS = [
  "mention_post",
  "mention_comment",
  "reply",
  "comment",
  "follow",
  "points",
  "airdrop",
  "contact_message",
  "giveaway_won",
  "content_removed",
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const ZNotification = z.object({
  id: zText(),
  kind: z.enum(NOTIFICATION_KINDS),
  actor: z
    .object({
      id: zText(),
      username: zText(),
      avatarUrl: zText().nullable(),
      isVerified: z.boolean(),
    })
    .nullable(),
  postId: zText().nullable(),
  commentId: zText().nullable(),
  amount: z.number().nullable(),
  /** Words that come with it: an admin's reason for removing the reader's post or comment (content_removed). */
  note: zText().nullable(),
  /** Where clicking it goes (a path in the app), or null when it points nowhere. */
  link: zText().nullable(),
  readAt: zText().nullable(),
  createdAt: zText(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationsPage = ZCursorPage(ZNotification).extend({ unreadCount: z.number() });
export type TNotificationsPage = z.infer<typeof ZNotificationsPage>;

/** `unreadCount` is counted up to SOCIAL_LIMITS.unreadCountCap (100), which it is for a hundred or more. */
export const ZUnreadCount = z.object({ unreadCount: z.number() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

const readError = { error: M.notifications.readBody };

/** POST /api/notifications/read: some ids, or everything. */
export const ZMarkReadRequest = z.union(
  [
    z.object(
      {
        ids: z.array(z.uuid(readError), readError).min(1, readError).max(SOCIAL_LIMITS.maxReadIds, readError),
      },
      readError,
    ),
    z.object({ all: z.literal(true, readError) }, readError),
  ],
  readError,
);
export type TMarkReadRequest = z.infer<typeof ZMarkReadRequest>;

/** What GET /api/events sends as the data of each event. */
export type TRealtimeEvent =
  | { type: "notification"; notification: TNotification }
  | { type: "post"; postId: string; communityId: string | null }
  | { type: "site" };

/** Where a notification leads in the app. */
export function notificationLink(n: {
  kind: TNotificationKind;
  postId: string | null;
  commentId: string | null;
  actorUsername: string | null;
  /** What it is about, for kinds that point at neither a post nor a person (a contact message's id). */
  sourceKey?: string | null;
}): string | null {
  switch (n.kind) {
    case "mention_post":
      return n.postId ? `/posts/${n.postId}` : null;
    case "mention_comment":
    case "reply":
    case "comment":
      if (!n.postId) return null;
      return n.commentId ? `/posts/${n.postId}#comment-${n.commentId}` : `/posts/${n.postId}`;
    case "follow":
      return n.actorUsername ? `/user/${encodeURIComponent(n.actorUsername)}` : null;
    case "points":
    case "airdrop":
      return "/rewards";
    case "contact_message":
      return n.sourceKey ? `/admin/messages/${n.sourceKey}` : "/admin/messages";
    case "giveaway_won":
      return n.sourceKey ? `/rewards/${n.sourceKey}` : "/rewards";
    case "content_removed":
      return null;
  }
}
