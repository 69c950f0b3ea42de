import { M, type TPublicProfile } from "@plugs/domain";
import { sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { builtOnce } from "../../db/built-once.ts";
import type { TDb } from "../../db/client.ts";
import { profiles } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { checkUsername, publicProfileNamed } from "./find-profile.ts";

/** The public profile by name; with a viewer, whether they follow it (`signedIn`: the viewer's id is a value). */
function profileStatement(db: TDb, signedIn: boolean, name: string) {
  // "profiles.id" spelled out: Drizzle writes a bare "id" for columns in a select list, which inside the subquery
  // would mean follows.id.
  const followedByMe = signedIn
    ? sql<boolean>`exists (select 1 from follows f where f.follower_id = ${sql.placeholder("viewerId")} and f.followed_id = profiles.id)`
    : sql<boolean>`false`;
  return db
    .select({
      id: profiles.id,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      isVerified: profiles.isVerified,
      points: profiles.points,
      followersCount: profiles.followersCount,
      followingCount: profiles.followingCount,
      createdAt: profiles.createdAt,
      followedByMe,
    })
    .from(profiles)
    .where(publicProfileNamed(sql.placeholder("username")))
    .prepare(name);
}
const statements = builtOnce<ReturnType<typeof profileStatement>>();

/**
 * GET /api/users/:username: the public profile with its counters and whether the viewer follows them, through a
 * statement built once (builtOnce): every profile page asks for it.
 */
export async function getPublicProfile(
  deps: TDeps,
  viewer: TViewer | null,
  username: string,
): Promise<TPublicProfile> {
  checkUsername(username);
  const viewerId = viewer?.id ?? null;
  const signedIn = viewerId !== null;
  const statement = statements(deps.db, signedIn ? "public_profile_viewer" : "public_profile", (name) =>
    profileStatement(deps.db, signedIn, name),
  );
  const [row] = await statement.execute({ username, viewerId });
  if (!row) throw new AppError("NOT_FOUND", M.follows.userNotFound);
  return {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatarUrl,
    isVerified: row.isVerified,
    points: row.points,
    joinedAt: row.createdAt.toISOString(),
    followersCount: row.followersCount,
    followingCount: row.followingCount,
    followedByMe: row.followedByMe,
    isMe: row.id === viewerId,
  };
}
