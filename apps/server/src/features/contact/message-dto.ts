import {
  CONTACT_STATUSES,
  type TContactMessage,
  type TContactMessageSummary,
  type TContactReply,
  type TContactStatus,
} from "@plugs/domain";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { contactMessages, contactReplies, profiles } from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";

/** How much of a message the inbox list shows. */
const PREVIEW_CHARS = 160;

const sender = alias(profiles, "sender");
const assignee = alias(profiles, "assignee");

const summaryColumns = {
  id: contactMessages.id,
  reference: contactMessages.reference,
  name: contactMessages.name,
  email: contactMessages.email,
  topic: contactMessages.topic,
  status: contactMessages.status,
  createdAt: contactMessages.createdAt,
  updatedAt: contactMessages.updatedAt,
  member: { id: sender.id, username: sender.username },
  assignee: { id: assignee.id, username: assignee.username, avatarUrl: assignee.avatarUrl },
  replyCount: sql<number>`(select count(*)::int from ${contactReplies} where ${contactReplies.messageId} = ${contactMessages.id})`,
};

type TSummaryRow = {
  id: string;
  reference: string;
  name: string;
  email: string;
  topic: TContactMessageSummary["topic"];
  status: TContactMessageSummary["status"];
  createdAt: Date;
  updatedAt: Date;
  member: { id: string; username: string } | null;
  assignee: { id: string; username: string; avatarUrl: string | null } | null;
  replyCount: number;
};

/**
 * Messages with their sender's and assignee's profiles, and any `extra` columns (a list's sort key); the caller adds
 * where, order and paging.
 */
export function selectSummaries<TExtra extends Record<string, SQL>>(db: Pick<TDb, "select">, extra?: TExtra) {
  return db
    .select({
      ...summaryColumns,
      preview: sql<string>`left(${contactMessages.message}, ${PREVIEW_CHARS})`,
      ...(extra as TExtra),
    })
    .from(contactMessages)
    .leftJoin(sender, eq(sender.id, contactMessages.userId))
    .leftJoin(assignee, eq(assignee.id, contactMessages.assigneeId));
}

function toSummaryFields(row: TSummaryRow) {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    topic: row.topic,
    status: row.status,
    member: row.member ? { id: row.member.id, username: row.member.username } : null,
    assignee: row.assignee
      ? { id: row.assignee.id, username: row.assignee.username, avatarUrl: row.assignee.avatarUrl }
      : null,
    replyCount: row.replyCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSummary(row: TSummaryRow & { preview: string }): TContactMessageSummary {
  return { ...toSummaryFields(row), preview: row.preview };
}

/** One message with its thread (two queries), or null. */
export async function loadMessage(db: Pick<TDb, "select">, id: string): Promise<TContactMessage | null> {
  const [row] = await db
    .select({ ...summaryColumns, message: contactMessages.message })
    .from(contactMessages)
    .leftJoin(sender, eq(sender.id, contactMessages.userId))
    .leftJoin(assignee, eq(assignee.id, contactMessages.assigneeId))
    .where(eq(contactMessages.id, id));
  if (!row) return null;
  const replies = await db
    .select({
      id: contactReplies.id,
      body: contactReplies.body,
      createdAt: contactReplies.createdAt,
      author: { id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl },
    })
    .from(contactReplies)
    .leftJoin(profiles, eq(profiles.id, contactReplies.authorId))
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  return {
    ...toSummaryFields(row),
    message: row.message,
    replies: replies.map(
      (r): TContactReply => ({
        id: r.id,
        body: r.body,
        author: r.author
          ? { id: r.author.id, username: r.author.username, avatarUrl: r.author.avatarUrl }
          : null,
        createdAt: r.createdAt.toISOString(),
      }),
    ),
  };
}

/**
 * How many messages have each status, each counted up to `cap` (a range of contact_messages_status_newest_idx that
 * stops one past it), in one statement; `countsCapped` names the statuses that went past it.
 */
export async function countByStatus(db: Pick<TDb, "execute">, cap: number) {
  const counted = CONTACT_STATUSES.map(
    (status) => sql`(select count(*)::int from (select 1 from contact_messages
      where status = ${status} limit ${sqlInt(cap + 1)}) c) as ${sql.identifier(status)}`,
  );
  const [row] = await queryRows<Record<TContactStatus, number>>(
    db,
    sql`select ${sql.join(counted, sql`, `)}`,
  );
  const counts = { new: 0, open: 0, answered: 0, closed: 0 };
  const countsCapped = { new: false, open: false, answered: false, closed: false };
  for (const status of CONTACT_STATUSES) {
    const n = row?.[status] ?? 0;
    counts[status] = Math.min(n, cap);
    countsCapped[status] = n > cap;
  }
  return { counts, countsCapped };
}
