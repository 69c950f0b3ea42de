import { z } from "zod";
import { KOL_LIMITS, KOL_LISTS, KOL_SORTS } from "./kol-limits.ts";
import { M } from "./messages.ts";

/** The spec's handle: an optional @, then 1 to 15 word characters. */
export const HANDLE_PATTERN = /^@?\w{1,15}$/;

/** "@Moon_Boy" -> "Moon_Boy"; the handle as stored (case kept; uniqueness ignores case). */
export function normalizeHandle(value: string): string {
  return value.trim().replace(/^@/, "");
}

export function isValidHandle(value: string): boolean {
  return HANDLE_PATTERN.test(value.trim());
}

export const ZHandle = z
  .string({ error: M.kols.handleRequired })
  .trim()
  .min(1, M.kols.handleRequired)
  .regex(HANDLE_PATTERN, M.kols.handleInvalid)
  .transform(normalizeHandle);

/** The spec's safe string: free text never holds < > { }. */
export function isSafeString(value: string): boolean {
  return !/[<>{}]/.test(value);
}

function safeText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(isSafeString, M.kols.invalidCharacters)
    .transform((s) => s.replaceAll("\u0000", ""));
}

/** http(s), a dotted host name (no credentials), an optional port, then anything without spaces. */
export const WEB_URL_PATTERN = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i;

/** An http(s) URL, as evidence or a profile link; anything else (javascript:, data:) is refused. */
export const ZWebUrl = z
  .string({ error: M.kols.invalidUrl })
  .trim()
  .max(KOL_LIMITS.urlMax, M.kols.invalidUrl)
  .regex(WEB_URL_PATTERN, M.kols.invalidUrl);

/** An optional link field: empty text means none. */
const ZOptionalUrl = z
  .union([z.literal(""), ZWebUrl])
  .nullish()
  .transform((v) => (v ? v : null));

export const ZKolLinks = z.object({
  x: ZOptionalUrl,
  telegram: ZOptionalUrl,
  website: ZOptionalUrl,
});

/** POST /api/admin/kols (admins add a KOL). */
export const ZCreateKolRequest = z.object({
  handle: ZHandle,
  name: safeText(KOL_LIMITS.nameMax, M.kols.nameTooLong).default(""),
  bio: safeText(KOL_LIMITS.bioMax, M.kols.bioTooLong).default(""),
  avatarUrl: ZOptionalUrl,
  links: ZKolLinks.default({ x: null, telegram: null, website: null }),
  isVerified: z.boolean().default(false),
});
export type TCreateKolRequest = z.infer<typeof ZCreateKolRequest>;

/** PATCH /api/admin/kols/:handle: any of the fields. */
export const ZUpdateKolRequest = z.object({
  name: safeText(KOL_LIMITS.nameMax, M.kols.nameTooLong).optional(),
  bio: safeText(KOL_LIMITS.bioMax, M.kols.bioTooLong).optional(),
  avatarUrl: ZOptionalUrl.optional(),
  links: ZKolLinks.partial().optional(),
  isVerified: z.boolean().optional(),
});
export type TUpdateKolRequest = z.infer<typeof ZUpdateKolRequest>;

export const VERDICTS = ["plug", "rug"] as const;
export type TVote = (typeof VERDICTS)[number];

export const ZVoteRequest = z.object({ verdict: z.enum(VERDICTS, M.kols.invalidVerdict) });
export type TVoteRequest = z.infer<typeof ZVoteRequest>;

// ---- The score: one formula, used by the server to store it and by the web app to explain it ----

/** Each approved report takes this many points off the score. */
export const REPORT_PENALTY = 15;
/** At or above: the community's verdict is plug; at or below RUG_AT: rug; between: contested. */
export const PLUG_AT = 60;
export const RUG_AT = 40;

/** The community's verdict: unrated until anyone voted or a report was approved. */
export type TCommunityVerdict = "plug" | "rug" | "contested" | "unrated";

export type TTally = { plugVotes: number; rugVotes: number; approvedReports: number };

export type TScoreBreakdown = {
  /** (plug votes + 1) / (all votes + 2), as a percentage with one decimal. */
  plugShare: number;
  /** REPORT_PENALTY for each approved report. */
  reportPenalty: number;
  /** plugShare - reportPenalty, rounded and kept between 0 and 100; null while the KOL is unrated. */
  score: number | null;
  verdict: TCommunityVerdict;
};

/**
 * The KOL score, 0 to 100: the share of plug votes, smoothed by one imaginary plug and one imaginary rug vote so a
 * single vote cannot make a KOL perfect or worthless, minus 15 for every approved report. 60 or more is a plug, 40
 * or less a rug, in between contested. A KOL nobody voted on and with no approved report is unrated: it has no
 * score (null), rather than the 50 the two imaginary votes alone would give, and lists put it after every rated KOL.
 */
export function scoreKol(tally: TTally): TScoreBreakdown {
  const votes = tally.plugVotes + tally.rugVotes;
  const plugShare = Math.round((1000 * (tally.plugVotes + 1)) / (votes + 2)) / 10;
  const reportPenalty = REPORT_PENALTY * tally.approvedReports;
  if (votes === 0 && tally.approvedReports === 0) {
    return { plugShare, reportPenalty, score: null, verdict: "unrated" };
  }
  const score = Math.min(100, Math.max(0, Math.round(plugShare - reportPenalty)));
  let verdict: TCommunityVerdict;
  if (score >= PLUG_AT) verdict = "plug";
  else if (score <= RUG_AT) verdict = "rug";
  else verdict = "contested";
  return { plugShare, reportPenalty, score, verdict };
}

/** The formula in words, for the KOL page. */
export const SCORE_FORMULA_TEXT =
  `Score = plug share − ${REPORT_PENALTY} × approved reports, kept between 0 and 100. ` +
  "Plug share = (plug votes + 1) ÷ (all votes + 2): one imaginary vote each way, so a handful of votes cannot " +
  `swing a KOL to either end. ${PLUG_AT} or more is a plug, ${RUG_AT} or less a rug, anything between is contested. ` +
  "A KOL with no votes and no approved reports is unrated: no score yet, and listed after every rated KOL.";

// ---- Lists ----

export const ZKolListQuery = z.object({
  search: z.string().trim().max(KOL_LIMITS.searchMax).optional(),
  sort: z.enum(KOL_SORTS).default("score"),
  list: z.enum(KOL_LISTS).default("all"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(KOL_LIMITS.maxPageSize).default(KOL_LIMITS.pageSize),
});
export type TKolListQuery = z.infer<typeof ZKolListQuery>;

// ---- Reports ----

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
  return z
    .string({ error: message })
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
  description: z
    .string({ error: M.reports.descriptionMin })
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
  evidenceLinks: z
    .string()
    .transform(splitLinks)
    .pipe(z.array(ZWebUrl).max(KOL_LIMITS.evidenceLinks, M.reports.tooManyLinks)),
});
export type TReportFormInput = z.input<typeof ZReportForm>;
export type TReportFormOutput = z.output<typeof ZReportForm>;

/** PATCH /api/admin/reports/:id: approve, or reject with a reason. */
export const ZReviewReportRequest = z
  .object({
    status: z.enum(["approved", "rejected"], M.reports.statusInvalid),
    reason: z
      .string()
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

export const ZAdminReportsQuery = z.object({
  status: z.enum(REPORT_STATUSES).default("pending"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(KOL_LIMITS.maxPageSize).default(20),
});
export type TAdminReportsQuery = z.infer<typeof ZAdminReportsQuery>;

// ---- Response shapes ----

export const ZKolCard = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  isVerified: z.boolean(),
  plugVotes: z.number(),
  rugVotes: z.number(),
  approvedReports: z.number(),
  /** Null while the KOL is unrated (no votes, no approved reports). */
  score: z.number().nullable(),
  verdict: z.enum(["plug", "rug", "contested", "unrated"]),
  createdAt: z.string(),
});
export type TKolCard = z.infer<typeof ZKolCard>;

export const ZKolPage = z.object({
  items: z.array(ZKolCard),
  total: z.number(),
  page: z.number(),
  pageCount: z.number(),
});
export type TKolPage = z.infer<typeof ZKolPage>;

export const ZEvidence = z.object({
  kind: z.enum(["link", "screenshot"]),
  url: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type TEvidence = z.infer<typeof ZEvidence>;

export const ZPublicReport = z.object({
  id: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  description: z.string(),
  evidence: z.array(ZEvidence),
  contractAddress: z.string().nullable(),
  txHash: z.string().nullable(),
  reporter: z.object({ username: z.string(), avatarUrl: z.string().nullable() }),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TPublicReport = z.infer<typeof ZPublicReport>;

export const ZKolDetail = z.object({
  kol: ZKolCard.extend({
    bio: z.string(),
    links: z.object({
      x: z.string().nullable(),
      telegram: z.string().nullable(),
      website: z.string().nullable(),
    }),
  }),
  breakdown: z.object({
    plugShare: z.number(),
    reportPenalty: z.number(),
    score: z.number().nullable(),
    verdict: z.enum(["plug", "rug", "contested", "unrated"]),
  }),
  myVote: z.enum(VERDICTS).nullable(),
  reports: z.array(ZPublicReport),
});
export type TKolDetail = z.infer<typeof ZKolDetail>;

export const ZVoteState = z.object({
  myVote: z.enum(VERDICTS).nullable(),
  kol: ZKolCard,
});
export type TVoteState = z.infer<typeof ZVoteState>;

/** A report as its reporter and the moderators see it. */
export const ZReport = ZPublicReport.extend({
  kol: z.object({ handle: z.string(), name: z.string(), avatarUrl: z.string().nullable() }),
  status: z.enum(REPORT_STATUSES),
  reviewReason: z.string().nullable(),
  /** The reporter had not reported this KOL before: the report that may earn the Report KOL points. */
  isFirstReport: z.boolean(),
});
export type TReport = z.infer<typeof ZReport>;

export const ZReportList = z.object({ items: z.array(ZReport) });
export const ZReportPage = z.object({
  items: z.array(ZReport),
  total: z.number(),
  page: z.number(),
  pageCount: z.number(),
});
export type TReportPage = z.infer<typeof ZReportPage>;
