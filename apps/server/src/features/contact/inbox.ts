import {
  CONTACT_LIMITS,
  CONTACT_M,
  CONTACT_STATUSES,
  type TAdminMessagesQuery,
  type TAssigneeList,
  type TContactMessage,
  type TContactMessagePage,
  type TContactStatus,
  type TReplyRequest,
  type TUpdateMessageRequest,
} from "@plugs/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { contactMessages, contactReplies, profiles, userRoles } from "../../db/schema/index.ts";
import { textRowCount } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import {
  decodeKeysetCursor,
  keysetPage,
  type TKeysetCursor,
  timeKey,
  timeKeyset,
} from "../../lib/keyset-page.ts";
import { getMailer } from "../../lib/mailer.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { isUuid } from "../posts/visibility.ts";
import { replyMail } from "./contact-mail.ts";
import { countByStatus, loadMessage, selectSummaries, toSummary } from "./message-dto.ts";

/** The most admins the assignee picker lists. */
const MAX_ASSIGNEES = 200;

/**
 * One page of the inbox, `limit` rows from the cursor on, newest first (for a `previous` cursor, oldest first back
 * from it): a range of contact_messages_status_newest_idx, or of _newest_idx for all.
 */
export function inboxPageQuery(
  db: Pick<TDeps["db"], "select">,
  status: TContactStatus | undefined,
  cursor: TKeysetCursor | null,
  limit: number,
) {
  const { from, orderBy } = timeKeyset(cursor, contactMessages.createdAt, contactMessages.id, "desc");
  return selectSummaries(db, { sortKey: timeKey(sql`${contactMessages.createdAt}`) })
    .where(and(status ? eq(contactMessages.status, status) : undefined, from))
    .orderBy(...orderBy)
    .limit(textRowCount(limit));
}

/**
 * GET /api/admin/messages?status=&cursor= (admins only): newest first, one status or all, "Page X of Y" by keyset
 * on contact_messages_status_newest_idx or contact_messages_newest_idx, with each status counted up to
 * CONTACT_LIMITS.countCap.
 */
export async function listMessages(
  deps: TDeps,
  viewer: TViewer | null,
  query: TAdminMessagesQuery,
): Promise<TContactMessagePage> {
  requireAdmin(viewer);
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor, "time", CONTACT_M.cursorInvalid) : null;
  const [{ counts, countsCapped }, rows] = await Promise.all([
    countByStatus(deps.db, CONTACT_LIMITS.countCap),
    inboxPageQuery(deps.db, query.status, cursor, query.pageSize + 1),
  ]);
  const statuses: readonly TContactStatus[] = query.status ? [query.status] : CONTACT_STATUSES;
  const total = statuses.reduce((sum, s) => sum + counts[s], 0);
  const totalCapped = statuses.some((s) => countsCapped[s]);
  const page = keysetPage(rows, query.pageSize, cursor, total, (r) => ({ k: r.sortKey, i: r.id }));
  // Nothing left on the cursor's side of the inbox (messages moved since the page was read): page 1 as it is now.
  if (!page) return listMessages(deps, viewer, { ...query, cursor: undefined });
  return { ...page, items: page.items.map(toSummary), total, totalCapped, counts, countsCapped };
}

/** GET /api/admin/messages/:id (admins only): the message and its thread. */
export async function getMessage(deps: TDeps, viewer: TViewer | null, id: string): Promise<TContactMessage> {
  requireAdmin(viewer);
  const message = isUuid(id) ? await loadMessage(deps.db, id) : null;
  if (!message) throw new AppError("NOT_FOUND", CONTACT_M.notFound);
  return message;
}

/** GET /api/admin/messages/assignees (admins only): who a message can be assigned to, by username. */
export async function listAssignees(deps: TDeps, viewer: TViewer | null): Promise<TAssigneeList> {
  requireAdmin(viewer);
  const rows = await deps.db
    .select({ id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"))
    .orderBy(asc(sql`lower(${profiles.username})`))
    .limit(MAX_ASSIGNEES);
  return { items: rows };
}

/**
 * PATCH /api/admin/messages/:id (admins only): set the status, the assignee (an admin, or null), or both.
 * Assigning a new message opens it, unless a status is given too.
 */
export async function updateMessage(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
  input: TUpdateMessageRequest,
): Promise<TContactMessage> {
  const admin = requireAdmin(viewer);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", CONTACT_M.notFound);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: contactMessages.status,
        assigneeId: contactMessages.assigneeId,
        reference: contactMessages.reference,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", CONTACT_M.notFound);
    if (input.assigneeId) {
      const [admin] = await tx
        .select({ id: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.userId, input.assigneeId), eq(userRoles.role, "admin")));
      if (!admin) {
        throw new AppError("VALIDATION", CONTACT_M.assigneeInvalid, {
          fields: { assigneeId: CONTACT_M.assigneeInvalid },
        });
      }
    }
    const status =
      input.status ?? (input.assigneeId && current.status === "new" ? ("open" as const) : undefined);
    await tx
      .update(contactMessages)
      .set({
        ...(status ? { status } : {}),
        ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(contactMessages.id, id));
    const detail: Record<string, { before: unknown; after: unknown }> = {};
    if (status && status !== current.status) detail.status = { before: current.status, after: status };
    if (input.assigneeId !== undefined && input.assigneeId !== current.assigneeId) {
      detail.assigneeId = { before: current.assigneeId, after: input.assigneeId };
    }
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "message.update",
      targetType: "message",
      targetId: id,
      summary: `Updated message ${current.reference}${status ? ` (${status})` : ""}`,
      detail,
    });
  });
  return getMessage(deps, viewer, id);
}

/**
 * POST /api/admin/messages/:id/replies (admins only): the reply is stored in the thread, the message becomes
 * answered, and the reply is e-mailed to the sender, all or nothing: the mail is handed to the mailer before the
 * transaction commits, so a reply the mailer refuses is not kept (502, and the admin can try again).
 */
export async function replyToMessage(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
  input: TReplyRequest,
): Promise<TContactMessage> {
  const admin = requireAdmin(viewer);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", CONTACT_M.notFound);
  await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .select({
        reference: contactMessages.reference,
        email: contactMessages.email,
        name: contactMessages.name,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for("update");
    if (!message) throw new AppError("NOT_FOUND", CONTACT_M.notFound);
    await tx.insert(contactReplies).values({ messageId: id, authorId: admin.id, body: input.body });
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "message.reply",
      targetType: "message",
      targetId: id,
      summary: `Answered message ${message.reference}`,
      detail: { reply: input.body.slice(0, 500) },
    });
    await tx
      .update(contactMessages)
      .set({ status: "answered", updatedAt: new Date() })
      .where(eq(contactMessages.id, id));
    try {
      await getMailer(deps).send(replyMail(message, input.body));
    } catch (err) {
      deps.logger.error({ err, messageId: id }, "contact reply could not be e-mailed");
      throw new AppError("UPSTREAM_FAILED", CONTACT_M.replyFailed);
    }
  });
  return getMessage(deps, viewer, id);
}
