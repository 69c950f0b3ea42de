import {
  claimStatusAt,
  giveawayPhase,
  M_REWARDS,
  REWARDS_LIMITS,
  type TDrawProof,
  type TGiveawayDetail,
  type TGiveawayList,
  type TGiveawaySummary,
  type TGiveawayWinner,
  type TMyEntry,
  type TMyGiveaways,
} from "@plugs/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import {
  communities,
  giveawayEntries,
  giveaways,
  giveawayWinners,
  profiles,
  users,
} from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { isoTimestamp, type TIsoTimestamp } from "../../lib/row-date.ts";
import { renderLessonMarkdown } from "../learn/markdown.ts";

export type TGiveawayRow = typeof giveaways.$inferSelect;

/** What the entry rules look at about a member: their communities are those they are an active member of. */
export type TEntrant = {
  points: number;
  createdAt: Date;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  communityIds: string[];
};

/** A giveaway's entry rules, with its community's address and name when it has one. */
export type TGiveawayRules = Pick<
  TGiveawayRow,
  "minAccountAgeDays" | "minPoints" | "requireVerifiedEmail" | "requireTwoFactor" | "communityId"
> & { community: { slug: string; name: string } | null };

/**
 * What a list shows of a giveaway: every column but its text and its proof's secrets and lists, its times as the
 * API's ISO text, and its winners.
 */
type TSummaryRow = Pick<
  TGiveawayRow,
  | "id"
  | "slug"
  | "title"
  | "prize"
  | "imageUrl"
  | "winnersCount"
  | "entryCost"
  | "entriesCount"
  | "status"
  | "minAccountAgeDays"
  | "minPoints"
  | "claimDays"
> &
  TGiveawayRules & { startsAt: string; endsAt: string; winners: TGiveawayWinner[] };

/** The first entry rule the member misses, in words, or null when they meet them all. */
export function missedRule(g: TGiveawayRules, who: TEntrant, now = Date.now()): string | null {
  const ageDays = (now - who.createdAt.getTime()) / 86_400_000;
  if (g.minAccountAgeDays > 0 && ageDays < g.minAccountAgeDays)
    return M_REWARDS.accountTooNew(g.minAccountAgeDays);
  if (g.minPoints > 0 && who.points < g.minPoints) return M_REWARDS.needsPoints(g.minPoints);
  if (g.requireVerifiedEmail && !who.emailVerified) return M_REWARDS.needsVerifiedEmail;
  if (g.requireTwoFactor && !who.twoFactorEnabled) return M_REWARDS.needsTwoFactor;
  if (g.communityId && !who.communityIds.includes(g.communityId)) {
    return M_REWARDS.needsCommunity(g.community?.name ?? "the community");
  }
  return null;
}

export async function loadEntrant(db: Pick<TDb, "select">, userId: string): Promise<TEntrant | null> {
  const [row] = await db
    .select({
      points: profiles.points,
      createdAt: users.createdAt,
      emailVerified: users.emailVerified,
      twoFactorEnabled: sql<boolean>`coalesce(${users.twoFactorEnabled}, false)`,
      communityIds: sql<string[]>`array(select m.community_id::text from community_members m
        where m.user_id = ${profiles.id} and m.status = 'active')`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId));
  return row ?? null;
}

/** A giveaway with its community's address and name (null without one), as missedRule and the API read its rules. */
export async function withCommunity<T extends TGiveawayRow>(
  db: Pick<TDb, "select">,
  g: T,
): Promise<T & Pick<TGiveawayRules, "community">> {
  const [community] = g.communityId
    ? await db
        .select({ slug: communities.slug, name: communities.name })
        .from(communities)
        .where(eq(communities.id, g.communityId))
    : [];
  return { ...g, community: community ?? null };
}

/**
 * The winners of these giveaways in place order, in one read (plain rows). The ids go as one array: a list of
 * `in ($1, $2, ...)` was a statement per length, each planned anew at every run.
 */
async function winnersOf(db: TDb, ids: string[]): Promise<Map<string, TGiveawayWinner[]>> {
  const out = new Map<string, TGiveawayWinner[]>();
  if (ids.length === 0) return out;
  const rows = await queryRows<
    Omit<TGiveawayWinner, "claimDeadline"> & { giveawayId: string; claimDeadline: TIsoTimestamp }
  >(
    db,
    sql`select w.giveaway_id as "giveawayId", w.position, w.user_id as "userId", p.username,
        p.avatar_url as "avatarUrl", w.claim_status as "claimStatus",
        ${isoTimestamp(sql`w.claim_deadline`)} as "claimDeadline"
      from giveaway_winners w join profiles p on p.id = w.user_id
      where w.giveaway_id = any(${`{${ids.join(",")}}`}::uuid[])
      order by w.giveaway_id, w.position`,
  );
  for (const { giveawayId, ...winner } of rows) {
    const list = out.get(giveawayId) ?? [];
    list.push({ ...winner, claimStatus: claimStatusAt(winner.claimStatus, winner.claimDeadline) });
    out.set(giveawayId, list);
  }
  return out;
}

/** Rows to the shape the API answers, with the viewer's eligibility and entries (two queries at once, however many). */
async function summaries(
  deps: TDeps,
  viewer: TViewer | null,
  rows: TSummaryRow[],
): Promise<TGiveawaySummary[]> {
  const ids = rows.map((r) => r.id);
  const [entrant, mine] = await Promise.all([
    viewer ? loadEntrant(deps.db, viewer.id) : null,
    viewer && ids.length > 0
      ? deps.db
          .select({ giveawayId: giveawayEntries.giveawayId })
          .from(giveawayEntries)
          .where(and(eq(giveawayEntries.userId, viewer.id), inArray(giveawayEntries.giveawayId, ids)))
      : [],
  ]);
  const entered = new Set(mine.map((m) => m.giveawayId));
  const now = Date.now();
  return rows.map((g) => {
    const reason = entrant ? missedRule(g, entrant, now) : null;
    return {
      id: g.id,
      slug: g.slug,
      title: g.title,
      prize: g.prize,
      imageUrl: g.imageUrl,
      winnersCount: g.winnersCount,
      entryCost: g.entryCost,
      entriesCount: g.entriesCount,
      startsAt: g.startsAt,
      endsAt: g.endsAt,
      status: g.status,
      phase: giveawayPhase(g, now),
      rules: {
        minAccountAgeDays: g.minAccountAgeDays,
        minPoints: g.minPoints,
        requireVerifiedEmail: g.requireVerifiedEmail,
        requireTwoFactor: g.requireTwoFactor,
        community: g.community,
      },
      claimDays: g.claimDays,
      eligibility: viewer ? { eligible: reason === null, reason } : null,
      entered: entered.has(g.id),
      winners: g.winners,
    };
  });
}

/**
 * GET /api/rewards: live giveaways (ending soonest first), upcoming ones (starting soonest first), then the latest
 * ended ones with their winners. Two reads of giveaways_status_ends_idx in one statement, of the columns a card shows.
 */
export async function listGiveaways(deps: TDeps, viewer: TViewer | null): Promise<TGiveawayList> {
  // One statement of plain columns, winners as JSON (only a drawn giveaway has any): Drizzle's mapping of each row's fields was most of this list's
  // cost. The times' text goes by the API's names, so each arm's ORDER BY is the table's columns, which its index
  // serves.
  const columns = sql`id, slug, title, prize, image_url as "imageUrl", winners_count as "winnersCount",
    entry_cost as "entryCost", entries_count as "entriesCount", ${isoTimestamp(sql`starts_at`)} as "startsAt",
    ${isoTimestamp(sql`ends_at`)} as "endsAt", status, min_account_age_days as "minAccountAgeDays",
    min_points as "minPoints", require_verified_email as "requireVerifiedEmail",
    require_two_factor as "requireTwoFactor", claim_days as "claimDays", community_id as "communityId"`;
  // A community's address and name by a join on the two arms (plain columns; the join keeps no order, so each
  // section is sorted below as its arm was).
  const rows = await queryRows<TSummaryRow & { communitySlug: string | null; communityName: string | null }>(
    deps.db,
    sql`select l.*, c.slug as "communitySlug", c.name as "communityName" from (
        (select ${columns} from giveaways where status = 'live' order by ends_at, id limit 100)
        union all
        (select ${columns} from giveaways where status in ('ended', 'drawn')
          order by ends_at desc, id desc limit ${sqlInt(REWARDS_LIMITS.endedShown)})
      ) l left join communities c on c.id = l."communityId"`,
  );
  // Only a drawn giveaway has winners: none drawn, no second read.
  const winners = await winnersOf(
    deps.db,
    rows.filter((r) => r.status === "drawn").map((r) => r.id),
  );
  // Filled in on the rows themselves (summaries copies only the fields it answers with).
  for (const r of rows) {
    r.community =
      r.communitySlug && r.communityName ? { slug: r.communitySlug, name: r.communityName } : null;
    r.winners = winners.get(r.id) ?? [];
  }
  const all = await summaries(deps, viewer, rows);
  const live: TGiveawaySummary[] = [];
  const upcoming: TGiveawaySummary[] = [];
  const ended: TGiveawaySummary[] = [];
  for (const g of all) (g.phase === "live" ? live : g.phase === "upcoming" ? upcoming : ended).push(g);
  // ISO times in UTC sort as text: live and upcoming soonest first, ended latest first, ties by id.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  live.sort((a, b) => byText(a.endsAt, b.endsAt) || byText(a.id, b.id));
  upcoming.sort((a, b) => byText(a.startsAt, b.startsAt) || byText(a.id, b.id));
  ended.sort((a, b) => byText(b.endsAt, a.endsAt) || byText(b.id, a.id));
  return { live, upcoming, ended };
}

/** The public proof: the commitment always, the seed and the frozen list only once drawn. */
export function publicProof(g: TGiveawayRow): TDrawProof | null {
  if (!g.seedHash) return null;
  const drawn = g.status === "drawn";
  const stored = (g.proof ?? {}) as Partial<TDrawProof>;
  return {
    algorithm: "hmac-sha256-v1",
    seedHash: g.seedHash,
    seed: drawn ? g.seed : null,
    entrantsHash: drawn ? g.entrantsHash : null,
    entrantIds: drawn ? (stored.entrantIds ?? []) : null,
    excludedCount: drawn ? (stored.excludedCount ?? 0) : 0,
    winnerIds: drawn ? (stored.winnerIds ?? []) : null,
    redraws: drawn ? (stored.redraws ?? 0) : 0,
    drawnAt: g.drawnAt ? g.drawnAt.toISOString() : null,
  };
}

export async function findGiveaway(db: Pick<TDb, "select">, slug: string): Promise<TGiveawayRow | null> {
  const [row] = await db.select().from(giveaways).where(eq(giveaways.slug, slug));
  return row ?? null;
}

/** GET /api/rewards/{slug}: a published giveaway (a draft only for admins), with its proof. */
export async function viewGiveaway(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
): Promise<TGiveawayDetail> {
  const g = await findGiveaway(deps.db, slug);
  if (!g || (g.status === "draft" && !viewer?.isAdmin))
    throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  const row = {
    ...(await withCommunity(deps.db, g)),
    startsAt: g.startsAt.toISOString(),
    endsAt: g.endsAt.toISOString(),
    winners: (await winnersOf(deps.db, [g.id])).get(g.id) ?? [],
  };
  const [summary] = await summaries(deps, viewer, [row]);
  if (!summary) throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  return {
    ...summary,
    description: g.description,
    descriptionHtml: renderLessonMarkdown(g.description),
    proof: publicProof(g),
  };
}

/** GET /api/rewards/{slug}/entry: the viewer's own entry and win. */
export async function myEntry(deps: TDeps, viewer: TViewer, slug: string): Promise<TMyEntry> {
  const g = await findGiveaway(deps.db, slug);
  if (!g || g.status === "draft") throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  const [entry] = await deps.db
    .select()
    .from(giveawayEntries)
    .where(and(eq(giveawayEntries.giveawayId, g.id), eq(giveawayEntries.userId, viewer.id)));
  const [win] = await deps.db
    .select({
      position: giveawayWinners.position,
      claimStatus: giveawayWinners.claimStatus,
      claimDeadline: giveawayWinners.claimDeadline,
    })
    .from(giveawayWinners)
    .where(and(eq(giveawayWinners.giveawayId, g.id), eq(giveawayWinners.userId, viewer.id)));
  return {
    entered: Boolean(entry),
    enteredAt: entry ? entry.createdAt.toISOString() : null,
    pointsSpent: entry?.pointsSpent ?? 0,
    won: Boolean(win),
    position: win?.position ?? null,
    claimStatus: win ? claimStatusAt(win.claimStatus, win.claimDeadline) : null,
    claimDeadline: win ? win.claimDeadline.toISOString() : null,
  };
}

/** GET /api/rewards/me/entries: the viewer's last 50 entries (giveaway_entries_user_newest_idx) with their wins. */
export async function myGiveaways(deps: TDeps, viewer: TViewer): Promise<TMyGiveaways> {
  const rows = await deps.db
    .select({
      slug: giveaways.slug,
      title: giveaways.title,
      prize: giveaways.prize,
      status: giveaways.status,
      endsAt: giveaways.endsAt,
      enteredAt: giveawayEntries.createdAt,
      pointsSpent: giveawayEntries.pointsSpent,
      position: giveawayWinners.position,
      claimStatus: giveawayWinners.claimStatus,
      claimDeadline: giveawayWinners.claimDeadline,
    })
    .from(giveawayEntries)
    .innerJoin(giveaways, eq(giveaways.id, giveawayEntries.giveawayId))
    .leftJoin(
      giveawayWinners,
      and(eq(giveawayWinners.giveawayId, giveawayEntries.giveawayId), eq(giveawayWinners.userId, viewer.id)),
    )
    .where(eq(giveawayEntries.userId, viewer.id))
    .orderBy(sql`${giveawayEntries.createdAt} desc nulls first`)
    .limit(50);
  return {
    items: rows.map((r) => ({
      slug: r.slug,
      title: r.title,
      prize: r.prize,
      status: r.status,
      endsAt: r.endsAt.toISOString(),
      entered: true,
      enteredAt: r.enteredAt.toISOString(),
      pointsSpent: r.pointsSpent,
      won: r.position !== null,
      position: r.position,
      claimStatus: r.claimStatus && r.claimDeadline ? claimStatusAt(r.claimStatus, r.claimDeadline) : null,
      claimDeadline: r.claimDeadline ? r.claimDeadline.toISOString() : null,
    })),
  };
}
