import { M, M_REWARDS, type TMyEntry } from "@plugs/domain";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { requireVerifiedMember, type TDeps, type TViewer } from "../../context.ts";
import {
  giveawayEntries,
  giveaways,
  pointsActivities,
  pointsTransactions,
  profiles,
} from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { findGiveaway, loadEntrant, missedRule, withCommunity } from "./read-giveaways.ts";

/**
 * POST /api/rewards/{slug}/entries: one entry per member, in one transaction with its cost. The member's profile row
 * is locked first (as the points ledger does), so a member's parallel entries take turns: the first inserts the
 * entry, debits the points (a negative ledger line of giveaway_entry, keyed by the giveaway, and profiles.points
 * moved by the same amount) and counts it; the others find the entry and are told they already entered.
 * The giveaway's row is locked next, by the statement that counts the entry, and the entry is judged by the terms
 * that statement returns: an admin's edit (allowed only while nobody has entered) takes the same lock, so an entry
 * either comes before the edit, which then finds it and is refused, or after it, under the edited terms.
 */
export async function enterGiveaway(deps: TDeps, viewer: TViewer, slug: string): Promise<TMyEntry> {
  requireVerifiedMember(viewer, M.auth.signInRequired);
  const g = await findGiveaway(deps.db, slug);
  if (!g || g.status === "draft") throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ points: profiles.points })
      .from(profiles)
      .where(eq(profiles.id, viewer.id))
      .for("update");
    const entrant = await loadEntrant(tx, viewer.id);
    if (!locked || !entrant) throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
    const [existing] = await tx
      .select({ id: giveawayEntries.id })
      .from(giveawayEntries)
      .where(and(eq(giveawayEntries.giveawayId, g.id), eq(giveawayEntries.userId, viewer.id)));
    if (existing) throw new AppError("CONFLICT", M_REWARDS.alreadyEntered);
    // Open now, counted in the same statement: a giveaway that ended or was drawn meanwhile matches nothing.
    const [open] = await tx
      .update(giveaways)
      .set({ entriesCount: sql`${giveaways.entriesCount} + 1` })
      .where(
        and(
          eq(giveaways.id, g.id),
          eq(giveaways.status, "live"),
          lte(giveaways.startsAt, sql`now()`),
          gt(giveaways.endsAt, sql`now()`),
        ),
      )
      .returning();
    if (!open) throw new AppError("CONFLICT", M_REWARDS.notOpen);
    const missed = missedRule(await withCommunity(tx, open), entrant);
    if (missed) throw new AppError("FORBIDDEN", missed);
    if (locked.points < open.entryCost) {
      throw new AppError("CONFLICT", M_REWARDS.notEnoughPoints(open.entryCost, locked.points));
    }
    const [entry] = await tx
      .insert(giveawayEntries)
      .values({ giveawayId: g.id, userId: viewer.id, pointsSpent: open.entryCost })
      .returning();
    if (!entry) throw new AppError("CONFLICT", M_REWARDS.alreadyEntered);
    if (open.entryCost > 0) {
      const [activity] = await tx
        .select({ id: pointsActivities.id })
        .from(pointsActivities)
        .where(eq(pointsActivities.name, "giveaway_entry"));
      if (!activity) throw new Error("the giveaway_entry points activity is missing");
      await tx.insert(pointsTransactions).values({
        userId: viewer.id,
        points: -open.entryCost,
        description: `Entry: ${open.title}`,
        referenceId: g.id,
        referenceType: "giveaway",
        activityId: activity.id,
        idempotencyKey: `giveaway:${g.id}`,
      });
      await tx
        .update(profiles)
        .set({ points: sql`${profiles.points} - ${open.entryCost}` })
        .where(eq(profiles.id, viewer.id));
    }
    return {
      entered: true,
      enteredAt: entry.createdAt.toISOString(),
      pointsSpent: entry.pointsSpent,
      won: false,
      position: null,
      claimStatus: null,
      claimDeadline: null,
    };
  });
}
