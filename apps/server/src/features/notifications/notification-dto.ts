import { notificationLink, type TNotification, type TNotificationKind } from "@plugs/domain";
import { type TIsoOrDate, toIso } from "../../lib/row-date.ts";

/** A notifications row with its actor's profile (left joined: null for the system). */
export type TNotificationRow = {
  id: string;
  kind: TNotificationKind;
  postId: string | null;
  commentId: string | null;
  amount: number | null;
  /** What it is about (notify.ts): the link of a contact_message is built from it. */
  sourceKey: string;
  /** An admin's reason (content_removed). */
  note: string | null;
  readAt: TIsoOrDate | null;
  createdAt: TIsoOrDate;
  actor: { id: string; username: string; avatarUrl: string | null; isVerified: boolean } | null;
};

/** The one mapper from a notification row to what a client sees. */
export function toNotification(row: TNotificationRow): TNotification {
  return {
    id: row.id,
    kind: row.kind,
    actor: row.actor
      ? {
          id: row.actor.id,
          username: row.actor.username,
          avatarUrl: row.actor.avatarUrl,
          isVerified: row.actor.isVerified,
        }
      : null,
    postId: row.postId,
    commentId: row.commentId,
    amount: row.amount,
    note: row.note,
    link: notificationLink({
      kind: row.kind,
      postId: row.postId,
      commentId: row.commentId,
      actorUsername: row.actor?.username ?? null,
      sourceKey: row.sourceKey,
    }),
    readAt: row.readAt === null ? null : toIso(row.readAt),
    createdAt: toIso(row.createdAt),
  };
}
