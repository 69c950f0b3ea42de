// Fair-use limits on what one member writes: the kinds of action, their default limits and the refusal's words.
// The server enforces them (apps/server/src/features/limits/member-limits.ts); MEMBER_LIMITS overrides them.

/**
 * Every kind of write a member makes, each with its own limits. A new area (contact, learn, rewards, blog...) adds
 * its kind here and puts `memberLimit(deps, "<kind>")` on its write routes.
 */
export const MEMBER_ACTIONS = [
  "post",
  "comment",
  "reaction",
  "follow",
  "report",
  "community",
  "upload",
  "edit",
  "moderate",
  "learn",
  "rewards",
  "sweep",
  "account",
] as const;
export type TMemberAction = (typeof MEMBER_ACTIONS)[number];

/** How many of an action a member may do in one minute (a burst) and in one day (24 hours from the first). */
export type TActionLimit = { perMinute: number; perDay: number };

/**
 * The defaults: far above what a person does by hand, far below what a script does. What each kind covers:
 * - post: new posts; comment: new comments;
 * - reaction: likes of posts and comments, emoji reactions, KOL votes, and taking any of them back;
 * - follow: following and unfollowing members, joining and leaving communities;
 * - report: reports of posts, comments, members and KOLs; community: new communities;
 * - upload: a new avatar or community branding (files in a post count as the post);
 * - edit: editing or deleting your own posts, comments, profile and community, marking notifications read;
 * - moderate: a community owner's or moderator's member changes (approve, ban, roles, invites);
 * - learn: marking a lesson complete, starting and submitting a quiz or an exam;
 * - rewards: entering a giveaway;
 * - sweep: linking and unlinking a wallet, asking for a link challenge, scanning a wallet's token accounts (each
 *   scan reads the chain), claiming a sweep's points (the browser asks again every few seconds while a transaction
 *   is not finalized);
 * - account: changing your password, downloading your data, asking for (or cancelling) your account's deletion.
 */
export const DEFAULT_MEMBER_LIMITS: Record<TMemberAction, TActionLimit> = {
  post: { perMinute: 5, perDay: 100 },
  comment: { perMinute: 15, perDay: 500 },
  reaction: { perMinute: 60, perDay: 2000 },
  follow: { perMinute: 20, perDay: 400 },
  report: { perMinute: 5, perDay: 50 },
  community: { perMinute: 2, perDay: 10 },
  upload: { perMinute: 10, perDay: 100 },
  edit: { perMinute: 30, perDay: 1000 },
  moderate: { perMinute: 60, perDay: 2000 },
  learn: { perMinute: 30, perDay: 600 },
  rewards: { perMinute: 30, perDay: 300 },
  sweep: { perMinute: 60, perDay: 1000 },
  account: { perMinute: 5, perDay: 50 },
};

/** Open event streams: per member (a new one past this closes their oldest) and per address (past it, refused). */
export const DEFAULT_EVENT_STREAM_LIMITS = { perMember: 5, perIp: 20 } as const;

export const M_EVENT_STREAMS = {
  /** The 429 of GET /api/events when the address already holds its cap of open streams. */
  tooManyFromAddress: "Too many live connections from your network. Close some tabs and try again.",
} as const;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/**
 * A wait in words, rounded up: '40 seconds', '1 minute', '3 minutes', '24 hours'. Under a minute in seconds, under
 * an hour in minutes, else in hours (a day limit's wait is at most 24 hours).
 */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, "second");
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, "minute");
  return plural(Math.ceil(s / 3600), "hour");
}

/** The 429's message: "You're doing that too often. Try again in 40 seconds." */
export function tooOftenMessage(waitSeconds: number): string {
  return `You're doing that too often. Try again in ${formatWait(waitSeconds)}.`;
}
