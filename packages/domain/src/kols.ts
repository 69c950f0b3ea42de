import { z } from "zod";
import { ZHandle } from "./handles.ts";
import { KOL_LIMITS, KOL_LISTS, KOL_SORTS } from "./kol-limits.ts";
import { M } from "./messages.ts";
import { ZKeysetPage } from "./pages.ts";
import { ZPublicReport } from "./reports.ts";
import { safeText, ZOptionalUrl, zText } from "./text.ts";

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
  search: zText().trim().max(KOL_LIMITS.searchMax).optional(),
  sort: z.enum(KOL_SORTS).default("score"),
  list: z.enum(KOL_LISTS).default("all"),
  /** A page's nextCursor or previousCursor (none for page 1): pages are read by keyset, not offset. */
  cursor: zText({ error: M.kols.listCursorInvalid }).max(600, M.kols.listCursorInvalid).optional(),
  pageSize: z.coerce.number().int().min(1).max(KOL_LIMITS.maxPageSize).default(KOL_LIMITS.pageSize),
});
export type TKolListQuery = z.infer<typeof ZKolListQuery>;

// ---- Response shapes ----

export const ZKolCard = z.object({
  id: zText(),
  handle: zText(),
  name: zText(),
  avatarUrl: zText().nullable(),
  isVerified: z.boolean(),
  plugVotes: z.number(),
  rugVotes: z.number(),
  approvedReports: z.number(),
  /** Null while the KOL is unrated (no votes, no approved reports). */
  score: z.number().nullable(),
  verdict: z.enum(["plug", "rug", "contested", "unrated"]),
  createdAt: zText(),
});
export type TKolCard = z.infer<typeof ZKolCard>;

/** `totalCapped`: a search matched more than KOL_LIMITS.searchCountCap KOLs, which `total` is then. */
export const ZKolPage = ZKeysetPage(ZKolCard).extend({ totalCapped: z.boolean() });
export type TKolPage = z.infer<typeof ZKolPage>;

export const ZKolDetail = z.object({
  kol: ZKolCard.extend({
    bio: zText(),
    links: z.object({
      x: zText().nullable(),
      telegram: zText().nullable(),
      website: zText().nullable(),
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
