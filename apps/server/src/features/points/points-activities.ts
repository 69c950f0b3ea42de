import { M, type TPointsActivity, type TUpdatePointsActivityRequest } from "@plugs/domain";
import { asc, eq } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { pointsActivities } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { changedFields, recordAdminAction } from "../admin/record-admin-action.ts";

type TActivityRow = typeof pointsActivities.$inferSelect;

function mapActivity(row: TActivityRow): TPointsActivity {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    description: row.description,
    points: row.points,
    dailyCap: row.dailyCap,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/admin/points-activities (admins only): every activity with its amount, cap and state. */
export async function listPointsActivities(deps: TDeps, viewer: TViewer | null) {
  requireAdmin(viewer);
  const rows = await deps.db.select().from(pointsActivities).orderBy(asc(pointsActivities.name));
  return { items: rows.map(mapActivity) };
}

/**
 * PATCH /api/admin/points-activities/:name (admins only): a new amount, daily cap (null: none), on/off, label or
 * description. Applies to awards from now on; the ledger keeps what was paid.
 */
export async function updatePointsActivity(
  deps: TDeps,
  viewer: TViewer | null,
  name: string,
  input: TUpdatePointsActivityRequest,
): Promise<TPointsActivity> {
  const admin = requireAdmin(viewer);
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(pointsActivities)
      .where(eq(pointsActivities.name, name))
      .for("update");
    if (!before) return undefined;
    const [after] = await tx
      .update(pointsActivities)
      .set({
        ...(input.label !== undefined ? { label: input.label } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.points !== undefined ? { points: input.points } : {}),
        ...(input.dailyCap !== undefined ? { dailyCap: input.dailyCap } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        updatedAt: new Date(),
      })
      .where(eq(pointsActivities.name, name))
      .returning();
    if (!after) return undefined;
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "points.activity_update",
      targetType: "points_activity",
      targetId: name,
      summary: `Changed the points activity ${name}`,
      detail: changedFields(before, after, ["label", "description", "points", "dailyCap", "active"]),
    });
    return after;
  });
  if (!row) throw new AppError("NOT_FOUND", M.points.activityNotFound);
  deps.logger.info({ adminId: admin.id, activity: name, change: input }, "points activity changed");
  return mapActivity(row);
}
