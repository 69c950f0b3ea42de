import { M } from "@plugs/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { TValue } from "../../db/built-once.ts";
import type { TDb } from "../../db/client.ts";
import { profiles } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";

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

/** A name no profile can have is 404 at once, before any statement runs. */
export function checkUsername(username: string): void {
  if (!USERNAME.test(username)) throw new AppError("NOT_FOUND", M.follows.userNotFound);
}

/**
 * The WHERE for "the non-banned profile named this" (checkUsername first), or, for a statement built once, for the
 * name its placeholder will hold (checked by its caller).
 */
export function publicProfileNamed(username: TValue<string>): SQL | undefined {
  if (typeof username === "string") checkUsername(username);
  return and(sql`lower(${profiles.username}) = lower(${username})`, eq(profiles.isBanned, false));
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
