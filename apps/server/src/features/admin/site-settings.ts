import { ADMIN_M, type TSiteSettings, type TUpdateSiteRequest } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { siteSettings } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { saveUploadedFile } from "../media/save-upload.ts";
import { getSite } from "../site/service.ts";
import { recordAdminAction } from "./record-admin-action.ts";

const DEFAULT_ROW = "default";

/**
 * Writes the 'default' settings row (made on first use) and its audit row in one transaction. The row is locked
 * first, so the audit's "before" is the value this change replaced.
 */
async function writeSettings(
  deps: TDeps,
  admin: TViewer,
  change: Partial<TSiteSettings>,
  summary: string,
): Promise<TSiteSettings> {
  const defaults = await getSite(deps);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ settingName: DEFAULT_ROW, siteName: defaults.siteName, logoUrl: defaults.logoUrl })
      .onConflictDoNothing({ target: siteSettings.settingName });
    const [before] = await tx
      .select({ siteName: siteSettings.siteName, logoUrl: siteSettings.logoUrl })
      .from(siteSettings)
      .where(eq(siteSettings.settingName, DEFAULT_ROW))
      .for("update");
    if (!before) throw new Error("the site settings row is missing");
    await tx
      .update(siteSettings)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(siteSettings.settingName, DEFAULT_ROW));
    const detail: Record<string, { before: unknown; after: unknown }> = {};
    for (const key of Object.keys(change) as (keyof TSiteSettings)[]) {
      if (before[key] !== change[key]) detail[key] = { before: before[key], after: change[key] };
    }
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "site.update",
      targetType: "site",
      targetId: DEFAULT_ROW,
      summary,
      detail,
    });
  });
  return getSite(deps);
}

/** PATCH /api/admin/site (admins only): the site's name, or back to our logo mark (`logoUrl: null`). */
export async function updateSite(
  deps: TDeps,
  viewer: TViewer | null,
  input: TUpdateSiteRequest,
): Promise<TSiteSettings> {
  const admin = requireAdmin(viewer);
  const change: Partial<TSiteSettings> = {};
  if (input.siteName !== undefined) change.siteName = input.siteName;
  if (input.logoUrl === null) change.logoUrl = null;
  const summary = [
    input.siteName !== undefined ? `Renamed the site "${input.siteName}"` : null,
    input.logoUrl === null ? "Removed the logo" : null,
  ]
    .filter(Boolean)
    .join("; ");
  return writeSettings(deps, admin, change, summary);
}

/**
 * POST /api/admin/site/logo (admins only): a new logo, checked by its bytes and re-encoded like every image. The
 * old file stays in storage: the audit log's "before" still points at it.
 */
export async function uploadSiteLogo(
  deps: TDeps,
  viewer: TViewer | null,
  file: File | null,
): Promise<TSiteSettings> {
  const admin = requireAdmin(viewer);
  if (!file)
    throw new AppError("VALIDATION", ADMIN_M.logoRequired, { fields: { logo: ADMIN_M.logoRequired } });
  const saved = await saveUploadedFile(deps, { folder: "site", file, allowedKinds: ["image"] });
  return writeSettings(deps, admin, { logoUrl: saved.url }, "Changed the logo");
}
