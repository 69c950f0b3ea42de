import type { TKolCard } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { kols } from "../../db/schema/index.ts";

/** The columns a KOL card needs, for every select that ends in toKolCard. */
export const kolCardColumns = {
  id: kols.id,
  handle: kols.handle,
  name: kols.name,
  avatarUrl: kols.avatarUrl,
  isVerified: kols.isVerified,
  plugVotes: kols.plugVotes,
  rugVotes: kols.rugVotes,
  approvedReports: kols.approvedReports,
  score: kols.score,
  verdict: kols.verdict,
  createdAt: kols.createdAt,
};

export type TKolCardRow = {
  id: string;
  handle: string;
  name: string;
  avatarUrl: string | null;
  isVerified: boolean;
  plugVotes: number;
  rugVotes: number;
  approvedReports: number;
  score: number | null;
  verdict: TKolCard["verdict"];
  createdAt: Date;
};

/** The one mapper from a KOL row to the card a client sees (never a raw row). */
export function toKolCard(row: TKolCardRow): TKolCard {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    avatarUrl: row.avatarUrl,
    isVerified: row.isVerified,
    plugVotes: row.plugVotes,
    rugVotes: row.rugVotes,
    approvedReports: row.approvedReports,
    score: row.score,
    verdict: row.verdict,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A condition matching a KOL by handle, regardless of case (served by kols_handle_lower_key). */
export function handleIs(handle: string) {
  return sql`lower(${kols.handle}) = ${handle.toLowerCase()}`;
}
