import { M } from "@plugs/domain";
import { and, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { profiles } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { notBanned } from "../posts/visibility.ts";

const USERNAME = /^[A-Za-z0-9_]{1,30}$/;

export type TProfileRow = {
  id: string;
  username: string;
  avatarUrl: string | null;
  isVerified: boolean;
  points: number;
  followersCount: number;
  followingCount: number;
  createdAt: Date;
};

/**
 * The WHERE for "the profile named this, not under a site ban" (posts/visibility.ts says what a ban is); a name no
 * profile can have is 404 at once.
 */
export function publicProfileNamed(username: string): SQL | undefined {
  if (!USERNAME.test(username)) throw new AppError("NOT_FOUND", M.follows.userNotFound);
  return and(sql`lower(${profiles.username}) = lower(${username})`, notBanned(sql`${profiles.id}`));
}

/**
 * The profile behind a /users/:username path (any case, via profiles_username_lower_key), or 404 'User not found'.
 * A banned user's profile is not found either: banning removes them from the public side of the site (their
 * profile, lists, follows), the same way mention suggestions leave them out.
 */
export async function findProfileByUsername(db: Pick<TDb, "select">, username: string): Promise<TProfileRow> {
  const [row] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      isVerified: profiles.isVerified,
      points: profiles.points,
      followersCount: profiles.followersCount,
      followingCount: profiles.followingCount,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(publicProfileNamed(username));
  if (!row) throw new AppError("NOT_FOUND", M.follows.userNotFound);
  return row;
}
