import { M, type TCursorQuery, type TMarkReadRequest, type TNotificationsPage } from "@plugs/domain";
import { and, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { notifications, profiles } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { decodeTimeCursor, timeCursorPage } from "../../lib/time-cursor.ts";
import { notBanned } from "../posts/visibility.ts";
import { toNotification } from "./notification-dto.ts";

/**
 * A condition on a notification under `alias`: it has no actor (the system) or one not under a site ban. What a
 * banned member did is neither listed nor counted, and is back when the ban ends.
 */
function fromShownActor(alias: string): SQL {
  const actor = sql.raw(`${alias}.actor_id`);
  return sql`(${actor} is null or ${notBanned(actor)})`;
}

/** The bell's number, served by notifications_user_unread_idx (only unread rows are in it). */
async function unreadCount(db: TDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), isNull(notifications.readAt), fromShownActor("notifications")),
    );
  return row?.n ?? 0;
}

/**
 * GET /api/notifications: the reader's notifications, newest first, keyset pages over
 * notifications_user_newest_idx with the actor joined, and the unread count, in one statement (the count is a
 * subquery PostgreSQL runs once). Only an empty page past the first asks for the count on its own.
 */
export async function listNotifications(
  deps: TDeps,
  viewer: TViewer | null,
  query: TCursorQuery,
): Promise<TNotificationsPage> {
  const me = requireViewer(viewer, M.notifications.signIn);
  const cursor = query.cursor ? decodeTimeCursor(query.cursor) : null;
  const rows = await deps.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      postId: notifications.postId,
      commentId: notifications.commentId,
      amount: notifications.amount,
      sourceKey: notifications.sourceKey,
      note: notifications.note,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      cursorTime: sql<string>`${notifications.createdAt}::text`,
      unreadCount: sql<number>`(select count(*)::int from notifications u
        where u.user_id = ${me.id} and u.read_at is null and ${fromShownActor("u")})`,
      actor: {
        id: profiles.id,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
        isVerified: profiles.isVerified,
      },
    })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.id, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, me.id),
        fromShownActor("notifications"),
        cursor
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${notifications.createdAt} desc, ${notifications.id} desc`)
    .limit(query.limit + 1);
  const { page, nextCursor } = timeCursorPage(rows, query.limit, (r) => ({ t: r.cursorTime, i: r.id }));
  const first = rows[0];
  return {
    items: page.map(toNotification),
    nextCursor,
    // No rows on the first page means no notifications at all, so none unread.
    unreadCount: first ? first.unreadCount : cursor ? await unreadCount(deps.db, me.id) : 0,
  };
}

/** GET /api/notifications/unread-count. */
export async function getUnreadCount(deps: TDeps, viewer: TViewer | null): Promise<{ unreadCount: number }> {
  const me = requireViewer(viewer, M.notifications.signIn);
  return { unreadCount: await unreadCount(deps.db, me.id) };
}

/**
 * POST /api/notifications/read: marks the given notifications (all of them the reader's, else 404 and nothing
 * changes) or all of the reader's as read. Marking a read one again keeps its first read time.
 */
export async function markRead(
  deps: TDeps,
  viewer: TViewer | null,
  input: TMarkReadRequest,
): Promise<{ unreadCount: number }> {
  const me = requireViewer(viewer, M.notifications.signIn);
  if ("all" in input) {
    await deps.db
      .update(notifications)
      .set({ readAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(notifications.userId, me.id), isNull(notifications.readAt)));
    return { unreadCount: 0 };
  }
  const ids = [...new Set(input.ids)];
  await deps.db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), inArray(notifications.id, ids)));
    if (mine.length !== ids.length) throw new AppError("NOT_FOUND", M.notifications.notFound);
    await tx
      .update(notifications)
      .set({ readAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(eq(notifications.userId, me.id), inArray(notifications.id, ids), isNull(notifications.readAt)),
      );
  });
  // After the commit, so the count sees the read.
  return { unreadCount: await unreadCount(deps.db, me.id) };
}
