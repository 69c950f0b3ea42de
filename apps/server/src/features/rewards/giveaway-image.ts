import { M_REWARDS, type TGiveawayDetail } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { giveaways } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { saveUploadedFile } from "../media/save-upload.ts";
import { findGiveaway, viewGiveaway } from "./read-giveaways.ts";

/**
 * POST /api/admin/rewards/{slug}/image and DELETE (file: null): the giveaway's picture, checked by its bytes and
 * re-encoded like every upload (features/media), stored under giveaways/. It is not one of the terms the seed's
 * commitment fixes, so it may change after publishing too. The old file stays: the audit log's "before" points at it.
 */
export async function setGiveawayImage(
  deps: TDeps,
  viewer: TViewer | null,
  slug: string,
  file: File | null,
  remove = false,
): Promise<TGiveawayDetail> {
  const admin = requireAdmin(viewer);
  const g = await findGiveaway(deps.db, slug);
  if (!g) throw new AppError("NOT_FOUND", M_REWARDS.giveawayNotFound);
  let imageUrl: string | null = null;
  if (!remove) {
    if (!file) {
      throw new AppError("VALIDATION", M_REWARDS.imageRequired, {
        fields: { image: M_REWARDS.imageRequired },
      });
    }
    const saved = await saveUploadedFile(deps, {
      folder: `giveaways/${g.id}`,
      file,
      allowedKinds: ["image"],
    });
    imageUrl = saved.url;
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(giveaways).set({ imageUrl, updatedAt: new Date() }).where(eq(giveaways.id, g.id));
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "rewards.image",
      targetType: "giveaway",
      targetId: g.id,
      summary: remove
        ? `Removed the image of the giveaway "${g.title}"`
        : `Changed the image of the giveaway "${g.title}"`,
      detail: { imageUrl: { before: g.imageUrl, after: imageUrl } },
    });
  });
  return viewGiveaway(deps, admin, slug);
}
