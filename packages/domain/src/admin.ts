import { z } from "zod";
import { ZKeysetPage } from "./pages.ts";
import { WEB_URL_PATTERN, zText } from "./text.ts";

/*
 * The admin console (/admin): the audit log, members, site settings and the overview. The spec names the dashboard
 * only; every rule and message here is ours.
 */

export const ADMIN_M = {
  // The audit log.
  auditActionInvalid: "Action must be words joined by dots, e.g. member.ban",
  auditActorInvalid: "Enter an admin's username",
  auditDateInvalid: "Dates are written YYYY-MM-DD",
  auditRangeInvalid: "The start date must be on or before the end date",
  auditCursorInvalid: "Invalid cursor",
  auditEmpty: "No admin actions match.",
  // Members.
  memberNotFound: "Member not found",
  searchTooLong: "Search must be at most 100 characters",
  filterInvalid: "Show all members, admins or banned members",
  reasonRequired: "Please give a reason",
  reasonTooLong: "Reason cannot exceed 500 characters",
  cannotChangeOwnRole: "You cannot change your own admin role",
  lastAdmin: "The last admin cannot lose the admin role",
  membersEmpty: "No members match.",
  memberCursorInvalid: "That page of members is out of date: start again from the first page",
  cannotResetOwnTwoFactor: "Change your own two-factor settings from your profile",
  twoFactorNotOn: "Two-factor authentication is not on for this member",
  // Site settings.
  siteNameRequired: "Please enter the site's name",
  siteNameTooLong: "Site name cannot exceed 50 characters",
  siteNothingToChange: "Nothing to change",
  logoRequired: "Choose an image to upload",
  siteSaved: "Site settings saved",
  defaultThemeInvalid: "Choose dark, light or system",
  linkInvalid: "Enter a full web address starting with https://",
  linkTooLong: "Web address cannot exceed 500 characters",
  partnerNameRequired: "Please enter the partner's name",
  partnerNameTooLong: "Partner name cannot exceed 50 characters",
  announcementTooLong: "Announcement cannot exceed 280 characters",
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
      .regex(/^[a-z_]+(\.[a-z_]+)+$/, ADMIN_M.auditActionInvalid)
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
  "member.reset_two_factor": "Two-factor reset",
  "post.delete": "Post deleted",
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
  "rewards.redraw": "Giveaway prize redrawn",
  "rewards.image": "Giveaway image changed",
  "site.update": "Site settings changed",
  "moderation.remove": "Post or comment removed",
  "moderation.restore": "Post or comment restored",
  "moderation.dismiss": "Flags dismissed",
  "community.suspend": "Community suspended",
  "community.unsuspend": "Community unsuspended",
  "community.update": "Community edited by an admin",
  "community.remove": "Community removed",
  "community.restore": "Community restored",
  "blog.create": "Article created",
  "blog.update": "Article edited",
  "blog.publish": "Article published",
  "blog.schedule": "Article scheduled",
  "blog.unpublish": "Article unpublished",
  "blog.delete": "Article deleted",
  "blog.cover": "Article cover changed",
  "blog.image": "Article image uploaded",
  "blog.category.create": "Blog category created",
  "blog.category.update": "Blog category edited",
  "blog.category.delete": "Blog category deleted",
};

// ---- Members ----

export const MEMBER_FILTERS = ["all", "admins", "banned"] as const;
export type TMemberFilter = (typeof MEMBER_FILTERS)[number];
export const MEMBERS_PAGE_SIZE = 20;
/** A search counts its matches up to this many; past it the list says "1000+ members". */
export const MEMBER_SEARCH_COUNT_CAP = 1000;

/**
 * GET /api/admin/members: newest first; `search` is a username or e-mail prefix (any case), its matches in name
 * order; `cursor` is a page's nextCursor or previousCursor.
 */
export const ZAdminMembersQuery = z.object({
  search: zText({ error: ADMIN_M.searchTooLong }).trim().max(100, ADMIN_M.searchTooLong).optional(),
  filter: z.enum(MEMBER_FILTERS, ADMIN_M.filterInvalid).default("all"),
  cursor: zText({ error: ADMIN_M.memberCursorInvalid }).max(600, ADMIN_M.memberCursorInvalid).optional(),
});
export type TAdminMembersQuery = z.infer<typeof ZAdminMembersQuery>;

export const ZAdminMember = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isBanned: z.boolean(),
  /** Why the member is banned (null when not banned). */
  banReason: z.string().nullable(),
  points: z.number(),
  joinedAt: z.string(),
});
export type TAdminMember = z.infer<typeof ZAdminMember>;

export const ZAdminMemberPage = ZKeysetPage(ZAdminMember).extend({
  /** A search with more than MEMBER_SEARCH_COUNT_CAP matches: `total` is the cap, and there are more. */
  totalCapped: z.boolean(),
});
export type TAdminMemberPage = z.infer<typeof ZAdminMemberPage>;

/** POST /api/admin/members/:id/ban and /unban: the reason is kept in the audit log (and shown for a ban). */
export const ZMemberBanRequest = z.object({
  reason: zText({ error: ADMIN_M.reasonRequired })
    .trim()
    .min(1, ADMIN_M.reasonRequired)
    .max(500, ADMIN_M.reasonTooLong),
});
export type TMemberBanRequest = z.infer<typeof ZMemberBanRequest>;

// ---- Site settings ----

export const SITE_NAME_MAX = 50;

export const SITE_THEMES = ["dark", "light", "system"] as const;
export type TSiteTheme = (typeof SITE_THEMES)[number];
export const ANNOUNCEMENT_MAX = 280;
export const PARTNER_NAME_MAX = 50;
export const SITE_LINK_MAX = 500;

/**
 * The site's settings as everyone reads them (GET /api/site) and admins change them. `defaultTheme` is the theme of
 * a visitor who has not chosen one ("system" follows the device); a null link is not shown in the footer; a null
 * announcement shows no banner.
 */
export const ZSiteSettings = z.object({
  siteName: z.string(),
  logoUrl: z.string().nullable(),
  defaultTheme: z.enum(SITE_THEMES),
  socialUrl: z.string().nullable(),
  partnerName: z.string(),
  partnerUrl: z.string().nullable(),
  announcement: z.string().nullable(),
});
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

/** An https address, or null (or an empty field) for none. */
const zSiteLink = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  zText({ error: ADMIN_M.linkInvalid })
    .trim()
    .max(SITE_LINK_MAX, ADMIN_M.linkTooLong)
    .refine((v) => /^https:/i.test(v) && WEB_URL_PATTERN.test(v), ADMIN_M.linkInvalid)
    .nullable(),
);

/**
 * PATCH /api/admin/site: any of the settings (a logo is uploaded apart; `logoUrl: null` goes back to our mark). An
 * empty announcement or link is stored as none.
 */
export const ZUpdateSiteRequest = z
  .object({
    siteName: zText({ error: ADMIN_M.siteNameRequired })
      .trim()
      .min(1, ADMIN_M.siteNameRequired)
      .max(SITE_NAME_MAX, ADMIN_M.siteNameTooLong)
      .optional(),
    logoUrl: z.null().optional(),
    defaultTheme: z.enum(SITE_THEMES, ADMIN_M.defaultThemeInvalid).optional(),
    socialUrl: zSiteLink.optional(),
    partnerName: zText({ error: ADMIN_M.partnerNameRequired })
      .trim()
      .min(1, ADMIN_M.partnerNameRequired)
      .max(PARTNER_NAME_MAX, ADMIN_M.partnerNameTooLong)
      .optional(),
    partnerUrl: zSiteLink.optional(),
    announcement: z
      .preprocess(
        (v) => (typeof v === "string" && v.trim() === "" ? null : v),
        zText({ error: ADMIN_M.announcementTooLong })
          .trim()
          .max(ANNOUNCEMENT_MAX, ADMIN_M.announcementTooLong)
          .nullable(),
      )
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), ADMIN_M.siteNothingToChange);
export type TUpdateSiteRequest = z.infer<typeof ZUpdateSiteRequest>;

// ---- Overview ----

export const OVERVIEW_DAYS = 30;

/** GET /api/admin/overview: the site in numbers, and the last 30 UTC days (oldest first, today last). */
export const ZAdminOverview = z.object({
  counts: z.object({
    members: z.number(),
    posts: z.number(),
    comments: z.number(),
    communities: z.number(),
    /** KOL reports waiting for review. */
    openReports: z.number(),
    /** Contact messages that are new or open. */
    openMessages: z.number(),
  }),
  days: z.array(
    z.object({ day: z.string(), signups: z.number(), posts: z.number(), pointsPaid: z.number() }),
  ),
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;

/** GET /api/admin/members/:id: a member as admins see them, with the last of their points and of the log about them. */
export const ZAdminMemberDetail = ZAdminMember.extend({
  twoFactorEnabled: z.boolean(),
  /** Signed-in browsers right now. */
  sessions: z.number(),
  posts: z.number(),
  comments: z.number(),
  /** KOL reports they filed. */
  reports: z.number(),
  /** Their last 10 points lines, newest first. */
  ledger: z.array(z.object({ points: z.number(), description: z.string(), createdAt: z.string() })),
  /** The last 10 admin actions about them, newest first. */
  history: z.array(ZAdminAuditEntry),
});
export type TAdminMemberDetail = z.infer<typeof ZAdminMemberDetail>;
