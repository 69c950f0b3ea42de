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
  bio: profiles.bio,
  website: profiles.website,
  xHandle: profiles.xHandle,
  telegram: profiles.telegram,
};

export function toProfileDetails(row: TProfileDetails): TProfileDetails {
  return {
    displayName: row.displayName,
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

/**
 * POST /api/me/avatar: an image (checked by its bytes, re-encoded without metadata) stored under avatars/<id>/;
 * the previous avatar file in that folder is removed.
 */
export async function setMyAvatar(deps: TDeps, viewer: TViewer | null, file: File | null) {
  const me = requireViewer(viewer, NOT_SIGNED_IN);
  const folder = `avatars/${me.id}`;
  const saved = await saveUploadedFile(deps, { folder, file, allowedKinds: ["image"] });
  const [previous] = await deps.db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, me.id));
  await deps.db
    .update(profiles)
    .set({ avatarUrl: saved.url, updatedAt: new Date() })
    .where(eq(profiles.id, me.id));
  const oldKey = previous?.avatarUrl?.startsWith(MEDIA_PREFIX)
    ? previous.avatarUrl.slice(MEDIA_PREFIX.length)
    : null;
  if (oldKey?.startsWith(`${folder}/`) && oldKey !== saved.path) {
    await deps.storage
      .delete(oldKey)
      .catch((err) => deps.logger.warn({ err, oldKey }, "could not remove an old avatar"));
  }
  return getMe(deps, me);
}
