import { z } from "zod";
import { ZSlug } from "./slugify.ts";
import { isSafeString, zText } from "./text.ts";

/*
 * Rewards: giveaways drawn by commit-reveal, so anyone can check the draw. The draw itself (drawWinners) and its
 * check (verifyDraw) live here, pure and the same in the server, the browser and the tests.
 */

export const M_REWARDS = {
  signInToEnter: "Sign in to enter giveaways",
  giveawayNotFound: "Giveaway not found",
  alreadyEntered: "You have already entered this giveaway",
  notOpen: "This giveaway is not open for entries",
  notEnoughPoints: (cost: number, balance: number) =>
    `You need ${cost} points to enter this giveaway; you have ${balance}.`,
  accountTooNew: (days: number) =>
    `Your account must be at least ${days} day${days === 1 ? "" : "s"} old to enter.`,
  needsPoints: (points: number) => `You need at least ${points} points to enter this giveaway.`,
  needsVerifiedEmail: "Verify your e-mail address to enter this giveaway.",
  needsTwoFactor: "Turn on two-factor authentication in your security settings to enter this giveaway.",
  needsCommunity: (name: string) => `Join ${name} to enter this giveaway.`,
  communityUnknown: "No community has this address",
  titleRequired: "Title is required",
  titleTooLong: "Title cannot exceed 120 characters",
  prizeRequired: "Prize is required",
  prizeTooLong: "Prize cannot exceed 200 characters",
  descriptionTooLong: "Description cannot exceed 20000 characters",
  invalidCharacters: "Input contains invalid characters",
  slugTaken: "A giveaway with this slug already exists",
  winnersInvalid: "Winners must be a whole number from 1 to 1000",
  costInvalid: "Entry cost must be a whole number of points from 0 to 1000000",
  dateInvalid: "Enter a valid date and time",
  endsBeforeStart: "The end must be after the start",
  endsInPast: "The end must be in the future",
  onlyDrafts: "Only a draft giveaway can be changed",
  /** An edit of a published giveaway once a member has entered: the terms they entered on stay as they were. */
  termsLocked: "Members have entered this giveaway, so its terms can no longer change",
  /** An edit of a giveaway whose entries have closed (ended, drawn or cancelled). */
  editClosed: "This giveaway's entries have closed, so its terms can no longer change",
  /** A published giveaway keeps its address: links to it are out in the world. */
  slugFixed: "A published giveaway's address cannot change",
  ruleInvalid: "Enter a whole number from 0 to 100000",
  notEnded: "The giveaway has not ended yet",
  alreadyDrawn: "This giveaway has already been drawn",
  onlyLiveDrawn: "Only a published giveaway can be drawn",
  cancelledNotDrawn: "A cancelled giveaway cannot be drawn",
  notAWinner: "Only a winner can claim this prize",
  claimClosed: "The claim window for this prize has closed",
  alreadyClaimed: "You have already claimed this prize",
  contactRequired: "Enter a contact handle or wallet address",
  contactTooLong: "Contact cannot exceed 200 characters",
  cannotCancel: "A drawn giveaway cannot be cancelled",
  onlyPublishedCancelled: "Only a published giveaway can be cancelled",
  winnerNotFound: "Winner not found",
  cursorInvalid: "The page cursor is not valid",
  imageRequired: "Choose an image to upload",
  claimDaysInvalid: "The claim window must be a whole number of days from 1 to 90",
  redrawOnlyExpired: "Only a prize whose claim window has closed unclaimed can be redrawn",
  noEntrantLeft: "Every entrant has already been drawn; there is no one left to redraw",
} as const;

export const REWARDS_LIMITS = {
  titleMax: 120,
  prizeMax: 200,
  descriptionMax: 20_000,
  slugMax: 80,
  maxWinners: 1000,
  maxEntryCost: 1_000_000,
  /** Ended giveaways shown on /rewards, newest first. */
  endedShown: 20,
  /** Days a winner has to claim (issue 27's default; each giveaway sets its own, up to maxClaimDays). */
  claimDays: 7,
  maxClaimDays: 90,
} as const;

/** cancelled: stopped by an admin before the draw, every entry's points refunded. */
export const GIVEAWAY_STATUSES = ["draft", "live", "ended", "drawn", "cancelled"] as const;
export type TGiveawayStatus = (typeof GIVEAWAY_STATUSES)[number];

const ruleNumber = z.coerce
  .number(M_REWARDS.ruleInvalid)
  .int(M_REWARDS.ruleInvalid)
  .min(0, M_REWARDS.ruleInvalid);
const isoDate = zText(M_REWARDS.dateInvalid).refine(
  (v) => !Number.isNaN(Date.parse(v)),
  M_REWARDS.dateInvalid,
);

/** The fields as sent; a new giveaway fills the ones left out with defaults (giveawayFields), an edit does not. */
const sentFields = {
  title: zText(M_REWARDS.titleRequired)
    .trim()
    .min(1, M_REWARDS.titleRequired)
    .max(REWARDS_LIMITS.titleMax, M_REWARDS.titleTooLong)
    .refine(isSafeString, M_REWARDS.invalidCharacters),
  /** Left out or empty: made from the title. */
  slug: z.union([z.literal(""), ZSlug(REWARDS_LIMITS.slugMax)]).optional(),
  /** Markdown, rendered and sanitized by the server. */
  description: zText().max(REWARDS_LIMITS.descriptionMax, M_REWARDS.descriptionTooLong),
  prize: zText(M_REWARDS.prizeRequired)
    .trim()
    .min(1, M_REWARDS.prizeRequired)
    .max(REWARDS_LIMITS.prizeMax, M_REWARDS.prizeTooLong)
    .refine(isSafeString, M_REWARDS.invalidCharacters),
  winnersCount: z.coerce
    .number(M_REWARDS.winnersInvalid)
    .int(M_REWARDS.winnersInvalid)
    .min(1, M_REWARDS.winnersInvalid)
    .max(REWARDS_LIMITS.maxWinners, M_REWARDS.winnersInvalid),
  startsAt: isoDate,
  endsAt: isoDate,
  entryCost: z.coerce
    .number(M_REWARDS.costInvalid)
    .int(M_REWARDS.costInvalid)
    .min(0, M_REWARDS.costInvalid)
    .max(REWARDS_LIMITS.maxEntryCost, M_REWARDS.costInvalid),
  minAccountAgeDays: ruleNumber.max(100_000, M_REWARDS.ruleInvalid),
  minPoints: ruleNumber.max(100_000_000, M_REWARDS.ruleInvalid),
  requireVerifiedEmail: z.boolean(),
  requireTwoFactor: z.boolean(),
  /** Entry only for active members of the community at this address (its slug); empty: anyone. */
  community: z.union([z.literal(""), ZSlug(100)], M_REWARDS.communityUnknown),
  /** Days each winner has to claim, from the draw. */
  claimDays: z.coerce
    .number(M_REWARDS.claimDaysInvalid)
    .int(M_REWARDS.claimDaysInvalid)
    .min(1, M_REWARDS.claimDaysInvalid)
    .max(REWARDS_LIMITS.maxClaimDays, M_REWARDS.claimDaysInvalid),
};

const giveawayFields = {
  ...sentFields,
  description: sentFields.description.default(""),
  entryCost: sentFields.entryCost.default(0),
  minAccountAgeDays: sentFields.minAccountAgeDays.default(0),
  minPoints: sentFields.minPoints.default(0),
  requireVerifiedEmail: sentFields.requireVerifiedEmail.default(false),
  requireTwoFactor: sentFields.requireTwoFactor.default(false),
  community: sentFields.community.default(""),
  claimDays: sentFields.claimDays.default(REWARDS_LIMITS.claimDays),
};

/** POST /api/admin/rewards: a new giveaway, saved as a draft. */
export const ZGiveawayInput = z
  .object(giveawayFields)
  .refine((g) => Date.parse(g.endsAt) > Date.parse(g.startsAt), {
    path: ["endsAt"],
    message: M_REWARDS.endsBeforeStart,
  });
export type TGiveawayInput = z.input<typeof ZGiveawayInput>;

/**
 * PATCH /api/admin/rewards/{slug}: any of the fields, while the giveaway is a draft, or published (not yet ended)
 * with no entry yet; a published giveaway keeps its slug.
 */
export const ZGiveawayPatch = z.object(sentFields).partial();
export type TGiveawayPatch = z.input<typeof ZGiveawayPatch>;

const ZWinner = z.object({
  position: z.number(),
  userId: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  claimStatus: z.enum(["pending", "claimed", "expired"]),
  claimDeadline: z.string(),
});
export type TGiveawayWinner = z.infer<typeof ZWinner>;

/**
 * The fairness proof. `seedHash` is published when the giveaway goes live; `seed`, the entrant list and its hash
 * only once drawn (they are null before).
 */
export const ZDrawProof = z.object({
  algorithm: z.literal("hmac-sha256-v1"),
  seedHash: z.string(),
  seed: z.string().nullable(),
  entrantsHash: z.string().nullable(),
  /** The frozen entrant list: member ids, sorted. */
  entrantIds: z.array(z.string()).nullable(),
  /** Entrants left out at the draw (banned since they entered). */
  excludedCount: z.number(),
  /** Winner member ids in draw order, redrawn winners after the first ones (the same sequence, drawn further). */
  winnerIds: z.array(z.string()).nullable(),
  /** Prizes redrawn after a winner let the claim window close: winnerIds holds winnersCount + redraws ids. */
  redraws: z.number(),
  drawnAt: z.string().nullable(),
});
export type TDrawProof = z.infer<typeof ZDrawProof>;

export const ZGiveawaySummary = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  prize: z.string(),
  /** The giveaway's image (uploaded by an admin, checked by its bytes and re-encoded), or null. */
  imageUrl: z.string().nullable(),
  winnersCount: z.number(),
  entryCost: z.number(),
  entriesCount: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(GIVEAWAY_STATUSES),
  /** live and started, not yet started, or over (ended or drawn); drafts are the admin's alone. */
  phase: z.enum(["live", "upcoming", "ended", "draft"]),
  rules: z.object({
    minAccountAgeDays: z.number(),
    minPoints: z.number(),
    requireVerifiedEmail: z.boolean(),
    requireTwoFactor: z.boolean(),
    /** Entry only for its active members. */
    community: z.object({ slug: z.string(), name: z.string() }).nullable(),
  }),
  /** Days each winner has to claim, from the draw. */
  claimDays: z.number(),
  /** Whether the viewer meets the rules (null for a visitor), and the first rule they miss. */
  eligibility: z.object({ eligible: z.boolean(), reason: z.string().nullable() }).nullable(),
  /** Whether the viewer has entered (false for a visitor). */
  entered: z.boolean(),
  winners: z.array(ZWinner),
});
export type TGiveawaySummary = z.infer<typeof ZGiveawaySummary>;

export const ZGiveawayList = z.object({
  live: z.array(ZGiveawaySummary),
  upcoming: z.array(ZGiveawaySummary),
  ended: z.array(ZGiveawaySummary),
});
export type TGiveawayList = z.infer<typeof ZGiveawayList>;

export const ZGiveawayDetail = ZGiveawaySummary.extend({
  description: z.string(),
  /** The description rendered from Markdown and sanitized by the server. */
  descriptionHtml: z.string(),
  proof: ZDrawProof.nullable(),
});
export type TGiveawayDetail = z.infer<typeof ZGiveawayDetail>;

export const ZMyEntry = z.object({
  entered: z.boolean(),
  enteredAt: z.string().nullable(),
  pointsSpent: z.number(),
  won: z.boolean(),
  position: z.number().nullable(),
  /** A winner's claim: pending until they confirm before the deadline. */
  claimStatus: z.enum(["pending", "claimed", "expired"]).nullable(),
  claimDeadline: z.string().nullable(),
});
export type TMyEntry = z.infer<typeof ZMyEntry>;

/** GET /api/rewards/me/entries: the member's giveaways, newest entry first ("My giveaways"). */
export const ZMyGiveaways = z.object({
  items: z.array(
    ZMyEntry.extend({
      slug: z.string(),
      title: z.string(),
      prize: z.string(),
      status: z.enum(GIVEAWAY_STATUSES),
      endsAt: z.string(),
    }),
  ),
});
export type TMyGiveaways = z.infer<typeof ZMyGiveaways>;

/** POST /api/rewards/{slug}/claim: a winner confirms, with where to deliver the prize. */
export const ZClaimRequest = z.object({
  contact: zText(M_REWARDS.contactRequired)
    .trim()
    .min(1, M_REWARDS.contactRequired)
    .max(200, M_REWARDS.contactTooLong)
    .refine(isSafeString, M_REWARDS.invalidCharacters),
});
export type TClaimRequest = z.infer<typeof ZClaimRequest>;

/** A win's claim status as it stands at `now`: a pending claim past its deadline has expired. */
export function claimStatusAt(
  status: "pending" | "claimed" | "expired",
  deadline: Date | string,
  now = Date.now(),
): "pending" | "claimed" | "expired" {
  return status === "pending" && new Date(deadline).getTime() <= now ? "expired" : status;
}

/** The admin's list filters: a giveaway's phase, or cancelled. */
export const ADMIN_GIVEAWAY_FILTERS = ["all", "draft", "upcoming", "live", "ended", "cancelled"] as const;
export type TAdminGiveawayFilter = (typeof ADMIN_GIVEAWAY_FILTERS)[number];

export const ZAdminGiveawayQuery = z.object({
  filter: z.enum(ADMIN_GIVEAWAY_FILTERS).default("all"),
  /** The last row's keyset cursor from the previous page. */
  cursor: z.string().max(200).optional(),
});

export const ZAdminGiveawayRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  prize: z.string(),
  imageUrl: z.string().nullable(),
  status: z.enum(GIVEAWAY_STATUSES),
  phase: z.enum(["live", "upcoming", "ended", "draft"]),
  winnersCount: z.number(),
  entriesCount: z.number(),
  entryCost: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  createdAt: z.string(),
});
export type TAdminGiveawayRow = z.infer<typeof ZAdminGiveawayRow>;

/** GET /api/admin/rewards: every giveaway, newest first, a page at a time. */
export const ZAdminGiveawayPage = z.object({
  items: z.array(ZAdminGiveawayRow),
  nextCursor: z.string().nullable(),
});
export type TAdminGiveawayPage = z.infer<typeof ZAdminGiveawayPage>;

/** GET /api/admin/rewards/{slug}/entries: the entrants in member-id order (the order of the draw's frozen list). */
export const ZAdminEntrants = z.object({
  total: z.number(),
  items: z.array(
    z.object({
      userId: z.string(),
      username: z.string(),
      avatarUrl: z.string().nullable(),
      pointsSpent: z.number(),
      enteredAt: z.string(),
    }),
  ),
  /** The last member id of this page, to ask for the next one (`after`). */
  nextAfter: z.string().nullable(),
});
export type TAdminEntrants = z.infer<typeof ZAdminEntrants>;

export const ZAdminEntrantsQuery = z.object({ after: z.uuid(M_REWARDS.cursorInvalid).optional() });

/** GET /api/admin/rewards/{slug}/winners: the winners with their claims (the contact is for the admins only). */
export const ZAdminWinners = z.object({
  items: z.array(
    z.object({
      position: z.number(),
      userId: z.string(),
      username: z.string(),
      avatarUrl: z.string().nullable(),
      claimStatus: z.enum(["pending", "claimed", "expired"]),
      claimDeadline: z.string(),
      claimContact: z.string().nullable(),
      claimedAt: z.string().nullable(),
      /** Whether this prize went to a later winner after the claim window closed. */
      redrawn: z.boolean(),
    }),
  ),
});
export type TAdminWinners = z.infer<typeof ZAdminWinners>;

/** The phase of a giveaway at `now`. */
export function giveawayPhase(
  g: { status: TGiveawayStatus; startsAt: string; endsAt: string },
  now = Date.now(),
): TGiveawaySummary["phase"] {
  if (g.status === "draft") return "draft";
  if (g.status !== "live" || Date.parse(g.endsAt) <= now) return "ended";
  return Date.parse(g.startsAt) > now ? "upcoming" : "live";
}

// --- The draw -------------------------------------------------------------------------------------------------

type TSubtle = {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
  importKey(
    format: "raw",
    key: Uint8Array,
    algorithm: { name: "HMAC"; hash: "SHA-256" },
    extractable: boolean,
    usages: string[],
  ): Promise<unknown>;
  sign(algorithm: "HMAC", key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
};

/** Web Crypto, present in Node 20 and every browser (on https and localhost). */
function subtle(): TSubtle {
  return (globalThis as unknown as { crypto: { subtle: TSubtle } }).crypto.subtle;
}

type TTextEncoder = { encode(text: string): Uint8Array };
const encoder = new (globalThis as unknown as { TextEncoder: new () => TTextEncoder }).TextEncoder();
const utf8 = (s: string) => encoder.encode(s);

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function fromHex(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})+$/i.test(hex)) throw new Error("not hex");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** SHA-256 of a UTF-8 string, hex. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await subtle().digest("SHA-256", utf8(text)));
}

/** The commitment published at publish time: SHA-256 of the seed's 32 bytes (the seed is their hex). */
export async function seedCommitment(seedHex: string): Promise<string> {
  return toHex(await subtle().digest("SHA-256", fromHex(seedHex)));
}

/** The entrant list in the draw's order (ids sorted by UTF-16 code units, as JavaScript sorts) and its hash. */
export async function entrantsHashOf(
  entrantIds: readonly string[],
): Promise<{ sorted: string[]; hash: string }> {
  const sorted = [...entrantIds].sort();
  return { sorted, hash: await sha256Hex(sorted.join("\n")) };
}

/**
 * The winners of a draw, a pure function of the revealed seed and the frozen list. In words: sort the entrant ids,
 * join them with newlines and hash them (SHA-256, hex): the entrants hash. Then for counter = 0, 1, 2...: compute
 * HMAC-SHA256 with the seed's 32 bytes as key over the text `<entrants hash>:<counter>`, read the first 8 bytes of
 * the result as an unsigned big-endian number, and take it modulo the number of entrants: that index into the
 * sorted list is the next winner, unless already drawn (then the counter moves on). Stop when there are as many
 * winners as the giveaway has prizes, or everyone has won.
 */
export async function drawWinners(
  seedHex: string,
  entrantIds: readonly string[],
  winnersCount: number,
): Promise<{ entrantsHash: string; sorted: string[]; winnerIds: string[] }> {
  const { sorted, hash } = await entrantsHashOf(entrantIds);
  const want = Math.min(winnersCount, sorted.length);
  const key = await subtle().importKey("raw", fromHex(seedHex), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const picked = new Set<number>();
  const winnerIds: string[] = [];
  for (let counter = 0; winnerIds.length < want; counter++) {
    const mac = new Uint8Array(await subtle().sign("HMAC", key, utf8(`${hash}:${counter}`)));
    let value = 0n;
    for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(mac[i] ?? 0);
    const index = Number(value % BigInt(sorted.length));
    if (picked.has(index)) continue;
    picked.add(index);
    winnerIds.push(sorted[index] as string);
  }
  return { entrantsHash: hash, sorted, winnerIds };
}

export type TVerifyResult = {
  seedMatchesCommitment: boolean;
  entrantsHashMatches: boolean;
  winnersMatch: boolean;
  /** All three. */
  matches: boolean;
};

/** Recomputes a published proof: the seed against its commitment, the list against its hash, and the winners. */
export async function verifyDraw(
  proof: Omit<TDrawProof, "redraws"> & { redraws?: number },
  winnersCount: number,
): Promise<TVerifyResult> {
  if (!proof.seed || !proof.entrantIds || !proof.entrantsHash || !proof.winnerIds) {
    return { seedMatchesCommitment: false, entrantsHashMatches: false, winnersMatch: false, matches: false };
  }
  let seedMatchesCommitment = false;
  try {
    seedMatchesCommitment = (await seedCommitment(proof.seed)) === proof.seedHash;
  } catch {
    seedMatchesCommitment = false;
  }
  const recomputed = seedMatchesCommitment
    ? await drawWinners(proof.seed, proof.entrantIds, winnersCount + (proof.redraws ?? 0))
    : { entrantsHash: (await entrantsHashOf(proof.entrantIds)).hash, winnerIds: [] as string[] };
  const entrantsHashMatches = recomputed.entrantsHash === proof.entrantsHash;
  const winnersMatch =
    seedMatchesCommitment &&
    recomputed.winnerIds.length === proof.winnerIds.length &&
    recomputed.winnerIds.every((id, i) => id === proof.winnerIds?.[i]);
  return {
    seedMatchesCommitment,
    entrantsHashMatches,
    winnersMatch,
    matches: seedMatchesCommitment && entrantsHashMatches && winnersMatch,
  };
}
