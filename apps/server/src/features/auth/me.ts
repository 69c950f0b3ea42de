import { M, type TMeResponse, type TProfileDetails, type TUpdateProfileInput } from "@plugs/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { profiles, sessions, userRoles, users } from "../../db/schema/index.ts";
import { AppError, isUniqueViolation } from "../../errors.ts";
import { MEDIA_PREFIX } from "../../storage/storage.ts";
import { saveUploadedFile } from "../media/save-upload.ts";

const NOT_SIGNED_IN = M.auth.signInRequired;

/** GET /api/me: the signed-in account, its profile and roles, in one query. */
export async function getMe(deps: TDeps, viewer: TViewer | null): Promise<TMeResponse> {
  const me = requireViewer(viewer, NOT_SIGNED_IN);
  const [row] = await deps.db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      ...profileDetailColumns,
      isVerified: profiles.isVerified,
      isBanned: profiles.isBanned,
      points: profiles.points,
      roles: sql<
        string[]
      >`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, me.id));
  if (!row) throw new AppError("UNAUTHORIZED", NOT_SIGNED_IN);
  return mapMe(row);
}

/** The public details' columns, selected by /me and the public profile alike. */
export const profileDetailColumns = {
  displayName: profiles.displayName,
  bannerUrl: profiles.bannerUrl,
  bio: profiles.bio,
  website: profiles.website,
  xHandle: profiles.xHandle,
  telegram: profiles.telegram,
};

export function toProfileDetails(row: TProfileDetails): TProfileDetails {
  return {
    displayName: row.displayName,
    bannerUrl: row.bannerUrl,
    bio: row.bio,
    website: row.website,
    xHandle: row.xHandle,
    telegram: row.telegram,
  };
}

function mapMe(
  row: TProfileDetails & {
    id: string;
    email: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean | null;
    username: string;
    avatarUrl: string | null;
    isVerified: boolean;
    isBanned: boolean;
    points: number;
    roles: string[];
  },
): TMeResponse {
  return {
    user: {
      id: row.id,
      email: row.email,
      emailVerified: row.emailVerified,
      twoFactorEnabled: !!row.twoFactorEnabled,
    },
    profile: {
      id: row.id,
      username: row.username,
      avatarUrl: row.avatarUrl,
      isVerified: row.isVerified,
      isBanned: row.isBanned,
      points: row.points,
      ...toProfileDetails(row),
    },
    roles: row.roles,
    isAdmin: row.roles.includes("admin"),
  };
}

/**
 * PATCH /api/me/profile: a new username (the same rules as at sign-up, unique in any case) and the public details
 * (display name, bio, links; a field left out is unchanged, an empty one cleared). better-auth's copy of the
 * username (users.username, lowercased, and display_username) changes in the same transaction.
 */
export async function updateMyProfile(deps: TDeps, viewer: TViewer | null, input: TUpdateProfileInput) {
  const me = requireViewer(viewer, NOT_SIGNED_IN);
  const { username, ...details } = input;
  if (username !== undefined) {
    const taken = await deps.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(sql`lower(${profiles.username}) = lower(${username})`, ne(profiles.id, me.id)))
      .limit(1);
    if (taken.length > 0) {
      throw new AppError("CONFLICT", M.auth.usernameTaken, { fields: { username: M.auth.usernameTaken } });
    }
  }
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(profiles)
        .set({ ...details, ...(username === undefined ? {} : { username }), updatedAt: new Date() })
        .where(eq(profiles.id, me.id));
      if (username !== undefined) {
        await tx
          .update(users)
          .set({ username: username.toLowerCase(), displayUsername: username })
          .where(eq(users.id, me.id));
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError("CONFLICT", M.auth.usernameTaken, { fields: { username: M.auth.usernameTaken } });
    }
    throw err;
  }
  return getMe(deps, me);
}

/** POST /api/me/sessions/revoke-others: "sign out of other sessions"; the current one stays. */
export async function revokeMyOtherSessions(
  deps: TDeps,
  viewer: TViewer | null,
): Promise<{ revoked: number }> {
  const me = requireViewer(viewer, NOT_SIGNED_IN);
  const rows = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId)))
    .returning({ id: sessions.id });
  return { revoked: rows.length };
}

/** The two pictures a member sets: the avatar (square) and the profile's banner (3:1). */
export type TProfilePicture = "avatar" | "banner";

const PICTURE_COLUMN = { avatar: profiles.avatarUrl, banner: profiles.bannerUrl } as const;
const PICTURE_FIELD = { avatar: "avatarUrl", banner: "bannerUrl" } as const;

/** The folder a member's picture lives in; the current picture is the only file in it. */
export function pictureFolder(picture: TProfilePicture, userId: string) {
  return `${picture}s/${userId}`;
}

/** Removes a stored picture by its public URL, if it is one of ours in that member's folder. */
export async function removePictureFile(
  deps: TDeps,
  picture: TProfilePicture,
  userId: string,
  url: string | null | undefined,
) {
  const key = url?.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : null;
  if (!key?.startsWith(`${pictureFolder(picture, userId)}/`)) return;
  await deps.storage
    .delete(key)
    .catch((err) => deps.logger.warn({ err, key }, `could not remove an old ${picture}`));
}

/**
 * POST /api/me/avatar and /api/me/banner: an image (checked by its bytes, re-encoded without metadata) stored under
 * avatars/<id>/ or banners/<id>/; the previous file in that folder is removed. The browser crops before sending;
 * the server keeps what it is given.
 */
export async function setMyPicture(
  deps: TDeps,
  viewer: TViewer | null,
  picture: TProfilePicture,
  file: File | null,
) {
  const me = requireViewer(viewer, NOT_SIGNED_IN);
  const saved = await saveUploadedFile(deps, {
    folder: pictureFolder(picture, me.id),
    file,
    allowedKinds: ["image"],
  });
  const previous = await replacePicture(deps, me.id, picture, saved.url);
  if (previous !== saved.url) await removePictureFile(deps, picture, me.id, previous);
  return getMe(deps, me);
}

/** DELETE /api/me/banner (and avatar): back to none. */
export async function removeMyPicture(deps: TDeps, viewer: TViewer | null, picture: TProfilePicture) {
  const me = requireViewer(viewer, NOT_SIGNED_IN);
  const previous = await replacePicture(deps, me.id, picture, null);
  await removePictureFile(deps, picture, me.id, previous);
  return getMe(deps, me);
}

/** Sets the picture's URL and answers the one it replaced (read under the row's lock, so two uploads each see theirs). */
async function replacePicture(deps: TDeps, userId: string, picture: TProfilePicture, url: string | null) {
  return deps.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ url: PICTURE_COLUMN[picture] })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("no key update");
    await tx
      .update(profiles)
      .set({ [PICTURE_FIELD[picture]]: url, updatedAt: new Date() })
      .where(eq(profiles.id, userId));
    return previous?.url ?? null;
  });
}
