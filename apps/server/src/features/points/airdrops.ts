import { randomUUID } from "node:crypto";
import { M, POINTS_LIMITS, type TAirdrop, type TAirdropRequest } from "@plugs/domain";
import { asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { pointsAirdrops, profiles } from "../../db/schema/index.ts";
import { textRowCount } from "../../db/sql-int.ts";
import { AppError, isUniqueViolation } from "../../errors.ts";
import { cappedCount, decodeKeysetCursor, keysetPage, timeKey, timeKeyset } from "../../lib/keyset-page.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `Idempotency-Key` header, when sent: a UUID, which becomes the batch id. */
function batchKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim().toLowerCase();
  if (!UUID.test(key)) throw new AppError("VALIDATION", M.points.idempotencyKeyInvalid);
  return key;
}

export type TAirdropResult = { items: TAirdrop[]; replayed: boolean };

/**
 * The batch an earlier request with this key made, answered again; null when there is none. A key this admin used
 * for another airdrop (other points, reason or recipients), or another admin's key, is a 409.
 */
async function earlierBatch(
  db: TDeps["db"],
  adminId: string,
  key: string,
  input: TAirdropRequest,
  names: string[],
): Promise<TAirdropResult | null> {
  const rows = await db
    .select()
    .from(pointsAirdrops)
    .where(eq(pointsAirdrops.batchId, key))
    .orderBy(asc(pointsAirdrops.recipientId));
  if (rows.length === 0) return null;
  const asked = new Set(names.map((n) => n.toLowerCase()));
  const same =
    rows.length === asked.size &&
    rows.every(
      (r) =>
        r.adminId === adminId &&
        r.points === input.points &&
        r.reason === input.reason &&
        asked.has(r.recipientUsername.toLowerCase()),
    );
  if (!same) throw new AppError("CONFLICT", M.points.idempotencyKeyReused);
  return { items: rows.map(mapAirdrop), replayed: true };
}

/**
 * POST /api/admin/airdrops (admins only): grants `points` to one user or to every user of a list, all or nothing
 * in one transaction. Each recipient gets an admin_airdrop ledger row ('Airdrop: {reason}'), an 'airdrop'
 * notification and an audit row saying who granted what to whom and why, each kind written in one statement for
 * the whole list. Unknown usernames are a 400 naming them; nothing is granted then.
 *
 * With an `Idempotency-Key` (a UUID the admin's form keeps until the airdrop succeeds), a repeat of the same request
 * pays nothing more and answers with the first one's rows (`replayed`), so a retry after a lost answer is safe. Two
 * attempts at once cannot both pay: the key is the batch id, and (batch, recipient) is unique, so the second one's
 * transaction fails at its audit insert, undoing its awards, and it answers with the first one's rows.
 */
export async function createAirdrop(
  deps: TDeps,
  viewer: TViewer | null,
  input: TAirdropRequest,
  idempotencyKey?: string,
): Promise<TAirdropResult> {
  const admin = requireAdmin(viewer);
  const key = batchKey(idempotencyKey);
  const names = recipientNames(input);
  if (key) {
    const earlier = await earlierBatch(deps.db, admin.id, key, input, names);
    if (earlier) return earlier;
  }
  try {
    return { items: await grantBatch(deps, admin, input, names, key ?? randomUUID()), replayed: false };
  } catch (err) {
    if (!key || !isUniqueViolation(err)) throw err;
    const earlier = await earlierBatch(deps.db, admin.id, key, input, names);
    if (earlier) return earlier;
    throw err;
  }
}

/** One transaction: find the recipients, pay them all, write the audit rows of batch `batchId`. */
async function grantBatch(
  deps: TDeps,
  admin: TViewer,
  input: TAirdropRequest,
  names: string[],
  batchId: string,
): Promise<TAirdrop[]> {
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
    const rows = await tx
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
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: grants.length === 1 && input.username !== undefined ? "points.airdrop" : "points.bulk_airdrop",
      targetType: grants.length === 1 ? "member" : "airdrop_batch",
      targetId: grants.length === 1 ? grants[0]?.id : batchId,
      summary: `Airdropped ${input.points} points to ${grants
        .map((g) => `@${g.username}`)
        .join(", ")
        .slice(0, 300)}: ${input.reason}`,
      detail: {
        points: input.points,
        reason: input.reason,
        batchId,
        recipients: grants.map((g) => g.username),
      },
    });
    return rows;
  });
  deps.logger.info(
    { adminId: admin.id, recipients: items.length, points: input.points },
    "points airdropped",
  );
  return items.map(mapAirdrop);
}

/**
 * GET /api/admin/airdrops?cursor= (admins only): the audit list, newest first, "Page X of Y" by keyset on
 * points_airdrops_newest_idx (a bulk airdrop writes a row per recipient, so the list grows fast), counted up to
 * POINTS_LIMITS.airdropsCountCap.
 */
export async function listAirdrops(
  deps: TDeps,
  viewer: TViewer | null,
  query: { cursor?: string | undefined },
) {
  requireAdmin(viewer);
  const size = POINTS_LIMITS.airdropsPageSize;
  const cursor = query.cursor
    ? decodeKeysetCursor(query.cursor, "time", M.points.airdropsCursorInvalid)
    : null;
  const { from, orderBy } = timeKeyset(cursor, pointsAirdrops.createdAt, pointsAirdrops.id, "desc");
  const [{ total, totalCapped }, rows] = await Promise.all([
    cappedCount(
      deps.db,
      deps.db.select({ one: sql`1` }).from(pointsAirdrops),
      POINTS_LIMITS.airdropsCountCap,
    ),
    deps.db
      .select({ ...getTableColumns(pointsAirdrops), sortKey: timeKey(sql`${pointsAirdrops.createdAt}`) })
      .from(pointsAirdrops)
      .where(from)
      .orderBy(...orderBy)
      .limit(textRowCount(size + 1)),
  ]);
  const page = keysetPage(rows, size, cursor, total, (r) => ({ k: r.sortKey, i: r.id }));
  // Nothing left on the cursor's side of the list: page 1 as it is now.
  if (!page) return listAirdrops(deps, viewer, {});
  return { ...page, items: page.items.map(mapAirdrop), total, totalCapped };
}
