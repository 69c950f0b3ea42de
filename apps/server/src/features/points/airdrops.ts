import { randomUUID } from "node:crypto";
import { M, POINTS_LIMITS, type TAirdrop, type TAirdropRequest } from "@plugs/domain";
import { desc, inArray, sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { pointsAirdrops, profiles } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { awardPointsToMany } from "./award-points.ts";

type TAirdropRow = typeof pointsAirdrops.$inferSelect;

function mapAirdrop(row: TAirdropRow): TAirdrop {
  return {
    id: row.id,
    batchId: row.batchId,
    admin: row.adminUsername,
    recipient: row.recipientUsername,
    points: row.points,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The usernames asked for, each once (any case), in the order given. */
function recipientNames(input: TAirdropRequest): string[] {
  const names = input.username !== undefined ? [input.username] : (input.usernames ?? []);
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = n.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * POST /api/admin/airdrops (admins only): grants `points` to one user or to every user of a list, all or nothing
 * in one transaction. Each recipient gets an admin_airdrop ledger row ('Airdrop: {reason}'), an 'airdrop'
 * notification and an audit row saying who granted what to whom and why, each kind written in one statement for
 * the whole list. Unknown usernames are a 400 naming them; nothing is granted then.
 */
export async function createAirdrop(
  deps: TDeps,
  viewer: TViewer | null,
  input: TAirdropRequest,
): Promise<{ items: TAirdrop[] }> {
  const admin = requireAdmin(viewer);
  const names = recipientNames(input);
  const field = input.username !== undefined ? "username" : "usernames";
  const items = await deps.db.transaction(async (tx) => {
    // In id order, the order awardPointsToMany locks them in (and the order of the answer).
    const recipients = await tx
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(
        inArray(
          sql`lower(${profiles.username})`,
          names.map((n) => n.toLowerCase()),
        ),
      )
      .orderBy(profiles.id);
    const found = new Set(recipients.map((r) => r.username.toLowerCase()));
    const unknown = names.filter((n) => !found.has(n.toLowerCase()));
    if (unknown.length > 0) {
      const message = input.username !== undefined ? M.auth.userNotFound : M.points.unknownUsernames(unknown);
      throw new AppError("VALIDATION", message, { fields: { [field]: message } });
    }
    const batchId = randomUUID();
    const grants = recipients.map((r) => ({ ...r, airdropId: randomUUID() }));
    const awards = await awardPointsToMany(
      tx,
      {
        activity: "admin_airdrop",
        actorId: admin.id,
        amount: input.points,
        referenceType: "airdrop",
        description: `Airdrop: ${input.reason}`,
        recipients: grants.map((g) => ({ userId: g.id, referenceId: g.airdropId })),
      },
      deps.logger,
    );
    // Fresh references cannot repeat and airdrops have no cap: someone unpaid means the activity is switched off.
    const awardOf = new Map(awards.map((a) => [a.userId, a]));
    if (awardOf.size !== grants.length) throw new AppError("CONFLICT", M.points.airdropsOff);
    return tx
      .insert(pointsAirdrops)
      .values(
        grants.map((g) => ({
          id: g.airdropId,
          batchId,
          adminId: admin.id,
          adminUsername: admin.username,
          recipientId: g.id,
          recipientUsername: g.username,
          points: input.points,
          reason: input.reason,
          transactionId: awardOf.get(g.id)?.id,
        })),
      )
      .returning();
  });
  deps.logger.info(
    { adminId: admin.id, recipients: items.length, points: input.points },
    "points airdropped",
  );
  return { items: items.map(mapAirdrop) };
}

/** GET /api/admin/airdrops (admins only): the audit list, newest first, in numbered pages. */
export async function listAirdrops(deps: TDeps, viewer: TViewer | null, query: { page: number }) {
  requireAdmin(viewer);
  const size = POINTS_LIMITS.airdropsPageSize;
  const [[count], rows] = await Promise.all([
    deps.db.select({ total: sql<number>`count(*)::int` }).from(pointsAirdrops),
    deps.db
      .select()
      .from(pointsAirdrops)
      .orderBy(desc(pointsAirdrops.createdAt), desc(pointsAirdrops.id))
      .limit(size)
      .offset((query.page - 1) * size),
  ]);
  const total = count?.total ?? 0;
  return {
    items: rows.map(mapAirdrop),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / size)),
  };
}
