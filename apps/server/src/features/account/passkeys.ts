import { M, M_PASSKEY, PASSKEYS_MAX, type TPasskey } from "@plugs/domain";
import { and, desc, eq } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { passkeys } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { refuseLastPasskey } from "./sign-ins.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/me/passkeys: the member's own passkeys, newest first (passkeys_user_created_idx). */
export async function listMyPasskeys(deps: TDeps, viewer: TViewer | null): Promise<TPasskey[]> {
  const me = requireViewer(viewer, M.auth.signInRequired);
  const rows = await deps.db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      deviceType: passkeys.deviceType,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, me.id))
    .orderBy(desc(passkeys.createdAt))
    .limit(PASSKEYS_MAX);
  return rows.map((r) => ({
    id: r.id,
    name: r.name ?? "Passkey",
    createdAt: r.createdAt.toISOString(),
    deviceType: r.deviceType,
    backedUp: r.backedUp,
  }));
}

/**
 * DELETE /api/me/passkeys/{id}: removes one of the member's own passkeys. Another member's, or one that does not
 * exist, is the same 404: the delete is scoped by owner in its own WHERE. The last way to sign in stays (409).
 */
export async function removeMyPasskey(deps: TDeps, viewer: TViewer | null, id: string) {
  const me = requireViewer(viewer, M.auth.signInRequired);
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", M_PASSKEY.notFound);
  await deps.db.transaction(async (tx) => {
    await refuseLastPasskey(tx, me.id, id);
    const gone = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, me.id)))
      .returning({ id: passkeys.id });
    if (gone.length === 0) throw new AppError("NOT_FOUND", M_PASSKEY.notFound);
  });
}
