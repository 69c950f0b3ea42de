import { ADMIN_M, DEFAULT_SITE, type TSiteSettings, type TUpdateSiteRequest } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { siteSettings } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { saveUploadedFile } from "../media/save-upload.ts";
import { publishEvent } from "../realtime/publish.ts";
import { getSite, SITE_COLUMNS } from "../site/service.ts";
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
  await deps.db.transaction(async (tx) => {
    // The other columns' defaults are the site's own (DEFAULT_SITE).
    await tx
      .insert(siteSettings)
      .values({ settingName: DEFAULT_ROW, siteName: DEFAULT_SITE.siteName })
      .onConflictDoNothing({ target: siteSettings.settingName });
    const [before] = await tx
      .select(SITE_COLUMNS)
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
    // Every instance's streams tell their open tabs to read the settings again (sent once this commits).
    await publishEvent(tx, { type: "site" });
  });
  return getSite(deps);
}

/** What the audit log's summary says of each setting changed. */
function describeChange(change: Partial<TSiteSettings>): string {
  const said: string[] = [];
  if (change.siteName !== undefined) said.push(`Renamed the site "${change.siteName}"`);
  if (change.logoUrl === null) said.push("Removed the logo");
  if (change.defaultTheme !== undefined) said.push(`Default theme ${change.defaultTheme}`);
  if (change.socialUrl !== undefined)
    said.push(
      change.socialUrl ? `Social profile link ${change.socialUrl}` : "Removed the social profile link",
    );
  if (change.partnerName !== undefined) said.push(`Partner named "${change.partnerName}"`);
  if (change.partnerUrl !== undefined)
    said.push(change.partnerUrl ? `Partner link ${change.partnerUrl}` : "Removed the partner link");
  if (change.announcement !== undefined)
    said.push(change.announcement ? `Announcement "${change.announcement}"` : "Removed the announcement");
  return said.join("; ");
}

/**
 * PATCH /api/admin/site (admins only): any of the settings, or back to our logo mark (`logoUrl: null`); everyone's
 * open tabs are told (a `site` event).
 */
export async function updateSite(
  deps: TDeps,
  viewer: TViewer | null,
  input: TUpdateSiteRequest,
): Promise<TSiteSettings> {
  const admin = requireAdmin(viewer);
  const change: Partial<TSiteSettings> = {};
  for (const [key, value] of Object.entries(input) as [keyof TSiteSettings, unknown][]) {
    if (value !== undefined) (change as Record<string, unknown>)[key] = value;
  }
  return writeSettings(deps, admin, change, describeChange(change));
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
