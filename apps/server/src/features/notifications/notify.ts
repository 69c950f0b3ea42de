import { and, eq, inArray } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { communityMembers, notifications, posts, profiles } from "../../db/schema/index.ts";
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
      return input.sourceKey;
  }
}

function postIdOf(input: TNotifyInput): string | null {
  return "postId" in input ? (input.postId ?? null) : null;
}

/**
 * Keeps the inputs whose recipient may see the post they are about: any post outside communities, and a
 * community's post only for its active members, so a notification never reveals a post its reader cannot open.
 * Two queries for any number of inputs.
 */
async function visibleToRecipients(db: TNotifyDb, inputs: TNotifyInput[]): Promise<TNotifyInput[]> {
  const postIds = [...new Set(inputs.map(postIdOf).filter((id): id is string => id !== null))];
  if (postIds.length === 0) return inputs;
  const found = await db
    .select({ id: posts.id, communityId: posts.communityId })
    .from(posts)
    .where(and(inArray(posts.id, postIds), eq(posts.visibility, "public")));
  const communityOf = new Map(found.map((p) => [p.id, p.communityId]));
  const communityIds = [
    ...new Set(found.map((p) => p.communityId).filter((id): id is string => id !== null)),
  ];
  const members = new Set<string>();
  if (communityIds.length > 0) {
    const rows = await db
      .select({ communityId: communityMembers.communityId, userId: communityMembers.userId })
      .from(communityMembers)
      .where(
        and(
          inArray(communityMembers.communityId, communityIds),
          inArray(communityMembers.userId, [...new Set(inputs.map((i) => i.userId))]),
          eq(communityMembers.status, "active"),
        ),
      );
    for (const r of rows) members.add(`${r.communityId}:${r.userId}`);
  }
  return inputs.filter((input) => {
    const postId = postIdOf(input);
    if (!postId) return true;
    if (!communityOf.has(postId)) return false;
    const communityId = communityOf.get(postId);
    return !communityId || members.has(`${communityId}:${input.userId}`);
  });
}

/**
 * Records notifications and pushes each new one to its user's open event streams (on commit of the caller's
 * transaction), in one insert and one publish however many there are. Never for acting on your own content, never
 * to someone who may not see the source, and never twice for the same thing (the unique key; a repeat is silently
 * skipped). Returns how many were created.
 *
 * Used by mentions and follows; comments (mention_comment, reply, comment) and points (points, airdrop) call it
 * with their own kinds.
 */
export async function notify(db: TNotifyDb, inputs: TNotifyInput | TNotifyInput[]): Promise<number> {
  const list = (Array.isArray(inputs) ? inputs : [inputs]).filter((i) => i.userId !== i.actorId);
  if (list.length === 0) return 0;
  const allowed = await visibleToRecipients(db, list);
  if (allowed.length === 0) return 0;
  const created = await db
    .insert(notifications)
    .values(
      allowed.map((input) => ({
        userId: input.userId,
        actorId: input.actorId,
        kind: input.kind,
        sourceKey: sourceKeyOf(input),
        postId: postIdOf(input),
        commentId: "commentId" in input ? input.commentId : null,
        amount: "amount" in input ? input.amount : null,
      })),
    )
    .onConflictDoNothing()
    .returning({
      id: notifications.id,
      userId: notifications.userId,
      actorId: notifications.actorId,
      kind: notifications.kind,
      postId: notifications.postId,
      commentId: notifications.commentId,
      amount: notifications.amount,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    });
  if (created.length === 0) return 0;
  const actorIds = [...new Set(created.map((n) => n.actorId).filter((id): id is string => id !== null))];
  const actors =
    actorIds.length === 0
      ? []
      : await db
          .select({
            id: profiles.id,
            username: profiles.username,
            avatarUrl: profiles.avatarUrl,
            isVerified: profiles.isVerified,
          })
          .from(profiles)
          .where(inArray(profiles.id, actorIds));
  const actorById = new Map(actors.map((a) => [a.id, a]));
  await publishEvents(
    db,
    created.map((row) => ({
      type: "notification" as const,
      userId: row.userId,
      notification: toNotification({
        ...row,
        actor: row.actorId ? (actorById.get(row.actorId) ?? null) : null,
      }),
    })),
  );
  return created.length;
}
