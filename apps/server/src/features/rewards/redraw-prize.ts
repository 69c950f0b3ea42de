import { drawWinners, M_REWARDS, type TAdminWinners, type TDrawProof } from "@plugs/domain";
import { and, eq } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { giveaways, giveawayWinners } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { notify } from "../notifications/notify.ts";
import { listAdminWinners } from "./admin-list-giveaways.ts";

type TStoredProof = Pick<TDrawProof, "entrantIds" | "excludedCount" | "winnerIds"> & { redraws?: number };

/**
 * POST /api/admin/rewards/{slug}/winners/{position}/redraw (admins only): a winner let the claim window close, so the
 * prize goes to the next entrant of the same draw. drawWinners is a sequence: asking the revealed seed and frozen list
 * for one winner more gives the same first winners and one new one, so the redraw is as checkable as the draw. The
 * proof keeps the longer winner list and counts the redraw (verifyDraw recomputes winnersCount + redraws). The
 * giveaway row is locked, so two redraws of one prize cannot both happen.
 */
export async function redrawPrize(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
  position: number,
): Promise<TAdminWinners> {
  const admin = requireAdmin(viewer);
  await deps.db.transaction(async (tx) => {
    const [g] = await tx.select().from(giveaways).where(eq(giveaways.slug, slug)).for("update");
    if (!g) throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
    const [win] = await tx
      .select()
      .from(giveawayWinners)
      .where(and(eq(giveawayWinners.giveawayId, g.id), eq(giveawayWinners.position, position)));
    if (!win) throw new AppError("NOT_FOUND", M_REWARDS.winnerNotFound);
    if (win.claimStatus !== "pending" || win.claimDeadline.getTime() > Date.now()) {
      throw new AppError("CONFLICT", M_REWARDS.redrawOnlyExpired);
    }
    const stored = (g.proof ?? {}) as Partial<TStoredProof>;
    const entrantIds = stored.entrantIds ?? [];
    const drawnSoFar = stored.winnerIds ?? [];
    if (!g.seed || drawnSoFar.length >= entrantIds.length) {
      throw new AppError("CONFLICT", M_REWARDS.noEntrantLeft);
    }
    const { winnerIds } = await drawWinners(g.seed, entrantIds, drawnSoFar.length + 1);
    const next = winnerIds.at(-1) as string;
    const now = new Date();
    const proof: TStoredProof = {
      entrantIds,
      excludedCount: stored.excludedCount ?? 0,
      winnerIds,
      redraws: (stored.redraws ?? 0) + 1,
    };
    await tx.update(giveaways).set({ proof, updatedAt: now }).where(eq(giveaways.id, g.id));
    await tx
      .update(giveawayWinners)
      .set({ claimStatus: "expired", updatedAt: now })
      .where(eq(giveawayWinners.id, win.id));
    const [newWin] = await tx
      .insert(giveawayWinners)
      .values({
        giveawayId: g.id,
        userId: next,
        position: drawnSoFar.length + 1,
        claimDeadline: new Date(now.getTime() + g.claimDays * 86_400_000),
      })
      .returning({ position: giveawayWinners.position });
    await notify(tx, [{ kind: "giveaway_won" as const, userId: next, actorId: null, slug: g.slug }]);
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "rewards.redraw",
      targetType: "giveaway",
      targetId: g.id,
      summary: `Redrew prize ${position} of the giveaway "${g.title}"`,
      detail: {
        expired: { position, userId: win.userId },
        drawn: { position: newWin?.position, userId: next },
        redraws: proof.redraws,
      },
    });
  });
  return listAdminWinners(deps, admin, slug);
}
