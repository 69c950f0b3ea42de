import { parseMentions } from "@plugs/domain";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { profiles } from "../../db/schema/index.ts";
import { notify, type TNotifyDb, type TNotifyInput } from "../notifications/notify.ts";

export type TResolvedMention = {
  userId: string;
  /** The profile's own spelling (same length as typed: names match case-insensitively). */
  username: string;
  position: number;
};

/**
 * Parses @mentions in `text` and resolves them to profiles in one query (usernames match case-insensitively, via
 * profiles_username_lower_key). Unknown names are dropped. `notifyUserIds` are the distinct mentioned users who may
 * see the source: everyone for a post outside communities, active members for a community post (a notification must
 * not reveal a post its reader cannot open).
 *
 * KOL mentions (mention_type 'kol') arrive with the KOL table; until then only users resolve.
 */
export async function resolveMentions(
  db: Pick<TDb, "select">,
  text: string,
  communityId: string | null,
): Promise<{ mentions: TResolvedMention[]; notifyUserIds: string[] }> {
  const parsed = parseMentions(text);
  if (parsed.length === 0) return { mentions: [], notifyUserIds: [] };
  const names = [...new Set(parsed.map((m) => m.username.toLowerCase()))];
  // "profiles.id" spelled out: Drizzle writes a bare "id" for columns in a select list, which inside the
  // subquery would mean community_members.id.
  const canSee: SQL<boolean> = communityId
    ? sql<boolean>`exists (select 1 from community_members m
        where m.community_id = ${communityId} and m.user_id = profiles.id and m.status = 'active')`
    : sql<boolean>`true`;
  const found = await db
    .select({ id: profiles.id, username: profiles.username, canSee })
    .from(profiles)
    .where(inArray(sql`lower(${profiles.username})`, names));
  const byName = new Map(found.map((p) => [p.username.toLowerCase(), p]));
  const mentions: TResolvedMention[] = [];
  const notify = new Set<string>();
  for (const m of parsed) {
    const profile = byName.get(m.username.toLowerCase());
    if (!profile) continue;
    mentions.push({ userId: profile.id, username: profile.username, position: m.position });
    if (profile.canSee) notify.add(profile.id);
  }
  return { mentions, notifyUserIds: [...notify] };
}

/**
 * "Mentioned you" notifications, one per user and source, never for the actor themself (notify's rules). A user
 * already notified for this source is not notified again, so an edit notifies only newly mentioned users. A comment
 * passes its post, which decides who may see it and where the notification links.
 */
export async function notifyMentioned(
  db: TNotifyDb,
  source:
    | { type: "post"; id: string; actorId: string }
    | { type: "comment"; id: string; postId: string; actorId: string },
  userIds: string[],
): Promise<void> {
  const inputs: TNotifyInput[] = userIds.map((userId) =>
    source.type === "post"
      ? { kind: "mention_post", userId, actorId: source.actorId, postId: source.id }
      : {
          kind: "mention_comment",
          userId,
          actorId: source.actorId,
          postId: source.postId,
          commentId: source.id,
        },
  );
  await notify(db, inputs);
}
