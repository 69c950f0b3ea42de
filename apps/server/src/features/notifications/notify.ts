import type { TNotificationKind } from "@plugs/domain";
import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { rowDate } from "../../lib/row-date.ts";
import { publishEvents } from "../realtime/publish.ts";
import { toNotification } from "./notification-dto.ts";

/** A database or an open transaction: notify() runs inside the caller's transaction. */
export type TNotifyDb = Pick<TDb, "select" | "insert" | "execute">;

/** What happened, to whom, by whom; the variants say which source ids each kind needs. */
export type TNotifyInput =
  | { kind: "mention_post"; userId: string; actorId: string; postId: string }
  | {
      kind: "mention_comment" | "reply" | "comment";
      userId: string;
      actorId: string;
      /** The comment's post: checked for visibility, and the notification links to it. */
      postId: string;
      commentId: string;
    }
  | { kind: "follow"; userId: string; actorId: string }
  | {
      kind: "points" | "airdrop";
      userId: string;
      /** The admin who airdropped, or null for points an activity earned. */
      actorId: string | null;
      amount: number;
      /** The ledger entry (or its idempotency key): one notification per award. */
      sourceKey: string;
      postId?: string | null;
    }
  | {
      kind: "contact_message";
      /** An admin. */
      userId: string;
      /** The member who wrote, or null for a visitor. */
      actorId: string | null;
      messageId: string;
    }
  | {
      kind: "content_removed";
      /** The author of the removed post or comment. */
      userId: string;
      /** null: the notice comes from "an admin", never a named one. */
      actorId: null;
      /** `post:<id>:<removed_at>` or `comment:<id>:<removed_at>`: a removal after a restore is told again. */
      sourceKey: string;
      /** The admin's reason, shown with the notification. */
      note: string;
      /** Set when a comment was removed (the notification then says "comment"). */
      commentId: string | null;
    }
  | {
      kind: "giveaway_won";
      userId: string;
      actorId: null;
      /** The giveaway's slug: the notification links to its page. */
      slug: string;
    };

function sourceKeyOf(input: TNotifyInput): string {
  switch (input.kind) {
    case "mention_post":
      return input.postId;
    case "mention_comment":
    case "reply":
    case "comment":
      return input.commentId;
    case "follow":
      return input.actorId;
    case "points":
    case "airdrop":
    case "content_removed":
      return input.sourceKey;
    case "contact_message":
      return input.messageId;
    case "giveaway_won":
      return input.slug;
  }
}

function postIdOf(input: TNotifyInput): string | null {
  return "postId" in input ? (input.postId ?? null) : null;
}

type TCreatedRow = {
  id: string;
  user_id: string;
  actor_id: string | null;
  kind: TNotificationKind;
  post_id: string | null;
  comment_id: string | null;
  amount: number | null;
  note: string | null;
  source_key: string;
  read_at: Date | string | null;
  created_at: Date | string;
  username: string | null;
  avatar_url: string | null;
  is_verified: boolean | null;
};

/**
 * Records notifications and pushes each new one to its user's open event streams (once the statement's transaction
 * has committed), in two statements however many there are: one inserts them and reads their actors, one publishes.
 * Never for acting on your own content, never to someone who may not see the post it is about (any post outside
 * communities; a community's post only for its active members, so a notification never reveals a post its reader
 * cannot open), and never twice for the same thing (the unique key; a repeat is silently skipped). Returns how many
 * were created.
 *
 * Used by mentions and follows; comments (mention_comment, reply, comment), points (points, airdrop) and contact
 * (contact_message, to each admin) call it with their own kinds.
 */
export async function notify(db: TNotifyDb, inputs: TNotifyInput | TNotifyInput[]): Promise<number> {
  const list = (Array.isArray(inputs) ? inputs : [inputs]).filter((i) => i.userId !== i.actorId);
  if (list.length === 0) return 0;
  const rows = list.map((i) => ({
    user_id: i.userId,
    actor_id: i.actorId,
    kind: i.kind,
    source_key: sourceKeyOf(i),
    post_id: postIdOf(i),
    comment_id: "commentId" in i ? i.commentId : null,
    amount: "amount" in i ? i.amount : null,
    note: "note" in i ? i.note : null,
  }));
  const created = await queryRows<TCreatedRow>(
    db,
    sql`with input as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json) as i(user_id uuid, actor_id uuid,
          kind text, source_key text, post_id uuid, comment_id uuid, amount int, note text)
      ), created as (
        insert into notifications (user_id, actor_id, kind, source_key, post_id, comment_id, amount, note)
        select i.user_id, i.actor_id, i.kind, i.source_key, i.post_id, i.comment_id, i.amount, i.note from input i
        where i.post_id is null or exists (select 1 from posts p where p.id = i.post_id and p.visibility = 'public'
          and (p.community_id is null or exists (select 1 from community_members m
            where m.community_id = p.community_id and m.user_id = i.user_id and m.status = 'active')))
        on conflict do nothing
        returning id, user_id, actor_id, kind, source_key, post_id, comment_id, amount, note, read_at, created_at
      )
      select c.*, a.username, a.avatar_url, a.is_verified from created c left join profiles a on a.id = c.actor_id`,
  );
  await publishEvents(
    db,
    created.map((row) => ({
      type: "notification" as const,
      userId: row.user_id,
      notification: toNotification({
        id: row.id,
        kind: row.kind,
        postId: row.post_id,
        commentId: row.comment_id,
        amount: row.amount,
        sourceKey: row.source_key,
        note: row.note,
        readAt: row.read_at === null ? null : rowDate(row.read_at),
        createdAt: rowDate(row.created_at),
        actor:
          row.actor_id && row.username !== null
            ? {
                id: row.actor_id,
                username: row.username,
                avatarUrl: row.avatar_url,
                isVerified: row.is_verified ?? false,
              }
            : null,
      }),
    })),
  );
  return created.length;
}
