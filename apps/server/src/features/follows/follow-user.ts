import { M, type TFollowState } from "@plugs/domain";
import { and, eq, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { follows, profiles } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { notify } from "../notifications/notify.ts";
import { findProfileByUsername } from "../profiles/find-profile.ts";

async function target(deps: TDeps, viewer: TViewer | null, username: string) {
  const me = requireViewer(viewer, M.follows.signIn);
  const profile = await findProfileByUsername(deps.db, username);
  if (profile.id === me.id) throw new AppError("VALIDATION", M.follows.notSelf);
  return { me, profile };
}

async function followersCount(tx: Pick<TDeps["db"], "select">, userId: string) {
  const [row] = await tx.select({ n: profiles.followersCount }).from(profiles).where(eq(profiles.id, userId));
  return row?.n ?? 0;
}

/**
 * PUT /api/users/:username/follow. Following twice changes nothing. The follow row, both counters and the
 * "followed you" notification (once per follower, ever: unfollowing and following again does not notify again)
 * are written in one transaction.
 */
export async function followUser(
  deps: TDeps,
  viewer: TViewer | null,
  username: string,
): Promise<TFollowState> {
  const { me, profile } = await target(deps, viewer, username);
  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(follows)
      .values({ followerId: me.id, followedId: profile.id })
      .onConflictDoNothing()
      .returning({ id: follows.id });
    if (inserted.length > 0) {
      await tx
        .update(profiles)
        .set({ followersCount: sql`${profiles.followersCount} + 1` })
        .where(eq(profiles.id, profile.id));
      await tx
        .update(profiles)
        .set({ followingCount: sql`${profiles.followingCount} + 1` })
        .where(eq(profiles.id, me.id));
      await notify(tx, { kind: "follow", userId: profile.id, actorId: me.id });
    }
    return { following: true, followersCount: await followersCount(tx, profile.id) };
  });
}

/** DELETE /api/users/:username/follow. Unfollowing someone you do not follow changes nothing. */
export async function unfollowUser(
  deps: TDeps,
  viewer: TViewer | null,
  username: string,
): Promise<TFollowState> {
  const { me, profile } = await target(deps, viewer, username);
  return deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, me.id), eq(follows.followedId, profile.id)))
      .returning({ id: follows.id });
    if (deleted.length > 0) {
      await tx
        .update(profiles)
        .set({ followersCount: sql`${profiles.followersCount} - 1` })
        .where(eq(profiles.id, profile.id));
      await tx
        .update(profiles)
        .set({ followingCount: sql`${profiles.followingCount} - 1` })
        .where(eq(profiles.id, me.id));
    }
    return { following: false, followersCount: await followersCount(tx, profile.id) };
  });
}
