import type { TPointsActivityName } from "@plugs/domain";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
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
  /**
   * The item the points are for (the comment reacted to, the KOL voted on, the referred account...). With its type it
   * is the award's key, unique per (member, activity, item): an activity pays once per item, ever. Name the item,
   * never a row that an undo deletes and a redo makes anew (a reaction, a like), or the redo would pay again.
   */
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
};

export type TAward = {
  id: string;
  userId: string;
  points: number;
  description: string;
  activity: TPointsActivityName;
  createdAt: Date;
};

/** Many awards of one activity and amount, one per recipient, each with its own reference (airdrops). */
export type TBulkAwardInput = Pick<
  TAwardInput,
  "activity" | "referenceType" | "description" | "actorId" | "amount" | "quantity"
> & {
  /** One award per user (a user named twice is paid once), each keyed by `referenceType:referenceId`. */
  recipients: { userId: string; referenceId: string }[];
};

/**
 * Pays one award into the ledger and profiles.points together, in one short transaction. Returns the ledger row,
 * or null when nothing is due: the activity is off or missing, the user acts on their own content, the amount is
 * 0, today's cap for this activity is reached, or this activity was paid for this item before (same key). Undoing
 * the action (un-react, unlike, withdraw a vote) takes nothing back: the ledger only grows, and the kept row is what
 * makes the redo pay nothing.
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
  const actorId = input.actorId ?? input.userId;
  if (input.ownerId && input.ownerId === actorId) return null;
  const { userId, referenceId, ownerId: _, ...shared } = input;
  const [award] = await awardPointsToMany(db, { ...shared, recipients: [{ userId, referenceId }] }, logger);
  return award ?? null;
}

/**
 * awardPoints for many users at once, in a number of statements that does not grow with them: one ledger insert,
 * one balance update, one notification insert and one publish for all. Returns the awards paid; a recipient is left
 * out when nothing is due to them (no profile, today's cap reached, a repeat key), and everyone when the activity
 * is off. Profile rows are locked in id order, so two bulk awards over the same people cannot deadlock.
 */
export async function awardPointsToMany(
  db: TDbOrTx,
  input: TBulkAwardInput,
  logger?: Pick<TLogger, "error">,
): Promise<TAward[]> {
  const awards = await payAwards(db, input);
  if (awards.length > 0) await notifyAwards(db, awards, input, logger);
  return awards;
}

/**
 * Awards that tell no one: the sign-up bonus is paid as the account is made, before its owner could be told
 * anything, and 'Account created successfully!' already says it.
 */
const UNANNOUNCED: ReadonlySet<TPointsActivityName> = new Set(["account_creation"]);

/**
 * The earners' notifications of paid awards, after the awards' own transaction (or savepoint, inside a caller's
 * transaction: the notifications then commit with the caller's work and their events leave on that commit). In a
 * savepoint of their own, so a failure here leaves the awards and the caller's transaction usable.
 */
async function notifyAwards(
  db: TDbOrTx,
  awards: TAward[],
  input: Pick<TBulkAwardInput, "activity" | "actorId">,
  logger: Pick<TLogger, "error"> | undefined,
): Promise<void> {
  if (UNANNOUNCED.has(input.activity)) return;
  const airdrop = input.activity === "admin_airdrop";
  try {
    await db.transaction((tx) =>
      notify(
        tx,
        awards.map((award) => ({
          kind: airdrop ? ("airdrop" as const) : ("points" as const),
          userId: award.userId,
          actorId: airdrop ? (input.actorId ?? null) : null,
          amount: award.points,
          sourceKey: award.id,
        })),
      ),
    );
  } catch (err) {
    logger?.error({ err, awardIds: awards.map((a) => a.id) }, "points notification failed");
  }
}

async function payAwards(db: TDbOrTx, input: TBulkAwardInput): Promise<TAward[]> {
  const byUser = new Map(input.recipients.map((r) => [r.userId, r]));
  if (byUser.size === 0) return [];

  // Everything in the (possibly nested) transaction, so a failure inside a caller's transaction rolls back only
  // this savepoint and leaves the caller's work usable.
  return db.transaction(async (tx) => {
    const [activity] = await tx
      .select()
      .from(pointsActivities)
      .where(and(eq(pointsActivities.name, input.activity), eq(pointsActivities.active, true)));
    if (!activity) return [];
    const points = input.amount ?? activity.points * (input.quantity ?? 1);
    if (!Number.isSafeInteger(points) || points <= 0) return [];
    const locked = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(inArray(profiles.id, [...byUser.keys()]))
      .orderBy(profiles.id)
      .for("update");
    let due = locked.map((p) => byUser.get(p.id)).filter((r) => r !== undefined);
    if (activity.dailyCap !== null) {
      const cap = activity.dailyCap;
      const today = await tx
        .select({ userId: pointsTransactions.userId, n: sql<number>`count(*)::int` })
        .from(pointsTransactions)
        .where(
          and(
            inArray(
              pointsTransactions.userId,
              due.map((r) => r.userId),
            ),
            eq(pointsTransactions.activityId, activity.id),
            gte(
              pointsTransactions.createdAt,
              sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
            ),
          ),
        )
        .groupBy(pointsTransactions.userId);
      const capped = new Set(today.filter((t) => t.n >= cap).map((t) => t.userId));
      due = due.filter((r) => !capped.has(r.userId));
    }
    if (due.length === 0) return [];
    const rows = await tx
      .insert(pointsTransactions)
      .values(
        due.map((r) => ({
          userId: r.userId,
          points,
          description: input.description ?? activity.label,
          referenceId: r.referenceId,
          referenceType: input.referenceType,
          activityId: activity.id,
          idempotencyKey: `${input.referenceType}:${r.referenceId}`,
        })),
      )
      .onConflictDoNothing({
        target: [pointsTransactions.userId, pointsTransactions.activityId, pointsTransactions.idempotencyKey],
      })
      .returning();
    if (rows.length === 0) return [];
    // One row per user at most (recipients are distinct users), so each paid user gains `points` once.
    await tx
      .update(profiles)
      .set({ points: sql`${profiles.points} + ${points}` })
      .where(
        inArray(
          profiles.id,
          rows.map((r) => r.userId),
        ),
      );
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      points: row.points,
      description: row.description,
      activity: input.activity,
      createdAt: row.createdAt,
    }));
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
