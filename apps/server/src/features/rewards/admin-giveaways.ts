import { randomBytes } from "node:crypto";
import {
  M_REWARDS,
  REWARDS_LIMITS,
  seedCommitment,
  type TGiveawayDetail,
  ZGiveawayInput,
  type ZGiveawayPatch,
} from "@plugs/domain";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import {
  communities,
  giveawayEntries,
  giveaways,
  pointsActivities,
  pointsTransactions,
  profiles,
} from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { slugOrFromTitle, slugTaken } from "../../lib/slug.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { DRAW_JOB, drawGiveaway } from "./draw-giveaway.ts";
import { viewGiveaway, withCommunity } from "./read-giveaways.ts";

type TInput = z.output<typeof ZGiveawayInput>;
type TPatch = z.output<typeof ZGiveawayPatch>;

const slugOf = (input: { slug?: string | undefined; title: string }) =>
  slugOrFromTitle(input.slug, input.title, REWARDS_LIMITS.slugMax);

/**
 * The community a giveaway is limited to, by its address: null for none; one that does not exist (or was removed) is
 * refused on the field.
 */
async function communityIdOf(db: Pick<TDb, "select">, slug: string): Promise<string | null> {
  if (!slug) return null;
  const [community] = await db
    .select({ id: communities.id })
    .from(communities)
    .where(and(eq(communities.slug, slug), isNull(communities.removedAt)));
  if (!community) {
    throw new AppError("VALIDATION", M_REWARDS.communityUnknown, {
      fields: { community: M_REWARDS.communityUnknown },
    });
  }
  return community.id;
}

/** The columns a giveaway's terms fill, as created and as a draft's edit changes them. */
function termsOf(input: TInput, communityId: string | null) {
  return {
    title: input.title,
    description: input.description,
    prize: input.prize,
    winnersCount: input.winnersCount,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    entryCost: input.entryCost,
    minAccountAgeDays: input.minAccountAgeDays,
    minPoints: input.minPoints,
    requireVerifiedEmail: input.requireVerifiedEmail,
    requireTwoFactor: input.requireTwoFactor,
    communityId,
    claimDays: input.claimDays,
  };
}

/** A stored giveaway's terms, as the audit log shows them beside termsOf's. */
function termsOfRow(row: typeof giveaways.$inferSelect) {
  return {
    title: row.title,
    description: row.description,
    prize: row.prize,
    winnersCount: row.winnersCount,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    entryCost: row.entryCost,
    minAccountAgeDays: row.minAccountAgeDays,
    minPoints: row.minPoints,
    requireVerifiedEmail: row.requireVerifiedEmail,
    requireTwoFactor: row.requireTwoFactor,
    communityId: row.communityId,
    claimDays: row.claimDays,
  };
}

/** POST /api/admin/rewards: a new draft. */
export async function createGiveaway(
  deps: TDeps,
  viewer: TViewer | null,
  input: TInput,
): Promise<TGiveawayDetail> {
  const admin = requireAdmin(viewer);
  const slug = slugOf(input);
  const terms = termsOf(input, await communityIdOf(deps.db, input.community));
  await deps.db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(giveaways)
        .values({ slug, ...terms, createdBy: admin.id })
        .returning({ id: giveaways.id });
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: "rewards.create",
        targetType: "giveaway",
        targetId: created?.id,
        summary: `Created the giveaway draft "${input.title}"`,
        detail: { after: { slug, ...terms } },
      });
    })
    .catch(slugTaken(M_REWARDS.slugTaken));
  return viewGiveaway(deps, admin, slug);
}

/**
 * PATCH /api/admin/rewards/{slug}: changes a draft, or a published giveaway's terms until the first entry. The seed's
 * commitment is the SHA-256 of the seed alone, so it stays valid; nobody has entered on the old terms. The row is
 * locked as entering locks it (enter-giveaway counts the entry in the statement that takes the lock), so an entry and
 * an edit take turns: an edit after an entry sees the count and is refused, an entry after an edit gets the new terms.
 * A published giveaway keeps its slug, and its end stays in the future; a new end time gets its own draw job.
 */
export async function updateGiveaway(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
  patch: TPatch,
): Promise<TGiveawayDetail> {
  const admin = requireAdmin(viewer);
  const saved = await deps.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(giveaways).where(eq(giveaways.slug, slug)).for("update");
      if (!current) throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
      const published = current.status !== "draft";
      if (published) {
        if (current.status !== "live" || current.endsAt.getTime() <= Date.now()) {
          throw new AppError("CONFLICT", M_REWARDS.editClosed);
        }
        if (current.entriesCount > 0) throw new AppError("CONFLICT", M_REWARDS.termsLocked);
        if (patch.slug && patch.slug !== current.slug) throw new AppError("CONFLICT", M_REWARDS.slugFixed);
      }
      // The terms with the patch over them, judged as a whole (a ZodError answers 400 naming the field).
      const next = ZGiveawayInput.parse({
        ...current,
        startsAt: current.startsAt.toISOString(),
        endsAt: current.endsAt.toISOString(),
        community: (await withCommunity(tx, current)).community?.slug ?? "",
        ...patch,
      });
      const terms = termsOf(next, await communityIdOf(tx, next.community));
      if (published && Date.parse(next.endsAt) <= Date.now()) {
        throw new AppError("VALIDATION", M_REWARDS.endsInPast, { fields: { endsAt: M_REWARDS.endsInPast } });
      }
      const newSlug = published ? current.slug : patch.slug || current.slug;
      await tx
        .update(giveaways)
        .set({ slug: newSlug, ...terms, updatedAt: new Date() })
        .where(eq(giveaways.id, current.id));
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: "rewards.update",
        targetType: "giveaway",
        targetId: current.id,
        summary: published
          ? `Edited the published giveaway "${next.title}" before its first entry`
          : `Edited the giveaway draft "${next.title}"`,
        detail: {
          before: { slug: current.slug, ...termsOfRow(current) },
          after: { slug: newSlug, ...terms },
        },
      });
      const endsAt = new Date(next.endsAt);
      return {
        id: current.id,
        slug: newSlug,
        endMoved: published && endsAt.getTime() !== current.endsAt.getTime() ? endsAt : null,
      };
    })
    .catch(slugTaken(M_REWARDS.slugTaken));
  // The draw job at the old end finds the giveaway not due (and runs again at the end) or drawn; this one is on time.
  if (saved.endMoved) await scheduleDraw(deps, saved.id, saved.endMoved);
  return viewGiveaway(deps, admin, saved.slug);
}

/**
 * POST /api/admin/rewards/{slug}/publish: a draft goes live. The secret seed (32 random bytes) is made here and kept
 * on the server; only its SHA-256 is public from now on. The draw is scheduled as a job at the end time.
 */
export async function publishGiveaway(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
): Promise<TGiveawayDetail> {
  const admin = requireAdmin(viewer);
  const [current] = await deps.db.select().from(giveaways).where(eq(giveaways.slug, slug));
  if (!current) throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  if (current.status !== "draft") throw new AppError("CONFLICT", M_REWARDS.onlyDrafts);
  if (current.endsAt.getTime() <= Date.now()) {
    throw new AppError("VALIDATION", M_REWARDS.endsInPast, { fields: { endsAt: M_REWARDS.endsInPast } });
  }
  const seed = randomBytes(32).toString("hex");
  const seedHash = await seedCommitment(seed);
  const published = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(giveaways)
      .set({ status: "live", seed, seedHash, publishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(giveaways.id, current.id), eq(giveaways.status, "draft")))
      .returning({ id: giveaways.id, endsAt: giveaways.endsAt });
    if (row) {
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: "rewards.publish",
        targetType: "giveaway",
        targetId: current.id,
        summary: `Published the giveaway "${current.title}"`,
        detail: { status: { before: "draft", after: "live" }, seedHash },
      });
    }
    return row;
  });
  if (!published) throw new AppError("CONFLICT", M_REWARDS.onlyDrafts);
  await scheduleDraw(deps, published.id, published.endsAt);
  return viewGiveaway(deps, admin, slug);
}

/**
 * POST /api/admin/rewards/{slug}/draw: "Draw now", once the end has passed (for a job that has not run yet). The
 * draw itself locks the row, so of parallel calls (and the job) one draws and the others are told it is drawn.
 */
export async function drawGiveawayNow(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
): Promise<TGiveawayDetail> {
  const admin = requireAdmin(viewer);
  const [current] = await deps.db.select().from(giveaways).where(eq(giveaways.slug, slug));
  if (!current) throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  if (current.status === "draft") throw new AppError("CONFLICT", M_REWARDS.onlyLiveDrawn);
  if (current.status === "cancelled") throw new AppError("CONFLICT", M_REWARDS.cancelledNotDrawn);
  if (current.status === "drawn") throw new AppError("CONFLICT", M_REWARDS.alreadyDrawn);
  if (current.endsAt.getTime() > Date.now()) throw new AppError("CONFLICT", M_REWARDS.notEnded);
  const outcome = await drawGiveaway(deps, current.id);
  if (outcome !== "drawn") throw new AppError("CONFLICT", M_REWARDS.alreadyDrawn);
  // The draw is the job's own transaction (the same one the scheduled job runs); the log says who asked for it.
  await recordAdminAction(deps.db, {
    actorId: admin.id,
    action: "rewards.draw",
    targetType: "giveaway",
    targetId: current.id,
    summary: `Drew the giveaway "${current.title}" now`,
  });
  return viewGiveaway(deps, admin, slug);
}

/**
 * POST /api/admin/rewards/{slug}/cancel: stops a giveaway before its draw and gives every entry's points back
 * through the ledger (a positive giveaway_entry line per entrant, keyed by the giveaway, with profiles.points moved
 * in the same transaction). The status changes first, in its own statement, so no entry can start after it; the
 * refunds follow, and calling cancel again on a cancelled giveaway only completes refunds that are missing.
 */
export async function cancelGiveaway(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
): Promise<TGiveawayDetail> {
  const admin = requireAdmin(viewer);
  const [current] = await deps.db.select().from(giveaways).where(eq(giveaways.slug, slug));
  if (!current) throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  if (current.status === "draft") throw new AppError("CONFLICT", M_REWARDS.onlyPublishedCancelled);
  const stopped = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(giveaways)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(and(eq(giveaways.id, current.id), inArray(giveaways.status, ["live", "ended", "cancelled"])))
      .returning({ id: giveaways.id });
    if (row) {
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: "rewards.cancel",
        targetType: "giveaway",
        targetId: current.id,
        summary: `Cancelled the giveaway "${current.title}"`,
        detail: { status: { before: current.status, after: "cancelled" } },
      });
    }
    return row;
  });
  if (!stopped) throw new AppError("CONFLICT", M_REWARDS.cannotCancel);
  await deps.db.transaction(async (tx) => {
    const paid = await tx
      .select({ userId: giveawayEntries.userId, points: giveawayEntries.pointsSpent })
      .from(giveawayEntries)
      .where(and(eq(giveawayEntries.giveawayId, current.id), gt(giveawayEntries.pointsSpent, 0)));
    if (paid.length === 0) return;
    const [activity] = await tx
      .select({ id: pointsActivities.id })
      .from(pointsActivities)
      .where(eq(pointsActivities.name, "giveaway_entry"));
    if (!activity) throw new Error("the giveaway_entry points activity is missing");
    const spent = new Map(paid.map((p) => [p.userId, p.points]));
    // Profiles locked in id order, as every points writer does, so concurrent awards wait instead of deadlocking.
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(inArray(profiles.id, [...spent.keys()]))
      .orderBy(profiles.id)
      .for("update");
    const refunded = await tx
      .insert(pointsTransactions)
      .values(
        paid.map((p) => ({
          userId: p.userId,
          points: p.points,
          description: `Refund: ${current.title} was cancelled`,
          referenceId: current.id,
          referenceType: "giveaway",
          activityId: activity.id,
          idempotencyKey: `giveaway-refund:${current.id}`,
        })),
      )
      .onConflictDoNothing({
        target: [pointsTransactions.userId, pointsTransactions.activityId, pointsTransactions.idempotencyKey],
      })
      .returning({ userId: pointsTransactions.userId, points: pointsTransactions.points });
    // Every refunded balance in one statement, not one per entrant.
    if (refunded.length > 0) {
      await tx.execute(
        sql`update profiles p set points = p.points + r.points
            from json_to_recordset(${JSON.stringify(refunded.map((r) => ({ user_id: r.userId, points: r.points })))}::json)
              as r(user_id uuid, points int)
            where p.id = r.user_id`,
      );
    }
  });
  deps.logger.info({ giveawayId: current.id, by: admin.id }, "giveaway cancelled");
  return viewGiveaway(deps, admin, slug);
}

/** Sends the draw job for the end time; one per giveaway and end time (an edit before the first entry may move it). */
export async function scheduleDraw(deps: TDeps, giveawayId: string, endsAt: Date): Promise<void> {
  if (!deps.jobs) {
    deps.logger.warn(
      { giveawayId },
      "no job runner here: the overdue-draws sweep of a running server will draw it",
    );
    return;
  }
  await deps.jobs.send(
    DRAW_JOB,
    { giveawayId },
    { startAfter: endsAt, singletonKey: `draw:${giveawayId}:${endsAt.getTime()}` },
  );
}
