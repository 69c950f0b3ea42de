import { M_REWARDS, type TClaimRequest, type TMyEntry } from "@plugs/domain";
import { and, eq, gt, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { giveawayWinners } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { findGiveaway, myEntry } from "./read-giveaways.ts";

/**
 * POST /api/rewards/{slug}/claim: a winner confirms within the claim window, with a contact handle or wallet address
 * for delivery (kept for the admins, never shown publicly). One statement claims only a pending, unexpired win, so a
 * repeat or a late claim changes nothing and is told why.
 */
export async function claimPrize(
  deps: TDeps,
  viewer: TViewer,
  slug: string,
  input: TClaimRequest,
): Promise<TMyEntry> {
  const g = await findGiveaway(deps.db, slug);
  if (!g || g.status === "draft") throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  const now = new Date();
  const [claimed] = await deps.db
    .update(giveawayWinners)
    .set({ claimStatus: "claimed", claimContact: input.contact, claimedAt: now, updatedAt: now })
    .where(
      and(
        eq(giveawayWinners.giveawayId, g.id),
        eq(giveawayWinners.userId, viewer.id),
        eq(giveawayWinners.claimStatus, "pending"),
        gt(giveawayWinners.claimDeadline, sql`now()`),
      ),
    )
    .returning({ id: giveawayWinners.id });
  if (!claimed) {
    const [win] = await deps.db
      .select({ claimStatus: giveawayWinners.claimStatus })
      .from(giveawayWinners)
      .where(and(eq(giveawayWinners.giveawayId, g.id), eq(giveawayWinners.userId, viewer.id)));
    if (!win) throw new AppError("FORBIDDEN", M_REWARDS.notAWinner);
    if (win.claimStatus === "claimed") throw new AppError("CONFLICT", M_REWARDS.alreadyClaimed);
    throw new AppError("CONFLICT", M_REWARDS.claimClosed);
  }
  return myEntry(deps, viewer, slug);
}
