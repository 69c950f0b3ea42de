import { isValidHandle, M } from "@plugs/domain";
import type { TDb } from "../../db/client.ts";
import { kols } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { handleIs } from "./kol-dto.ts";

/** The KOL with this handle ('@' optional, any case), or 404: a handle that breaks the rule cannot exist. */
export async function findKolOr404(
  db: Pick<TDb, "select">,
  handle: string,
): Promise<{ id: string; handle: string }> {
  if (!isValidHandle(handle)) throw new AppError("NOT_FOUND", M.kols.notFound);
  const [row] = await db
    .select({ id: kols.id, handle: kols.handle })
    .from(kols)
    .where(handleIs(handle.trim().replace(/^@/, "")));
  if (!row) throw new AppError("NOT_FOUND", M.kols.notFound);
  return row;
}
