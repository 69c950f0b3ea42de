import type { TContactMessage, TContactMessageSummary, TContactReply } from "@plugs/domain";
import { asc, count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client.ts";
import { contactMessages, contactReplies, profiles } from "../../db/schema/index.ts";

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

/** Messages with their sender's and assignee's profiles; the caller adds where, order and paging. */
export function selectSummaries(db: Pick<TDb, "select">) {
  return db
    .select({ ...summaryColumns, preview: sql<string>`left(${contactMessages.message}, ${PREVIEW_CHARS})` })
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

/** How many messages have each status: one pass over contact_messages_status_newest_idx. */
export async function countByStatus(db: Pick<TDb, "select">) {
  const rows = await db
    .select({ status: contactMessages.status, n: count() })
    .from(contactMessages)
    .groupBy(contactMessages.status);
  const counts = { new: 0, open: 0, answered: 0, closed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
