import { MODERATION_M, type TNotification } from "@plugs/domain";

/** What a notification says, per kind, e.g. '@alice mentioned you in a post'. */
export function notificationText(n: TNotification): string {
  const who = n.actor ? `@${n.actor.username}` : "Someone";
  const amount = n.amount ?? 0;
  switch (n.kind) {
    case "mention_post":
      return `${who} mentioned you in a post`;
    case "mention_comment":
      return `${who} mentioned you in a comment`;
    case "reply":
      return `${who} replied to your comment`;
    case "comment":
      return `${who} commented on your post`;
    case "follow":
      return `${who} followed you`;
    case "points":
      return `You received ${amount.toLocaleString()} points`;
    case "airdrop":
      return `You received an airdrop of ${amount.toLocaleString()} points`;
    case "contact_message":
      return n.actor
        ? `${who} sent a message through the contact page`
        : "New message through the contact page";
    case "giveaway_won":
      return "You won a giveaway! Claim your prize on its page";
    case "content_removed": {
      const what = n.commentId ? "comment" : "post";
      return `${MODERATION_M.removedNotice(what)}: ${n.note ?? ""}`;
    }
  }
}
