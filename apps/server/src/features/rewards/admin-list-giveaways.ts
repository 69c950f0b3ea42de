import {
  claimStatusAt,
  giveawayPhase,
  M_REWARDS,
  type TAdminEntrants,
  type TAdminGiveawayFilter,
  type TAdminGiveawayPage,
  type TAdminWinners,
  type TGiveawayStatus,
} from "@plugs/domain";
import { and, eq, gt, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { giveawayEntries, giveaways, giveawayWinners, profiles } from "../../db/schema/index.ts";
import { sqlInt, textRowCount } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { isoTimestamp, type TIsoTimestamp } from "../../lib/row-date.ts";
import { findGiveaway } from "./read-giveaways.ts";

const PAGE_SIZE = 20;

const ZCursor = z.object({ t: z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/), id: z.uuid() });
type TCursor = z.infer<typeof ZCursor>;

const encodeCursor = (c: TCursor) => Buffer.from(JSON.stringify(c)).toString("base64url");

function decodeCursor(raw: string): TCursor {
  try {
    return ZCursor.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw new AppError("VALIDATION", M_REWARDS.cursorInvalid, {
      fields: { cursor: M_REWARDS.cursorInvalid },
    });
  }
}

/** A filter as conditions on the status and the clock (the phases giveawayPhase tells apart). */
export function filterWhere(filter: TAdminGiveawayFilter): SQL | undefined {
  const now = sql`now()`;
  switch (filter) {
    case "all":
      return undefined;
    case "draft":
      return eq(giveaways.status, "draft");
    case "cancelled":
      return eq(giveaways.status, "cancelled");
    case "upcoming":
      return and(eq(giveaways.status, "live"), gt(giveaways.startsAt, now), gt(giveaways.endsAt, now));
    case "live":
      return and(eq(giveaways.status, "live"), lte(giveaways.startsAt, now), gt(giveaways.endsAt, now));
    case "ended":
      return or(
        inArray(giveaways.status, ["ended", "drawn"]),
        and(eq(giveaways.status, "live"), lte(giveaways.endsAt, now)),
      );
  }
}

type TAdminGiveawayRow = {
  id: string;
  slug: string;
  title: string;
  prize: string;
  imageUrl: string | null;
  status: TGiveawayStatus;
  winnersCount: number;
  entriesCount: number;
  entryCost: number;
  startsAt: TIsoTimestamp;
  endsAt: TIsoTimestamp;
  /** With microseconds, for the cursor. */
  createdAt: string;
};

/**
 * One page of the admin's list under `where`, newest first on giveaways_newest_idx, as plain rows (exported for the
 * plan test).
 */
export function adminGiveawaysQuery(where: (SQL | undefined)[], limit: number): SQL {
  const conditions = where.filter((w): w is SQL => w !== undefined);
  return sql`select id, slug, title, prize, image_url as "imageUrl", status, winners_count as "winnersCount",
      entries_count as "entriesCount", entry_cost as "entryCost", ${isoTimestamp(sql`starts_at`)} as "startsAt",
      ${isoTimestamp(sql`ends_at`)} as "endsAt",
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt"
    from giveaways ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
    order by created_at desc nulls first, id desc nulls first limit ${sqlInt(limit)}`;
}

/** A giveaway's entrants after a member id, in id order (exported for the plan test). */
export function entrantsQuery(db: TDb, giveawayId: string, after: string | undefined, limit: number) {
  return db
    .select({
      userId: giveawayEntries.userId,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      pointsSpent: giveawayEntries.pointsSpent,
      enteredAt: giveawayEntries.createdAt,
    })
    .from(giveawayEntries)
    .innerJoin(profiles, eq(profiles.id, giveawayEntries.userId))
    .where(
      and(eq(giveawayEntries.giveawayId, giveawayId), after ? gt(giveawayEntries.userId, after) : undefined),
    )
    .orderBy(giveawayEntries.userId)
    .limit(textRowCount(limit));
}

/**
 * GET /api/admin/rewards (admins only): every giveaway, drafts and cancelled ones too, newest first, a keyset page
 * at a time on giveaways_newest_idx; the cursor keeps created_at's microseconds so no row is skipped or repeated.
 */
export async function listAdminGiveaways(
  deps: TDeps,
  viewer: TViewer | null,
  query: { filter: TAdminGiveawayFilter; cursor?: string | undefined },
): Promise<TAdminGiveawayPage> {
  requireAdmin(viewer);
  const where: (SQL | undefined)[] = [filterWhere(query.filter)];
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    where.push(sql`(${giveaways.createdAt}, ${giveaways.id}) < (${c.t}::timestamptz, ${c.id}::uuid)`);
  }
  const rows = await queryRows<TAdminGiveawayRow>(deps.db, adminGiveawaysQuery(where, PAGE_SIZE + 1));
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  const now = Date.now();
  return {
    items: page.map((g) => {
      const { startsAt, endsAt } = g;
      return {
        id: g.id,
        slug: g.slug,
        title: g.title,
        prize: g.prize,
        imageUrl: g.imageUrl,
        status: g.status,
        phase: giveawayPhase({ status: g.status, startsAt, endsAt }, now),
        winnersCount: g.winnersCount,
        entriesCount: g.entriesCount,
        entryCost: g.entryCost,
        startsAt,
        endsAt,
        createdAt: new Date(g.createdAt).toISOString(),
      };
    }),
    nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor({ t: last.createdAt, id: last.id }) : null,
  };
}

/**
 * GET /api/admin/rewards/{slug}/winners (admins only): the winners in draw order with their claims, the delivery
 * contact included; a pending claim past its deadline reads as expired, a redrawn one is marked so.
 */
export async function listAdminWinners(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
): Promise<TAdminWinners> {
  requireAdmin(viewer);
  const g = await findGiveaway(deps.db, slug);
  if (!g) throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  const rows = await deps.db
    .select({
      position: giveawayWinners.position,
      userId: giveawayWinners.userId,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      claimStatus: giveawayWinners.claimStatus,
      claimDeadline: giveawayWinners.claimDeadline,
      claimContact: giveawayWinners.claimContact,
      claimedAt: giveawayWinners.claimedAt,
    })
    .from(giveawayWinners)
    .innerJoin(profiles, eq(profiles.id, giveawayWinners.userId))
    .where(eq(giveawayWinners.giveawayId, g.id))
    .orderBy(giveawayWinners.position);
  const now = Date.now();
  return {
    items: rows.map((w) => ({
      position: w.position,
      userId: w.userId,
      username: w.username,
      avatarUrl: w.avatarUrl,
      claimStatus: claimStatusAt(w.claimStatus, w.claimDeadline, now),
      claimDeadline: w.claimDeadline.toISOString(),
      claimContact: w.claimContact,
      claimedAt: w.claimedAt ? w.claimedAt.toISOString() : null,
      // Only a redraw stores "expired"; a window that merely closed is still "pending" in the row.
      redrawn: w.claimStatus === "expired",
    })),
  };
}

const ENTRANTS_PAGE = 50;

/**
 * GET /api/admin/rewards/{slug}/entries (admins only): who entered, 50 at a time in member-id order (the unique
 * (giveaway_id, user_id) index, and the order of the draw's frozen list), with the points each entry cost.
 */
export async function listAdminEntrants(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
  after: string | undefined,
): Promise<TAdminEntrants> {
  requireAdmin(viewer);
  const g = await findGiveaway(deps.db, slug);
  if (!g) throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  const rows = await entrantsQuery(deps.db, g.id, after, ENTRANTS_PAGE + 1);
  const page = rows.slice(0, ENTRANTS_PAGE);
  return {
    total: g.entriesCount,
    items: page.map((r) => ({ ...r, enteredAt: r.enteredAt.toISOString() })),
    nextAfter: rows.length > ENTRANTS_PAGE ? (page.at(-1)?.userId ?? null) : null,
  };
}
