import { z } from "zod";
import { ZEmail } from "./auth.ts";
import { M } from "./messages.ts";
import { ZKeysetPage } from "./pages.ts";
import { zText } from "./text.ts";

/*
 * The contact form (/contact, POST /api/contact) and the admins' inbox (/admin/messages, /api/admin/messages).
 * The spec names the page only; every rule and message here is ours.
 */

export const CONTACT_TOPICS = ["account", "report_kol", "partnership", "press", "other"] as const;
export type TContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Record<TContactTopic, string> = {
  account: "Account",
  report_kol: "Report a KOL",
  partnership: "Partnership",
  press: "Press",
  other: "Other",
};

export const CONTACT_STATUSES = ["new", "open", "answered", "closed"] as const;
export type TContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_STATUS_LABELS: Record<TContactStatus, string> = {
  new: "New",
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};

export const CONTACT_LIMITS = {
  nameMax: 100,
  messageMin: 10,
  messageMax: 5000,
  replyMax: 5000,
  /** Messages one e-mail address may send per window (members write from their account's address). */
  perEmail: 3,
  /** Messages one network address may send per window. */
  perIp: 10,
  windowSeconds: 60 * 60,
  pageSize: 20,
  maxPageSize: 50,
  /** How far the inbox counts each status; past it the tab reads "1000+". */
  countCap: 1000,
} as const;

/** The contact area's user-facing strings (none are in the spec). */
export const CONTACT_M = {
  nameRequired: "Please enter your name",
  nameTooLong: `Name cannot exceed ${CONTACT_LIMITS.nameMax} characters`,
  topicInvalid: "Please choose a topic",
  messageMin: `Message must be at least ${CONTACT_LIMITS.messageMin} characters`,
  messageMax: `Message cannot exceed ${CONTACT_LIMITS.messageMax} characters`,
  /** A member's message must come from the address of their account (the form locks the field). */
  memberEmail: "Signed-in members write from their account's email address",
  tooMany: (wait: string) => `You have sent too many messages. Please try again in ${wait}.`,
  sent: "Message sent",
  sendFailed: "Failed to send your message. Please try again.",
  busySending: "Sending...",
  // The inbox.
  notFound: "Message not found",
  statusInvalid: "Status must be new, open, answered or closed",
  cursorInvalid: "That page of messages is out of date: start again from the first page",
  assigneeInvalid: "Messages can only be assigned to an admin",
  nothingToChange: "Nothing to change",
  replyRequired: "Please write a reply",
  replyTooLong: `Reply cannot exceed ${CONTACT_LIMITS.replyMax} characters`,
  replyFailed: "The reply could not be e-mailed. Please try again.",
  replySent: "Reply sent",
  updated: "Message updated",
} as const;

/** POST /api/contact (plus the captcha header, as sign-up sends it). */
export const ZContactRequest = z.object({
  // Free text keeps its angle brackets (zText refuses only what a database cannot store): nothing a sender
  // writes is ever rendered as HTML.
  name: zText({ error: CONTACT_M.nameRequired })
    .trim()
    .min(1, CONTACT_M.nameRequired)
    .max(CONTACT_LIMITS.nameMax, CONTACT_M.nameTooLong),
  email: zText({ error: M.auth.invalidEmail }).trim().pipe(ZEmail),
  topic: z.enum(CONTACT_TOPICS, CONTACT_M.topicInvalid),
  message: zText({ error: CONTACT_M.messageMin })
    .trim()
    .min(CONTACT_LIMITS.messageMin, CONTACT_M.messageMin)
    .max(CONTACT_LIMITS.messageMax, CONTACT_M.messageMax),
  /**
   * The honeypot: a field people never see (hidden from view and from assistive technology); only a bot fills it
   * in. A filled one is answered like a success and nothing is stored.
   */
  website: zText().max(1000).optional(),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;
export type TContactFormInput = z.input<typeof ZContactRequest>;

export const ZContactReceipt = z.object({
  /** What the sender quotes when writing again, e.g. 'K7M2-Q9XD'. */
  reference: z.string(),
});
export type TContactReceipt = z.infer<typeof ZContactReceipt>;

/** A reference number: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L), shown as XXXX-XXXX. */
export const REFERENCE_PATTERN = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

// ---- The inbox ----

export const ZAdminMessagesQuery = z.object({
  /** One status, or every message when unset. */
  status: z.enum(CONTACT_STATUSES, CONTACT_M.statusInvalid).optional(),
  /** A page's nextCursor or previousCursor (none for page 1): pages are read by keyset, not offset. */
  cursor: zText({ error: CONTACT_M.cursorInvalid }).max(600, CONTACT_M.cursorInvalid).optional(),
  pageSize: z.coerce.number().int().min(1).max(CONTACT_LIMITS.maxPageSize).default(CONTACT_LIMITS.pageSize),
});
export type TAdminMessagesQuery = z.infer<typeof ZAdminMessagesQuery>;

/** PATCH /api/admin/messages/:id: a new status, an assignee (an admin's id, or null for nobody), or both. */
export const ZUpdateMessageRequest = z
  .object({
    status: z.enum(CONTACT_STATUSES, CONTACT_M.statusInvalid).optional(),
    assigneeId: z.uuid(CONTACT_M.assigneeInvalid).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.assigneeId !== undefined, CONTACT_M.nothingToChange);
export type TUpdateMessageRequest = z.infer<typeof ZUpdateMessageRequest>;

/** POST /api/admin/messages/:id/replies: the text e-mailed to the sender and kept in the thread. */
export const ZReplyRequest = z.object({
  body: zText({ error: CONTACT_M.replyRequired })
    .trim()
    .min(1, CONTACT_M.replyRequired)
    .max(CONTACT_LIMITS.replyMax, CONTACT_M.replyTooLong),
});
export type TReplyRequest = z.infer<typeof ZReplyRequest>;

const ZAdminRef = z.object({ id: z.string(), username: z.string(), avatarUrl: z.string().nullable() });
export type TAdminRef = z.infer<typeof ZAdminRef>;

/** A row of the inbox list. */
export const ZContactMessageSummary = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.enum(CONTACT_TOPICS),
  status: z.enum(CONTACT_STATUSES),
  /** The first 160 characters of the message. */
  preview: z.string(),
  /** The member who wrote it (signed in when sending), or null for a visitor. */
  member: z.object({ id: z.string(), username: z.string() }).nullable(),
  assignee: ZAdminRef.nullable(),
  replyCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TContactMessageSummary = z.infer<typeof ZContactMessageSummary>;

const ZStatusCounts = z.object({
  new: z.number(),
  open: z.number(),
  answered: z.number(),
  closed: z.number(),
});

export const ZContactMessagePage = ZKeysetPage(ZContactMessageSummary).extend({
  /** How many messages have each status (the filter's tabs), each counted up to CONTACT_LIMITS.countCap. */
  counts: ZStatusCounts,
  /** The statuses with more messages than the cap (their count is the cap). */
  countsCapped: z.object({ new: z.boolean(), open: z.boolean(), answered: z.boolean(), closed: z.boolean() }),
  /** `total` (the list's count, from `counts`) is short of the list: a status in it is past the cap. */
  totalCapped: z.boolean(),
});
export type TContactMessagePage = z.infer<typeof ZContactMessagePage>;

export const ZContactReply = z.object({
  id: z.string(),
  body: z.string(),
  author: ZAdminRef.nullable(),
  createdAt: z.string(),
});
export type TContactReply = z.infer<typeof ZContactReply>;

/** A message with its whole thread: what the sender wrote, then each reply, oldest first. */
export const ZContactMessage = ZContactMessageSummary.omit({ preview: true }).extend({
  message: z.string(),
  replies: z.array(ZContactReply),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZAssigneeList = z.object({ items: z.array(ZAdminRef) });
export type TAssigneeList = z.infer<typeof ZAssigneeList>;
