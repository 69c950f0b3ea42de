import { ADMIN_M, M } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { profiles, users } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction } from "./record-admin-action.ts";

/**
 * A ban or its lifting, with the admin's reason (POST /api/admin/members/:id/ban and /unban). A ban sets
 * profiles.is_banned (and better-auth's users.banned, so its sign-in refuses too). Every session of the account ends with it: the session middleware reads the ban on each
 * request, revokes them all at the next and tells that tab why (a session expired here would be deleted by
 * better-auth before anyone learned whose it was).
 */
export async function setUserBanned(
  deps: TDeps,
  viewer: TViewer | null,
  userId: string,
  banned: boolean,
  reason: string,
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
      .set({ banned, banReason: banned ? reason : null })
      .where(eq(users.id, userId));
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: banned ? "member.ban" : "member.unban",
      targetType: "member",
      targetId: profile.id,
      summary: `${banned ? "Banned" : "Unbanned"} @${profile.username}: ${reason}`,
      detail: { isBanned: { after: banned }, reason },
    });
    return profile;
  });
  if (!result) throw new AppError("NOT_FOUND", ADMIN_M.memberNotFound);
  deps.logger.info({ adminId: admin.id, userId, banned }, banned ? "user banned" : "user unbanned");
  return { id: result.id, username: result.username, isBanned: banned };
}
