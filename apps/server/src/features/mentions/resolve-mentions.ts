import { isValidHandle, parseMentions } from "@plugs/domain";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { kols, profiles } from "../../db/schema/index.ts";
import { notify, type TNotifyDb, type TNotifyInput } from "../notifications/notify.ts";

/** A mention of a user or, when no user has the name, of a KOL with that handle. */
export type TResolvedMention = {
  type: "user" | "kol";
  /** Set for a user mention. */
  userId: string | null;
  /** Set for a KOL mention. */
  kolId: string | null;
  /** The profile's username or the KOL's handle in its own spelling (same length as typed: names match
   * case-insensitively). */
  username: string;
  position: number;
};

/** The post_mentions / comment_mentions columns of a resolved mention. */
export function mentionValues(m: TResolvedMention) {
  return {
    mentionedUserId: m.userId,
    mentionedKolId: m.kolId,
    username: m.username,
    mentionType: m.type,
    position: m.position,
  };
}

/**
 * Parses @mentions in `text` and resolves them to profiles in one query (usernames match case-insensitively, via
 * profiles_username_lower_key), then names no user has to KOLs by handle in one more (kols_handle_lower_key): a
 * user's name wins over a KOL's handle. Unknown names are dropped. Only users are notified. `notifyUserIds` are the distinct mentioned users who may
 * see the source: everyone for a post outside communities, active members for a community post (a notification must
 * not reveal a post its reader cannot open).
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
  const kolNames = names.filter((n) => !byName.has(n) && isValidHandle(n));
  const kolRows =
    kolNames.length > 0
      ? await db
          .select({ id: kols.id, handle: kols.handle })
          .from(kols)
          .where(inArray(sql`lower(${kols.handle})`, kolNames))
      : [];
  const byHandle = new Map(kolRows.map((k) => [k.handle.toLowerCase(), k]));
  const mentions: TResolvedMention[] = [];
  const notify = new Set<string>();
  for (const m of parsed) {
    const name = m.username.toLowerCase();
    const profile = byName.get(name);
    if (profile) {
      mentions.push({
        type: "user",
        userId: profile.id,
        kolId: null,
        username: profile.username,
        position: m.position,
      });
      if (profile.canSee) notify.add(profile.id);
      continue;
    }
    const kol = byHandle.get(name);
    if (kol)
      mentions.push({ type: "kol", userId: null, kolId: kol.id, username: kol.handle, position: m.position });
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
  source: TMentionSource,
  userIds: string[],
): Promise<void> {
  await notify(db, mentionNotices(source, userIds));
}

type TMentionSource =
  | { type: "post"; id: string; actorId: string }
  | { type: "comment"; id: string; postId: string; actorId: string };

/** notifyMentioned's notifications, for a caller that sends them with others in one notify(). */
export function mentionNotices(source: TMentionSource, userIds: string[]): TNotifyInput[] {
  return userIds.map((userId) =>
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
}
