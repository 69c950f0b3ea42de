import { drawWinners, type TDrawProof } from "@plugs/domain";
import { and, eq, lte, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { giveaways, giveawayWinners } from "../../db/schema/index.ts";
import { notify } from "../notifications/notify.ts";
import { bannedMemberIds } from "../posts/visibility.ts";

/** The job that draws one giveaway at its end time (jobs/jobs.ts). */
export const DRAW_JOB = "giveaway-draw";
/** The sweep that draws any live giveaway past its end whose job never ran (published without a job runner). */
export const OVERDUE_DRAWS_JOB = "giveaway-draws-overdue";

export type TDrawOutcome = "drawn" | "not-due" | "not-live";

/**
 * Draws a giveaway once: the row is locked and must still be live and past its end, so a second call (another
 * instance, a retry, the sweep) finds it drawn and does nothing. The entrant list is frozen (members banned since
 * they entered, or who no longer meet its rules, are left out and counted), its hash and the winners come from the revealed seed (drawWinners in
 * @plugs/domain, the same function the page's Verify panel runs), and the proof is stored with them. Winners are
 * told by a bell notification and a live event when the transaction commits.
 */
export async function drawGiveaway(deps: TDeps, giveawayId: string): Promise<TDrawOutcome> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [g] = await tx.select().from(giveaways).where(eq(giveaways.id, giveawayId)).for("update");
    if (g?.status !== "live" || !g.seed || !g.seedHash) return { kind: "not-live" as const };
    if (g.endsAt.getTime() > Date.now()) return { kind: "not-due" as const, endsAt: g.endsAt };
    // The rules are checked again: an entrant banned since, or who no longer meets a rule they met at entry (their
    // e-mail or two-factor turned off, the community left), is left out and counted. An account only grows older,
    // and points spent on entries are not taken as missing ones, so age and points are not checked again.
    const misses = [sql`e.user_id in (${bannedMemberIds})`];
    if (g.requireVerifiedEmail) misses.push(sql`not u.email_verified`);
    if (g.requireTwoFactor) misses.push(sql`not coalesce(u.two_factor_enabled, false)`);
    if (g.communityId) {
      misses.push(sql`not exists (select 1 from community_members m
        where m.community_id = ${g.communityId} and m.user_id = e.user_id and m.status = 'active')`);
    }
    const entrants = await queryRows<{ user_id: string; excluded: boolean }>(
      tx,
      sql`select e.user_id::text as user_id, (${sql.join(misses, sql` or `)}) as excluded
            from giveaway_entries e join users u on u.id = e.user_id where e.giveaway_id = ${g.id}`,
    );
    const eligible = entrants.filter((e) => !e.excluded).map((e) => e.user_id);
    const { entrantsHash, sorted, winnerIds } = await drawWinners(g.seed, eligible, g.winnersCount);
    const drawnAt = new Date();
    const proof: Pick<TDrawProof, "entrantIds" | "excludedCount" | "winnerIds"> = {
      entrantIds: sorted,
      excludedCount: entrants.length - eligible.length,
      winnerIds,
    };
    await tx
      .update(giveaways)
      .set({ status: "drawn", entrantsHash, proof, drawnAt, updatedAt: drawnAt })
      .where(eq(giveaways.id, g.id));
    if (winnerIds.length > 0) {
      const claimDeadline = new Date(drawnAt.getTime() + g.claimDays * 86_400_000);
      await tx
        .insert(giveawayWinners)
        .values(winnerIds.map((userId, i) => ({ giveawayId: g.id, userId, position: i + 1, claimDeadline })));
      await notify(
        tx,
        winnerIds.map((userId) => ({ kind: "giveaway_won" as const, userId, actorId: null, slug: g.slug })),
      );
    }
    return { kind: "drawn" as const, winners: winnerIds.length, entrants: sorted.length };
  });
  if (outcome.kind === "not-due" && deps.jobs) {
    // The end moved later than the job: run again then.
    await deps.jobs.send(DRAW_JOB, { giveawayId }, { startAfter: outcome.endsAt });
  }
  if (outcome.kind === "drawn") {
    deps.logger.info({ giveawayId, winners: outcome.winners, entrants: outcome.entrants }, "giveaway drawn");
  }
  return outcome.kind;
}

/** Draws every live giveaway whose end has passed (each in its own transaction). */
export async function drawOverdueGiveaways(deps: TDeps): Promise<number> {
  const due = await deps.db
    .select({ id: giveaways.id })
    .from(giveaways)
    .where(and(eq(giveaways.status, "live"), lte(giveaways.endsAt, sql`now()`)))
    .limit(100);
  let drawn = 0;
  for (const { id } of due) if ((await drawGiveaway(deps, id)) === "drawn") drawn += 1;
  return drawn;
}
