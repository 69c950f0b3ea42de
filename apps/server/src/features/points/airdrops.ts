import { randomUUID } from "node:crypto";
import { M, POINTS_LIMITS, type TAirdrop, type TAirdropRequest } from "@plugs/domain";
import { desc, inArray, sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { pointsAirdrops, profiles } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { awardPoints } from "./award-points.ts";

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
 * in one transaction. Each recipient gets an admin_airdrop ledger row ('Airdrop: {reason}') and an audit row saying
 * who granted what to whom and why. Unknown usernames are a 400 naming them; nothing is granted then.
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
    // Id order is the lock order, so two bulk airdrops over the same people cannot deadlock.
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
    const rows: TAirdropRow[] = [];
    for (const recipient of recipients) {
      const id = randomUUID();
      const award = await awardPoints(
        tx,
        {
          userId: recipient.id,
          actorId: admin.id,
          activity: "admin_airdrop",
          amount: input.points,
          referenceType: "airdrop",
          referenceId: id,
          description: `Airdrop: ${input.reason}`,
        },
        deps.logger,
      );
      // A fresh reference cannot be a repeat and airdrops have no cap: null means the activity is switched off.
      if (!award) throw new AppError("CONFLICT", M.points.airdropsOff);
      const [row] = await tx
        .insert(pointsAirdrops)
        .values({
          id,
          batchId,
          adminId: admin.id,
          adminUsername: admin.username,
          recipientId: recipient.id,
          recipientUsername: recipient.username,
          points: input.points,
          reason: input.reason,
          transactionId: award.id,
        })
        .returning();
      if (row) rows.push(row);
    }
    return rows;
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
