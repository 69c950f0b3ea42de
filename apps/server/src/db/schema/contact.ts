import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./profiles.ts";

// The same lists as @plugs/domain CONTACT_TOPICS and CONTACT_STATUSES (drizzle-kit reads this file on its own).
const TOPICS = ["account", "report_kol", "partnership", "press", "other"] as const;
const STATUSES = ["new", "open", "answered", "closed"] as const;

/**
 * What visitors and members sent through /contact, one row per message; the admins' inbox. The rows are also the
 * record the contact limits count (per IP and per e-mail in a window), so the limits hold across instances.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The reference number the sender is given (XXXX-XXXX). */
    reference: text("reference").notNull(),
    /** The member who was signed in when sending; null for a visitor. */
    userId: uuid("user_id").references(() => profiles.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** As typed (a member's is their account's); the per-e-mail limit compares it lowercased. */
    email: text("email").notNull(),
    topic: text("topic", { enum: TOPICS }).notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: STATUSES }).notNull().default("new"),
    assigneeId: uuid("assignee_id").references(() => profiles.id, { onDelete: "set null" }),
    /** The sender's address, for the per-IP limit. */
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contact_messages_reference_key").on(t.reference),
    // The inbox, all messages, newest first.
    index("contact_messages_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The inbox filtered by status, newest first (and the per-status counts).
    index("contact_messages_status_newest_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The contact limits' windows.
    index("contact_messages_ip_created_idx").on(t.ip, t.createdAt),
    index("contact_messages_email_created_idx").on(sql`lower(${t.email})`, t.createdAt),
    // A member's messages sent while signed in (erasing the account removes them).
    index("contact_messages_user_idx").on(t.userId).where(sql`${t.userId} is not null`),
  ],
);

/** An admin's answer in a message's thread, as e-mailed to the sender. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => profiles.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A thread, oldest first.
  (t) => [index("contact_replies_message_created_idx").on(t.messageId, t.createdAt)],
);
