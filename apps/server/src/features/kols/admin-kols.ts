import { M, type TCreateKolRequest, type TKolCard, type TUpdateKolRequest } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { kols } from "../../db/schema/index.ts";
import { AppError, isUniqueViolation } from "../../errors.ts";
import { changedFields, recordAdminAction } from "../admin/record-admin-action.ts";
import { findKolOr404 } from "./find-kol.ts";
import { storeLinkedAvatar } from "./kol-avatar.ts";
import { kolCardColumns, toKolCard } from "./kol-dto.ts";

/** POST /api/admin/kols: an admin adds a KOL; a handle already listed (any case) is 409. */
export async function createKol(
  deps: TDeps,
  viewer: TViewer | null,
  input: TCreateKolRequest,
): Promise<TKolCard> {
  const admin = requireAdmin(viewer);
  const avatarUrl = input.avatarUrl ? await storeLinkedAvatar(deps, input.handle, input.avatarUrl) : null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(kols)
        .values({
          handle: input.handle,
          name: input.name || input.handle,
          bio: input.bio,
          avatarUrl,
          xUrl: input.links.x,
          telegramUrl: input.links.telegram,
          websiteUrl: input.links.website,
          isVerified: input.isVerified,
          createdBy: admin.id,
        })
        .returning(kolCardColumns);
      if (created) {
        await recordAdminAction(tx, {
          actorId: admin.id,
          action: "kol.create",
          targetType: "kol",
          targetId: created.handle,
          summary: `Added KOL @${created.handle}`,
          detail: { after: { handle: created.handle, name: created.name, isVerified: created.isVerified } },
        });
      }
      return created;
    });
    if (!row) throw new AppError("INTERNAL", M.generic.unexpected);
    return toKolCard(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", M.kols.handleTaken);
    throw err;
  }
}

/** PATCH /api/admin/kols/:handle: an admin edits a KOL's profile (never its tallies). */
export async function updateKol(
  deps: TDeps,
  viewer: TViewer | null,
  handle: string,
  input: TUpdateKolRequest,
): Promise<TKolCard> {
  const admin = requireAdmin(viewer);
  const kol = await findKolOr404(deps.db, handle);
  const avatarUrl = input.avatarUrl
    ? await storeLinkedAvatar(deps, kol.handle, input.avatarUrl)
    : input.avatarUrl;
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(kols).where(eq(kols.id, kol.id)).for("update");
    if (!before) return undefined;
    const [updated] = await tx
      .update(kols)
      .set({
        ...(input.name !== undefined ? { name: input.name || kol.handle } : {}),
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
        ...(avatarUrl !== undefined ? { avatarUrl } : {}),
        ...(input.links?.x !== undefined ? { xUrl: input.links.x } : {}),
        ...(input.links?.telegram !== undefined ? { telegramUrl: input.links.telegram } : {}),
        ...(input.links?.website !== undefined ? { websiteUrl: input.links.website } : {}),
        ...(input.isVerified !== undefined ? { isVerified: input.isVerified } : {}),
        updatedAt: new Date(),
      })
      .where(eq(kols.id, kol.id))
      .returning();
    if (!updated) return undefined;
    const keys = ["name", "bio", "avatarUrl", "xUrl", "telegramUrl", "websiteUrl", "isVerified"] as const;
    const changes = changedFields(before, updated, keys);
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "kol.update",
      targetType: "kol",
      targetId: kol.handle,
      summary: `Edited KOL @${kol.handle}`,
      detail: changes,
    });
    return updated;
  });
  if (!row) throw new AppError("NOT_FOUND", M.kols.notFound);
  return toKolCard(row);
}
