import { M } from "@plugs/domain";
import { eq, ilike, or, sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { profiles, userRoles, users } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction } from "./record-admin-action.ts";

export type TAdminUser = { id: string; username: string; email: string; isBanned: boolean; roles: string[] };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * GET /api/admin/users: accounts whose username or e-mail starts with `search` (any case), newest first, paged.
 * Admins only.
 */
export async function listUsers(
  deps: TDeps,
  viewer: TViewer | null,
  query: { search?: string; page: number; pageSize: number },
) {
  requireAdmin(viewer);
  const search = query.search?.trim();
  const where = search
    ? or(
        sql`lower(${profiles.username}) like ${`${escapeLike(search.toLowerCase())}%`}`,
        ilike(users.email, `${escapeLike(search)}%`),
      )
    : undefined;
  const [count] = await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(where);
  const rows = await deps.db
    .select({
      id: users.id,
      username: profiles.username,
      email: users.email,
      isBanned: profiles.isBanned,
      roles: sql<
        string[]
      >`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(where)
    .orderBy(sql`${users.createdAt} desc`, users.id)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total = count?.total ?? 0;
  return {
    items: rows.map(mapAdminUser),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

function mapAdminUser(row: TAdminUser): TAdminUser {
  return { id: row.id, username: row.username, email: row.email, isBanned: row.isBanned, roles: row.roles };
}

/**
 * POST /api/admin/users/:id/ban and /unban. A ban sets profiles.is_banned (and better-auth's users.banned, so its
 * sign-in refuses too). Every session of the account ends with it: the session middleware reads the ban on each
 * request, revokes them all at the next and tells that tab why (a session expired here would be deleted by
 * better-auth before anyone learned whose it was).
 */
export async function setUserBanned(
  deps: TDeps,
  viewer: TViewer | null,
  userId: string,
  banned: boolean,
  reason: string | null = null,
) {
  const admin = requireAdmin(viewer);
  if (banned && userId === admin.id) throw new AppError("VALIDATION", M.auth.cannotBanSelf);
  const result = await deps.db.transaction(async (tx) => {
    const [profile] = await tx
      .update(profiles)
      .set({ isBanned: banned, updatedAt: new Date() })
      .where(eq(profiles.id, userId))
      .returning({ id: profiles.id, username: profiles.username });
    if (!profile) return null;
    await tx
      .update(users)
      .set({ banned, banReason: banned ? (reason ?? "Banned by an admin") : null })
      .where(eq(users.id, userId));
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: banned ? "member.ban" : "member.unban",
      targetType: "member",
      targetId: profile.id,
      summary: `${banned ? "Banned" : "Unbanned"} @${profile.username}${reason ? `: ${reason}` : ""}`,
      detail: { isBanned: { after: banned }, ...(reason ? { reason } : {}) },
    });
    return profile;
  });
  if (!result) throw new AppError("NOT_FOUND", M.auth.userNotFound);
  deps.logger.info({ adminId: admin.id, userId, banned }, banned ? "user banned" : "user unbanned");
  return { id: result.id, username: result.username, isBanned: banned };
}
