import { scoreKol } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { kols } from "../../db/schema/index.ts";
import { kolCardColumns, type TKolCardRow } from "./kol-dto.ts";

export type TTallyDelta = { plugVotes?: number; rugVotes?: number; approvedReports?: number };

/**
 * Moves a KOL's tallies by `delta` (`SET n = n + d`, never read-then-write) and stores the score and verdict
 * computed from the new tallies. Call it inside the transaction that wrote the counted rows: the first UPDATE locks
 * the KOL's row until commit, so a concurrent vote waits and then scores from the tallies this one left.
 */
export async function moveTally(
  tx: Pick<TDb, "update">,
  kolId: string,
  delta: TTallyDelta,
): Promise<TKolCardRow | null> {
  const [moved] = await tx
    .update(kols)
    .set({
      plugVotes: sql`${kols.plugVotes} + ${delta.plugVotes ?? 0}`,
      rugVotes: sql`${kols.rugVotes} + ${delta.rugVotes ?? 0}`,
      approvedReports: sql`${kols.approvedReports} + ${delta.approvedReports ?? 0}`,
      updatedAt: new Date(),
    })
    .where(eq(kols.id, kolId))
    .returning({ plugVotes: kols.plugVotes, rugVotes: kols.rugVotes, approvedReports: kols.approvedReports });
  if (!moved) return null;
  const { score, verdict } = scoreKol(moved);
  const [row] = await tx
    .update(kols)
    .set({ score, verdict })
    .where(eq(kols.id, kolId))
    .returning(kolCardColumns);
  return row ?? null;
}
