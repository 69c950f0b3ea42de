import {
  M,
  SOCIAL_LIMITS,
  type TCursorQuery,
  type TMarkReadRequest,
  type TNotificationsPage,
} from "@plugs/domain";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { notifications } from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { isoTimestamp, type TIsoTimestamp } from "../../lib/row-date.ts";
import { decodeTimeCursor, timeCursorPage } from "../../lib/time-cursor.ts";
import { notBanned } from "../posts/visibility.ts";
import { type TNotificationRow, toNotification } from "./notification-dto.ts";

/**
 * A condition on a notification under `alias`: it has no actor (the system) or one not under a site ban. What a
 * banned member did is neither listed nor counted, and is back when the ban ends.
 */
function fromShownActor(alias: string): SQL {
  const actor = sql.raw(`${alias}.actor_id`);
  return sql`(${actor} is null or ${notBanned(actor)})`;
}

/**
 * The bell's number as a subquery: the reader's unread notifications (notifications_user_unread_idx holds only
 * those), counted up to SOCIAL_LIMITS.unreadCountCap, so a member who never reads does not make every page count
 * their whole backlog.
 */
function unreadCountSql(userId: string): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from notifications u
      where u.user_id = ${userId} and u.read_at is null and ${fromShownActor("u")}
      limit ${sqlInt(SOCIAL_LIMITS.unreadCountCap)}) unread)`;
}

async function unreadCount(db: TDb, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select ${unreadCountSql(userId)} as n`);
  return row?.n ?? 0;
}

type TNotificationSqlRow = Omit<TNotificationRow, "actor" | "readAt" | "createdAt"> & {
  readAt: TIsoTimestamp | null;
  createdAt: TIsoTimestamp;
  cursorTime: string;
  unreadCount: number;
  actorId: string | null;
  actorUsername: string | null;
  actorAvatarUrl: string | null;
  actorIsVerified: boolean | null;
};

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
  // Plain SQL rows: Drizzle's build and mapping of fourteen fields a row cost more than reading them.
  const rows = await queryRows<TNotificationSqlRow>(
    deps.db,
    sql`select n.id, n.kind, n.post_id as "postId", n.comment_id as "commentId", n.amount,
        n.source_key as "sourceKey", n.note, ${isoTimestamp(sql`n.read_at`)} as "readAt",
        ${isoTimestamp(sql`n.created_at`)} as "createdAt", n.created_at::text as "cursorTime",
        ${unreadCountSql(me.id)} as "unreadCount",
        a.id as "actorId", a.username as "actorUsername", a.avatar_url as "actorAvatarUrl",
        a.is_verified as "actorIsVerified"
      from notifications n left join profiles a on a.id = n.actor_id
      where n.user_id = ${me.id} and ${fromShownActor("n")}
        ${cursor ? sql`and (n.created_at, n.id) < (${cursor.t}::timestamptz, ${cursor.i}::uuid)` : sql``}
      order by n.created_at desc, n.id desc limit ${sqlInt(query.limit + 1)}`,
  );
  const { page, nextCursor } = timeCursorPage(rows, query.limit, (r) => ({ t: r.cursorTime, i: r.id }));
  const first = rows[0];
  return {
    items: page.map((r) =>
      toNotification({
        ...r,
        actor:
          r.actorId && r.actorUsername
            ? {
                id: r.actorId,
                username: r.actorUsername,
                avatarUrl: r.actorAvatarUrl,
                isVerified: r.actorIsVerified ?? false,
              }
            : null,
      }),
    ),
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
