import { M, type TPointsActivity, type TUpdatePointsActivityRequest } from "@plugs/domain";
import { asc, eq } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { pointsActivities } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";

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
  const [row] = await deps.db
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
  if (!row) throw new AppError("NOT_FOUND", M.points.activityNotFound);
  deps.logger.info({ adminId: admin.id, activity: name, change: input }, "points activity changed");
  return mapActivity(row);
}
