import { z } from "zod";
import { zText } from "./text.ts";

/*
 * The admin console (/admin): the audit log, members, site settings and the overview. The spec names the dashboard
 * only; every rule and message here is ours.
 */

export const ADMIN_M = {
  // The audit log.
  auditActionInvalid: "Action must be letters, dots and underscores",
  auditActorInvalid: "Enter an admin's username",
  auditDateInvalid: "Dates are written YYYY-MM-DD",
  auditRangeInvalid: "The start date must be on or before the end date",
  auditCursorInvalid: "Invalid cursor",
  auditEmpty: "No admin actions match.",
} as const;

export const AUDIT_PAGE_SIZE = 50;

const ZDay = zText({ error: ADMIN_M.auditDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ADMIN_M.auditDateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), ADMIN_M.auditDateInvalid);

/** GET /api/admin/audit: newest first; every filter optional; `from`/`to` are UTC days, both included. */
export const ZAdminAuditQuery = z
  .object({
    /** The admin's username (as it was when they acted). */
    actor: zText({ error: ADMIN_M.auditActorInvalid }).trim().max(50, ADMIN_M.auditActorInvalid).optional(),
    /** One action, e.g. `member.ban` (AUDIT_ACTIONS lists today's; later areas add their own). */
    action: zText({ error: ADMIN_M.auditActionInvalid })
      .trim()
      .max(60, ADMIN_M.auditActionInvalid)
      .regex(/^[a-z_]+\.[a-z_]+$/, ADMIN_M.auditActionInvalid)
      .optional(),
    from: ZDay.optional(),
    to: ZDay.optional(),
    cursor: zText({ error: ADMIN_M.auditCursorInvalid }).max(500, ADMIN_M.auditCursorInvalid).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: ADMIN_M.auditRangeInvalid, path: ["to"] });
export type TAdminAuditQuery = z.infer<typeof ZAdminAuditQuery>;
export type TAdminAuditFilters = z.input<typeof ZAdminAuditQuery>;

export const ZAdminAuditEntry = z.object({
  id: z.string(),
  /** The admin (null when their account is gone; the username stays). */
  actor: z.object({ id: z.string().nullable(), username: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  summary: z.string(),
  /** Before/after values and more, as the action recorded them. */
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;

export const ZAdminAuditPage = z.object({
  items: z.array(ZAdminAuditEntry),
  nextCursor: z.string().nullable(),
});
export type TAdminAuditPage = z.infer<typeof ZAdminAuditPage>;

/** The actions the app records today, with what the log's filter calls them (later areas add theirs). */
export const AUDIT_ACTIONS: Record<string, string> = {
  "member.ban": "Member banned",
  "member.unban": "Member unbanned",
  "member.grant_admin": "Admin role granted",
  "member.revoke_admin": "Admin role removed",
  "comment.delete": "Comment deleted",
  "report.review": "KOL report reviewed",
  "kol.update": "KOL edited",
  "kol.create": "KOL added",
  "points.airdrop": "Points airdropped",
  "points.bulk_airdrop": "Bulk airdrop",
  "points.activity_update": "Points activity changed",
  "message.update": "Message status or assignee",
  "message.reply": "Message answered",
  "job.retry": "Job retried",
  "learn.course_create": "Course created",
  "learn.course_update": "Course edited",
  "learn.course_delete": "Course deleted",
  "learn.lesson_create": "Lesson created",
  "learn.lesson_update": "Lesson edited",
  "learn.lesson_delete": "Lesson deleted",
  "learn.question_create": "Question created",
  "learn.question_update": "Question edited",
  "learn.question_delete": "Question deleted",
  "rewards.create": "Giveaway created",
  "rewards.update": "Giveaway edited",
  "rewards.publish": "Giveaway published",
  "rewards.cancel": "Giveaway cancelled",
  "rewards.draw": "Giveaway drawn now",
  "site.update": "Site settings changed",
};
