import { M, type TBrandingResponse, type TBrandingType } from "@plugs/domain";
import { and, eq, max, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { communities, communityBranding } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { inspectUpload } from "../media/inspect-upload.ts";
import { reencodeImage } from "../media/reencode-image.ts";
import { lockCommunity, requireCommunity, requireCreatorOrAdmin } from "./community-access.ts";
import { loadCommunityDetail } from "./community-dto.ts";

/** An avatar or banner checked by its bytes and re-encoded, ready to store. */
export type TPreparedImage = { bytes: Uint8Array; mime: string; ext: string };

/**
 * Checks a branding image by its bytes (an image of an allowed type, at most 5 MB) and re-encodes it, which strips
 * its metadata. Runs before anything is written, so a bad file is refused and nothing is created. The messages name
 * the form field they belong to.
 */
export async function prepareBrandingImage(
  file: File | null | undefined,
  type: TBrandingType,
): Promise<TPreparedImage> {
  const missing = type === "avatar" ? M.communities.avatarRequired : M.communities.bannerRequired;
  if (!file || file.size === 0) throw new AppError("VALIDATION", missing, { fields: { [type]: missing } });
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    const inspected = await inspectUpload({ bytes, fileName: file.name, allowedKinds: ["image"] });
    const reencoded = await reencodeImage(bytes, inspected.mime);
    return { bytes: reencoded.bytes, mime: inspected.mime, ext: inspected.ext };
  } catch (err) {
    // The generic message lists documents and videos; an avatar or banner can only be an image.
    if (err instanceof AppError && err.code === "UNSUPPORTED_TYPE") {
      throw new AppError("UNSUPPORTED_TYPE", M.files.selectImage, {
        fields: { [type]: M.files.selectImage },
      });
    }
    if (err instanceof AppError)
      throw new AppError(err.code, err.message, { fields: { [type]: err.message } });
    throw err;
  }
}

/**
 * Stores a prepared image under `community-branding/<id>/<type>_<timestamp>.<ext>` and records it as the new
 * active version: the previous version + 1 (from 1), the earlier one made inactive, the community's URL updated,
 * all in one transaction under the community's lock. If recording fails, the stored file is removed again.
 */
export async function storeBranding(
  deps: Pick<TDeps, "db" | "storage">,
  communityId: string,
  type: TBrandingType,
  image: TPreparedImage,
  userId: string,
  /** An admin replacing another community's image: recorded in the audit log in the same transaction. */
  asAdmin = false,
): Promise<{ url: string; version: number }> {
  const stored = await deps.storage.put(
    `community-branding/${communityId}`,
    `${type}_${Date.now()}.${image.ext}`,
    image.bytes,
    image.mime,
  );
  try {
    const version = await deps.db.transaction(async (tx) => {
      await lockCommunity(tx, communityId);
      const [previous] = await tx
        .select({ version: max(communityBranding.version) })
        .from(communityBranding)
        .where(and(eq(communityBranding.communityId, communityId), eq(communityBranding.type, type)));
      const next = (previous?.version ?? 0) + 1;
      await tx
        .update(communityBranding)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(
          and(
            eq(communityBranding.communityId, communityId),
            eq(communityBranding.type, type),
            eq(communityBranding.isActive, true),
          ),
        );
      await tx.insert(communityBranding).values({
        communityId,
        type,
        storagePath: stored.path,
        publicUrl: stored.url,
        version: next,
        isActive: true,
        createdBy: userId,
      });
      await tx
        .update(communities)
        .set(
          type === "avatar"
            ? { communityAvatarUrl: stored.url, updatedAt: sql`now()` }
            : { communityBannerUrl: stored.url, updatedAt: sql`now()` },
        )
        .where(eq(communities.id, communityId));
      if (asAdmin) {
        await recordAdminAction(tx, {
          actorId: userId,
          action: "community.update",
          targetType: "community",
          targetId: communityId,
          summary: `Replaced the ${type} of a community`,
          detail: { [type]: { after: stored.url } },
        });
      }
      return next;
    });
    return { url: stored.url, version };
  } catch (err) {
    await deps.storage.delete(stored.path).catch(() => {});
    throw err;
  }
}

/** PUT /api/communities/:id/branding/:type: a creator (or an admin) replaces the avatar or banner (failures throw). */
export async function replaceBranding(
  deps: TDeps,
  viewer: TViewer | null,
  communityId: string,
  type: TBrandingType,
  file: File | null,
): Promise<TBrandingResponse> {
  const me = requireViewer(viewer, M.communities.loginToEdit);
  await requireCommunity(deps.db, communityId);
  const { asAdmin } = await requireCreatorOrAdmin(deps.db, communityId, me, M.communities.creatorsOnlyEdit);
  const image = await prepareBrandingImage(file, type);
  const { url, version } = await storeBranding(deps, communityId, type, image, me.id, asAdmin);
  const community = await loadCommunityDetail(deps.db, communityId, me.id);
  if (!community) throw new AppError("NOT_FOUND", M.communities.notFound);
  return { type, url, version, community };
}
