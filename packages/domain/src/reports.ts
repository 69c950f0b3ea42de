import { z } from "zod";
import { ZHandle } from "./handles.ts";
import { KOL_LIMITS } from "./kol-limits.ts";
import { M } from "./messages.ts";
import { ZCursorPage, ZKeysetPage } from "./pages.ts";
import { isSafeString, ZWebUrl, zText } from "./text.ts";

export const REPORT_CATEGORIES = [
  "rug_pull",
  "scam_promotion",
  "undisclosed_paid_promotion",
  "impersonation",
  "other",
] as const;
export type TReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_CATEGORY_LABELS: Record<TReportCategory, string> = {
  rug_pull: "Rug pull",
  scam_promotion: "Scam promotion",
  undisclosed_paid_promotion: "Undisclosed paid promotion",
  impersonation: "Impersonation",
  other: "Other",
};

export const REPORT_STATUSES = ["pending", "approved", "rejected"] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

/** An EVM address (0x + 40 hex) or a Solana address (base58, 32 to 44 characters). */
export const CONTRACT_PATTERN = /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/;
/** An EVM transaction hash (0x + 64 hex) or a Solana signature (base58, 64 to 88 characters). */
export const TX_HASH_PATTERN = /^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/;

function optionalPattern(pattern: RegExp, message: string) {
  return zText({ error: message })
    .trim()
    .max(100, message)
    .refine((v) => v === "" || pattern.test(v), message)
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * POST /api/reports. Screenshots travel as multipart `evidence` files beside these fields; their count is checked
 * here (`screenshotCount`), their bytes when stored.
 */
export const ZCreateReportRequest = z.object({
  kolHandle: ZHandle,
  category: z.enum(REPORT_CATEGORIES, M.reports.categoryInvalid),
  description: zText({ error: M.reports.descriptionMin })
    .trim()
    .min(KOL_LIMITS.descriptionMin, M.reports.descriptionMin)
    .max(KOL_LIMITS.descriptionMax, M.reports.descriptionMax)
    .refine(isSafeString, M.kols.invalidCharacters),
  evidenceUrls: z.array(ZWebUrl).max(KOL_LIMITS.evidenceLinks, M.reports.tooManyLinks).default([]),
  contractAddress: optionalPattern(CONTRACT_PATTERN, M.reports.contractInvalid),
  txHash: optionalPattern(TX_HASH_PATTERN, M.reports.txInvalid),
  screenshotCount: z
    .number()
    .int()
    .min(0)
    .max(KOL_LIMITS.screenshots, M.reports.tooManyScreenshots)
    .default(0),
});
export type TCreateReportRequest = z.infer<typeof ZCreateReportRequest>;

/** Evidence links as typed in the report form: one per line (blank lines ignored). */
export function splitLinks(text: string): string[] {
  return text
    .split(/\s*\n\s*/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/**
 * The /report form: the request's rules, with the evidence links typed one per line. Screenshots are picked beside
 * it and checked when chosen (type, size, count) and again by the server.
 */
export const ZReportForm = ZCreateReportRequest.omit({ evidenceUrls: true, screenshotCount: true }).extend({
  evidenceLinks: zText()
    .transform(splitLinks)
    .pipe(z.array(ZWebUrl).max(KOL_LIMITS.evidenceLinks, M.reports.tooManyLinks)),
});
export type TReportFormInput = z.input<typeof ZReportForm>;
export type TReportFormOutput = z.output<typeof ZReportForm>;

/** PATCH /api/admin/reports/:id: approve, or reject with a reason. */
export const ZReviewReportRequest = z
  .object({
    status: z.enum(["approved", "rejected"], M.reports.statusInvalid),
    reason: zText()
      .trim()
      .max(KOL_LIMITS.reasonMax, M.reports.reasonTooLong)
      .refine(isSafeString, M.kols.invalidCharacters)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === "rejected" && !value.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: M.reports.reasonRequired });
    }
  });
export type TReviewReportRequest = z.infer<typeof ZReviewReportRequest>;

/** How far the review queue counts a status's reports; past it the count reads "1000+". */
export const REPORT_QUEUE_COUNT_CAP = 1000;

/** `cursor` is a page's nextCursor or previousCursor (none for page 1): pages are read by keyset, not offset. */
export const ZAdminReportsQuery = z.object({
  status: z.enum(REPORT_STATUSES).default("pending"),
  cursor: zText({ error: M.reports.queueCursorInvalid }).max(600, M.reports.queueCursorInvalid).optional(),
  pageSize: z.coerce.number().int().min(1).max(KOL_LIMITS.maxPageSize).default(20),
});
export type TAdminReportsQuery = z.infer<typeof ZAdminReportsQuery>;

// ---- Response shapes ----

export const ZEvidence = z.object({
  kind: z.enum(["link", "screenshot"]),
  url: zText(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type TEvidence = z.infer<typeof ZEvidence>;

export const ZPublicReport = z.object({
  id: zText(),
  category: z.enum(REPORT_CATEGORIES),
  description: zText(),
  evidence: z.array(ZEvidence),
  contractAddress: zText().nullable(),
  txHash: zText().nullable(),
  reporter: z.object({ username: zText(), avatarUrl: zText().nullable() }),
  createdAt: zText(),
  reviewedAt: zText().nullable(),
});
export type TPublicReport = z.infer<typeof ZPublicReport>;

/**
 * A member's approved report as their public profile lists it (GET /api/users/:username/reports): what they reported
 * about which KOL, and when. The evidence is on the KOL's page.
 */
export const ZUserReport = z.object({
  id: zText(),
  category: z.enum(REPORT_CATEGORIES),
  description: zText(),
  kol: z.object({ handle: zText(), name: zText(), avatarUrl: zText().nullable() }),
  createdAt: zText(),
});
export type TUserReport = z.infer<typeof ZUserReport>;
export const ZUserReports = ZCursorPage(ZUserReport);
export type TUserReports = z.infer<typeof ZUserReports>;

/** A report as its reporter and the moderators see it. */
export const ZReport = ZPublicReport.extend({
  kol: z.object({ handle: zText(), name: zText(), avatarUrl: zText().nullable() }),
  status: z.enum(REPORT_STATUSES),
  reviewReason: zText().nullable(),
  /** The reporter had not reported this KOL before: the report that may earn the Report KOL points. */
  isFirstReport: z.boolean(),
});
export type TReport = z.infer<typeof ZReport>;

export const ZReportList = z.object({ items: z.array(ZReport) });
/** The review queue's page; `totalCapped`: more than REPORT_QUEUE_COUNT_CAP, which `total` is then. */
export const ZReportPage = ZKeysetPage(ZReport).extend({ totalCapped: z.boolean() });
export type TReportPage = z.infer<typeof ZReportPage>;
