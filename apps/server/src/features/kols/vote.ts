import { M, type TVote, type TVoteState } from "@plugs/domain";
import { and, eq, ne } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { kolVotes } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { awardPointsSafely } from "../points/award-points.ts";
import { findKolOr404 } from "./find-kol.ts";
import { toKolCard } from "./kol-dto.ts";
import { moveTally, type TTallyDelta } from "./tally.ts";

function deltaOf(verdict: TVote, by: number): TTallyDelta {
  return verdict === "plug" ? { plugVotes: by } : { rugVotes: by };
}

/**
 * Gives the viewer's verdict on a KOL: a first vote inserts the row and adds to its tally; a changed vote moves one
 * from the other tally; the same vote again changes nothing. The vote row and the tallies move in one transaction,
 * and the primary key (kol, user) plus the conditional UPDATE keep concurrent votes from counting twice.
 */
export async function castVote(
  deps: TDeps,
  viewer: TViewer | null,
  handle: string,
  verdict: TVote,
): Promise<TVoteState> {
  const me = requireViewer(viewer, M.kols.loginToVote);
  const kol = await findKolOr404(deps.db, handle);
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(kolVotes)
      .values({ kolId: kol.id, userId: me.id, verdict })
      .onConflictDoNothing()
      .returning({ verdict: kolVotes.verdict });
    if (inserted.length > 0) {
      // Voting pays once per KOL: keyed by (user, KOL), so a withdrawn and repeated vote never pays twice.
      await awardPointsSafely(
        deps,
        { userId: me.id, activity: "voting", referenceId: kol.id, referenceType: "kol" },
        tx,
      );
      return moveTally(tx, kol.id, deltaOf(verdict, 1));
    }
    const changed = await tx
      .update(kolVotes)
      .set({ verdict, updatedAt: new Date() })
      .where(and(eq(kolVotes.kolId, kol.id), eq(kolVotes.userId, me.id), ne(kolVotes.verdict, verdict)))
      .returning({ verdict: kolVotes.verdict });
    if (changed.length > 0) {
      const other: TVote = verdict === "plug" ? "rug" : "plug";
      return moveTally(tx, kol.id, { ...deltaOf(verdict, 1), ...deltaOf(other, -1) });
    }
    return moveTally(tx, kol.id, {});
  });
  if (!row) throw new AppError("NOT_FOUND", M.kols.notFound);
  return { myVote: verdict, kol: toKolCard(row) };
}

/** Withdraws the viewer's vote; withdrawing when there is none changes nothing. */
export async function withdrawVote(deps: TDeps, viewer: TViewer | null, handle: string): Promise<TVoteState> {
  const me = requireViewer(viewer, M.kols.loginToVote);
  const kol = await findKolOr404(deps.db, handle);
  const row = await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(kolVotes)
      .where(and(eq(kolVotes.kolId, kol.id), eq(kolVotes.userId, me.id)))
      .returning({ verdict: kolVotes.verdict });
    const was = deleted[0]?.verdict;
    return moveTally(tx, kol.id, was ? deltaOf(was, -1) : {});
  });
  if (!row) throw new AppError("NOT_FOUND", M.kols.notFound);
  return { myVote: null, kol: toKolCard(row) };
}
