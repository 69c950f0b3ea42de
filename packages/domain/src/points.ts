import { z } from "zod";
import { M } from "./messages.ts";
import { ZKeysetPage } from "./pages.ts";
import { zText } from "./text.ts";

/**
 * The activities that earn points, by their stable names (points_activities.name). Amounts, caps and whether each
 * is on live in the database, where admins change them.
 */
export const POINTS_ACTIVITIES = [
  "voting",
  "emoji_reaction",
  "comment_vote",
  "report_submission",
  "account_creation",
  "referral",
  "admin_airdrop",
  "account_closure",
  "lesson_completed",
  "quiz_passed",
  "exam_passed",
  /** Points spent on a giveaway entry: a negative ledger line (features/rewards/enter-giveaway.ts). */
  "giveaway_entry",
] as const;
export type TPointsActivityName = (typeof POINTS_ACTIVITIES)[number];

export const POINTS_LIMITS = {
  /** Points per account closed by Sweep (the spec's constant). */
  accountClosurePoints: 1000,
  maxAirdropPoints: 1_000_000,
  maxAirdropReason: 500,
  maxAirdropRecipients: 500,
  maxActivityPoints: 1_000_000,
  maxDailyCap: 10_000,
  ledgerPageSize: 20,
  leaderboardPageSize: 20,
  /**
   * How many people ahead a member's own place counts ("Your rank", a profile's rank) before it stops: past it the
   * place reads "#10,000+", so the count costs the same however large the board grows.
   */
  rankCountCap: 10_000,
  airdropsPageSize: 20,
  /** How far the airdrop audit list counts its rows; past it "Page X of 50+". */
  airdropsCountCap: 1000,
  /** The referred users listed on the referral card (newest first); totalReferrals counts them all. */
  referredUsersShown: 100,
} as const;

const ZUsername = zText().trim().min(1, M.points.usernameRequired).max(30, M.auth.userNotFound);

const ZAirdropPoints = z.coerce
  .number(M.points.airdropPointsInvalid)
  .int(M.points.airdropPointsInvalid)
  .min(1, M.points.airdropPointsInvalid)
  .max(POINTS_LIMITS.maxAirdropPoints, M.points.airdropPointsInvalid);

const ZAirdropReason = zText(M.points.airdropReasonRequired)
  .trim()
  .min(1, M.points.airdropReasonRequired)
  .max(POINTS_LIMITS.maxAirdropReason, M.points.airdropReasonTooLong);

/**
 * An airdrop: to one user (`username`) or to many at once (`usernames`, all or nothing). Exactly one of the two.
 * The amount and the reason apply to every recipient.
 */
export const ZAirdropRequest = z
  .object({
    username: ZUsername.optional(),
    usernames: z
      .array(ZUsername, M.points.usernameRequired)
      .max(POINTS_LIMITS.maxAirdropRecipients, M.points.tooManyRecipients)
      .optional(),
    points: ZAirdropPoints,
    reason: ZAirdropReason,
  })
  .superRefine((value, ctx) => {
    const many = value.usernames ?? [];
    if (value.username === undefined && many.length === 0) {
      ctx.addIssue({ code: "custom", path: ["usernames"], message: M.points.usernameRequired });
    }
    if (value.username !== undefined && value.usernames !== undefined) {
      ctx.addIssue({ code: "custom", path: ["usernames"], message: M.points.oneOrMany });
    }
  });
export type TAirdropRequest = z.infer<typeof ZAirdropRequest>;

/** The admin form's fields: the pasted list is text, turned into usernames by parseUsernameList. */
export const ZAirdropForm = z.object({
  recipients: zText().refine((s) => parseUsernameList(s).length > 0, M.points.usernameRequired),
  points: ZAirdropPoints,
  reason: ZAirdropReason,
});
export type TAirdropForm = z.input<typeof ZAirdropForm>;

/**
 * Usernames from pasted text: separated by spaces, commas, semicolons or new lines, an optional leading @ dropped,
 * duplicates (any case) kept once, in the order first seen.
 */
export function parseUsernameList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const name = raw.replace(/^@/, "").trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** An admin's change to an activity: amount, daily cap (null: none), on or off, and the texts people read. */
export const ZUpdatePointsActivityRequest = z
  .object({
    label: zText().trim().min(1, M.points.labelRequired).max(60, M.points.labelTooLong).optional(),
    description: zText().trim().max(300, M.points.descriptionTooLong).optional(),
    points: z
      .number(M.points.activityPointsInvalid)
      .int(M.points.activityPointsInvalid)
      .min(0, M.points.activityPointsInvalid)
      .max(POINTS_LIMITS.maxActivityPoints, M.points.activityPointsInvalid)
      .optional(),
    dailyCap: z
      .number(M.points.dailyCapInvalid)
      .int(M.points.dailyCapInvalid)
      .min(1, M.points.dailyCapInvalid)
      .max(POINTS_LIMITS.maxDailyCap, M.points.dailyCapInvalid)
      .nullable()
      .optional(),
    active: z.boolean(M.points.activeInvalid).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), M.points.nothingToChange);
export type TUpdatePointsActivityRequest = z.infer<typeof ZUpdatePointsActivityRequest>;

export const LEADERBOARD_WINDOWS = ["week", "month", "all"] as const;
export type TLeaderboardWindow = (typeof LEADERBOARD_WINDOWS)[number];

/** `cursor` is a page's nextCursor or previousCursor (none for page 1): pages are read by keyset, not offset. */
export const ZLeaderboardQuery = z.object({
  window: z.enum(LEADERBOARD_WINDOWS, M.points.invalidWindow).default("week"),
  cursor: zText({ error: M.points.leaderboardCursorInvalid })
    .max(600, M.points.leaderboardCursorInvalid)
    .optional(),
});
export type TLeaderboardQuery = z.infer<typeof ZLeaderboardQuery>;

export type TPointsLedgerItem = {
  id: string;
  points: number;
  description: string;
  /** The activity's stable name and the label people read ('Report KOL'). */
  activity: string;
  activityLabel: string;
  referenceType: string | null;
  createdAt: string;
};
export type TPointsMe = { balance: number; items: TPointsLedgerItem[]; nextCursor: string | null };

export type TReferredUser = { username: string; avatarUrl: string | null; joinedAt: string };
export type TReferralStats = { totalReferrals: number; pointsEarned: number; referredUsers: TReferredUser[] };

export type TLeaderboardEntry = {
  rank: number;
  username: string;
  /** Shown beside the username when set. */
  displayName: string | null;
  avatarUrl: string | null;
  points: number;
};
export type TLeaderboardPage = {
  items: TLeaderboardEntry[];
  total: number;
  page: number;
  pageCount: number;
  previousCursor: string | null;
  nextCursor: string | null;
  window: TLeaderboardWindow;
  /**
   * The viewer's place: null for a visitor; rank null while they have no points in the window. Past
   * POINTS_LIMITS.rankCountCap people ahead, rank is that cap and rankCapped true.
   */
  me: { rank: number | null; rankCapped: boolean; points: number } | null;
};

/** One airdrop audit row: an admin's award to one recipient (a bulk airdrop writes one per recipient). */
export const ZAirdrop = z.object({
  id: z.string(),
  batchId: z.string(),
  admin: z.string(),
  recipient: z.string(),
  points: z.number(),
  reason: z.string(),
  createdAt: z.string(),
});
export type TAirdrop = z.infer<typeof ZAirdrop>;

/** A page of the airdrop audit list, newest first by keyset; its count stops at POINTS_LIMITS.airdropsCountCap. */
export const ZAirdropPage = ZKeysetPage(ZAirdrop).extend({ totalCapped: z.boolean() });
export type TAirdropPage = z.infer<typeof ZAirdropPage>;

export type TPointsActivity = {
  id: string;
  name: string;
  label: string;
  description: string;
  points: number;
  dailyCap: number | null;
  active: boolean;
  updatedAt: string;
};
