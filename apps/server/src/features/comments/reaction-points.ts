import type { TDb } from "../../db/client.ts";

type TTx = Parameters<Parameters<TDb["transaction"]>[0]>[0];

/**
 * The seam where a reaction will earn points (the spec's award_points activity 'emoji_reaction'). It runs inside
 * the reaction's transaction, so an award and its reaction are written together or not at all. The points ledger
 * comes with the points feature, which fills this in with an award keyed by the reaction id (a retry never pays
 * twice); until then a reaction earns nothing, and nothing here pretends otherwise.
 */
export async function awardReactionPoints(
  _tx: TTx,
  _reaction: { reactionId: string; commentId: string; userId: string; emoji: string },
): Promise<void> {}
