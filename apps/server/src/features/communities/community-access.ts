import { M } from "@plugs/domain";
import { and, eq, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { communityMembers } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { isUuid } from "../posts/visibility.ts";

export type TLockedCommunity = {
  id: string;
  name: string;
  rules: string | null;
  rulesVersion: number;
  suspended: boolean;
};

/**
 * Locks the community's row until the transaction ends, so membership changes of one community run one at a
 * time: member_count and the last-creator rule hold under concurrent requests. Always taken first, before any
 * member row, so two transactions never wait on each other in opposite orders. 404 when there is no such community
 * or an admin removed it.
 */
export async function lockCommunity(
  tx: Pick<TDb, "execute">,
  communityId: string,
): Promise<TLockedCommunity> {
  if (!isUuid(communityId)) throw new AppError("NOT_FOUND", M.communities.notFound);
  const [row] = await queryRows<{
    id: string;
    name: string;
    community_rules: string | null;
    rules_version: number;
    suspended: boolean;
  }>(
    tx,
    sql`select id, name, community_rules, rules_version, suspended_at is not null as suspended
        from communities where id = ${communityId} and removed_at is null for update`,
  );
  if (!row) throw new AppError("NOT_FOUND", M.communities.notFound);
  return {
    id: row.id,
    name: row.name,
    rules: row.community_rules,
    rulesVersion: row.rules_version,
    suspended: row.suspended,
  };
}

/** Does this community exist (and no admin removed it)? 404 otherwise (for read-only routes that take an id). */
export async function requireCommunity(db: Pick<TDb, "execute">, communityId: string): Promise<void> {
  if (!isUuid(communityId)) throw new AppError("NOT_FOUND", M.communities.notFound);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from communities where id = ${communityId} and removed_at is null`,
  );
  if (!row) throw new AppError("NOT_FOUND", M.communities.notFound);
}

/** Is this user an active creator of this community? */
export async function isActiveCreator(
  db: Pick<TDb, "select">,
  communityId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ role: communityMembers.role, status: communityMembers.status })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  return row?.role === "creator" && row.status === "active";
}

/** Creators only: 403 with `message` for anyone else (members, banned members, non-members). */
export async function requireCreator(
  db: Pick<TDb, "select">,
  communityId: string,
  userId: string,
  message: string = M.communities.creatorsOnlyManage,
): Promise<void> {
  if (!(await isActiveCreator(db, communityId, userId))) throw new AppError("FORBIDDEN", message);
}

/** Creators, or an admin (who may manage any community: the caller records it in the audit log). */
export async function requireCreatorOrAdmin(
  db: Pick<TDb, "select">,
  communityId: string,
  viewer: { id: string; isAdmin: boolean },
  message: string,
): Promise<{ asAdmin: boolean }> {
  if (await isActiveCreator(db, communityId, viewer.id)) return { asAdmin: false };
  if (viewer.isAdmin) return { asAdmin: true };
  throw new AppError("FORBIDDEN", message);
}

/** 404 for no such community, then 403 with `message` unless the user is one of its active creators. */
export async function requireCreatorOf(
  db: Pick<TDb, "select" | "execute">,
  communityId: string,
  userId: string,
  message: string = M.communities.creatorsOnlyManage,
): Promise<void> {
  await requireCommunity(db, communityId);
  await requireCreator(db, communityId, userId, message);
}
