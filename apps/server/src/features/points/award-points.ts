import type { TPointsActivityName } from "@plugs/domain";
import { and, eq, gte, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { pointsActivities, pointsTransactions, profiles } from "../../db/schema/index.ts";
import type { TLogger } from "../../logger.ts";
import { notify } from "../notifications/notify.ts";

/** The database or a transaction already open (a nested call then runs in a savepoint). */
export type TDbOrTx = Pick<TDb, "select" | "insert" | "update" | "execute" | "transaction">;

export type TAwardInput = {
  /** Who earns the points. */
  userId: string;
  activity: TPointsActivityName;
  /** What the points are for (a reaction, a vote, a referred account...): with the type, the idempotency key. */
  referenceId: string;
  referenceType: string;
  /** What the ledger line says; the activity's label when not given. */
  description?: string;
  /**
   * The owner of the content acted on and who acted (the earner when not given): equal means someone reacting to
   * or voting on their own content, which earns nothing.
   */
  ownerId?: string | null;
  actorId?: string;
  /** The amount of this award, for activities whose amount comes with each award (admin_airdrop). */
  amount?: number;
  /** How many units the award is for (account_closure: accounts closed); the activity's points are per unit. */
  quantity?: number;
  /** Overrides `referenceType:referenceId` as the key that makes the award once-only. */
  idempotencyKey?: string;
};

export type TAward = {
  id: string;
  userId: string;
  points: number;
  description: string;
  activity: TPointsActivityName;
  createdAt: Date;
};

/**
 * Pays one award into the ledger and profiles.points together, in one short transaction. Returns the ledger row,
 * or null when nothing is due: the activity is off or missing, the user acts on their own content, the amount is
 * 0, today's cap for this activity is reached, or this award was paid before (same idempotency key).
 *
 * Race-free: the earner's profile row is locked first, so concurrent awards to one user take turns; the cap is
 * counted after the lock, and the unique idempotency key makes a repeat insert do nothing.
 *
 * A paid award then tells the earner (a 'points' notification, or 'airdrop' from the admin in `actorId`), once per
 * ledger row, except the sign-up bonus; that step can fail without undoing the award (it is logged to `logger`).
 */
export async function awardPoints(
  db: TDbOrTx,
  input: TAwardInput,
  logger?: Pick<TLogger, "error">,
): Promise<TAward | null> {
  const award = await payAward(db, input);
  if (award) await notifyAward(db, award, input, logger);
  return award;
}

/**
 * Awards that tell no one: the sign-up bonus is paid as the account is made, before its owner could be told
 * anything, and 'Account created successfully!' already says it.
 */
const UNANNOUNCED: ReadonlySet<TPointsActivityName> = new Set(["account_creation"]);

/**
 * The earner's notification of a paid award, after the award's own transaction (or savepoint, inside a caller's
 * transaction: the notification then commits with the caller's work and its event leaves on that commit). In a
 * savepoint of its own, so a failure here leaves the award and the caller's transaction usable.
 */
async function notifyAward(
  db: TDbOrTx,
  award: TAward,
  input: TAwardInput,
  logger: Pick<TLogger, "error"> | undefined,
): Promise<void> {
  if (UNANNOUNCED.has(award.activity)) return;
  const airdrop = award.activity === "admin_airdrop";
  try {
    await db.transaction((tx) =>
      notify(tx, {
        kind: airdrop ? "airdrop" : "points",
        userId: award.userId,
        actorId: airdrop ? (input.actorId ?? null) : null,
        amount: award.points,
        sourceKey: award.id,
      }),
    );
  } catch (err) {
    logger?.error({ err, userId: award.userId, awardId: award.id }, "points notification failed");
  }
}

async function payAward(db: TDbOrTx, input: TAwardInput): Promise<TAward | null> {
  const actorId = input.actorId ?? input.userId;
  if (input.ownerId && input.ownerId === actorId) return null;
  const key = input.idempotencyKey ?? `${input.referenceType}:${input.referenceId}`;

  // Everything in the (possibly nested) transaction, so a failure inside a caller's transaction rolls back only
  // this savepoint and leaves the caller's work usable.
  return db.transaction(async (tx) => {
    const [activity] = await tx
      .select()
      .from(pointsActivities)
      .where(and(eq(pointsActivities.name, input.activity), eq(pointsActivities.active, true)));
    if (!activity) return null;
    const points = input.amount ?? activity.points * (input.quantity ?? 1);
    if (!Number.isSafeInteger(points) || points <= 0) return null;
    const [profile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, input.userId))
      .for("update");
    if (!profile) return null;
    if (activity.dailyCap !== null) {
      const [today] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(pointsTransactions)
        .where(
          and(
            eq(pointsTransactions.userId, input.userId),
            eq(pointsTransactions.activityId, activity.id),
            gte(
              pointsTransactions.createdAt,
              sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
            ),
          ),
        );
      if ((today?.n ?? 0) >= activity.dailyCap) return null;
    }
    const [row] = await tx
      .insert(pointsTransactions)
      .values({
        userId: input.userId,
        points,
        description: input.description ?? activity.label,
        referenceId: input.referenceId,
        referenceType: input.referenceType,
        activityId: activity.id,
        idempotencyKey: key,
      })
      .onConflictDoNothing({
        target: [pointsTransactions.userId, pointsTransactions.activityId, pointsTransactions.idempotencyKey],
      })
      .returning();
    if (!row) return null;
    await tx
      .update(profiles)
      .set({ points: sql`${profiles.points} + ${points}` })
      .where(eq(profiles.id, input.userId));
    return {
      id: row.id,
      userId: row.userId,
      points: row.points,
      description: row.description,
      activity: input.activity,
      createdAt: row.createdAt,
    };
  });
}

/**
 * awardPoints for the actions that earn points (a reaction, a vote, a sign-up): a failure is logged and answered
 * with null, never thrown, so the action itself always stands. Pass the action's own transaction as `db` to pay in
 * it (a failure then rolls back only the award's savepoint); leave it out to pay right after.
 */
export async function awardPointsSafely(
  deps: Pick<TDeps, "db" | "logger">,
  input: TAwardInput,
  db: TDbOrTx = deps.db,
): Promise<TAward | null> {
  try {
    return await awardPoints(db, input, deps.logger);
  } catch (err) {
    deps.logger.error(
      { err, userId: input.userId, activity: input.activity, referenceId: input.referenceId },
      "points award failed",
    );
    return null;
  }
}
