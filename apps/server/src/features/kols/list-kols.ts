import { KOL_LIMITS, type TKolListQuery, type TKolPage } from "@plugs/domain";
import { and, asc, count, desc, eq, gte, or, type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { kols } from "../../db/schema/index.ts";
import { kolCardColumns, toKolCard } from "./kol-dto.ts";

/** Escapes LIKE's wildcards so a typed '_' matches only an underscore. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const handleLower = sql`lower(${kols.handle})`;
const totalVotes = sql`(${kols.plugVotes} + ${kols.rugVotes})`;

/**
 * Which KOLs a list holds. Plugs and rugs are the community's verdict; Plug of Fame and Rug of Shame are the
 * strongest of each among KOLs with at least KOL_LIMITS.hallMinVotes votes; Top is everyone by score.
 */
function listCondition(list: TKolListQuery["list"]): SQL | undefined {
  switch (list) {
    case "plugs":
      return eq(kols.verdict, "plug");
    case "rugs":
      return eq(kols.verdict, "rug");
    case "fame":
      return and(eq(kols.verdict, "plug"), gte(totalVotes, KOL_LIMITS.hallMinVotes));
    case "shame":
      return and(eq(kols.verdict, "rug"), gte(totalVotes, KOL_LIMITS.hallMinVotes));
    default:
      return undefined;
  }
}

/**
 * The order of a list, each matching an index: kols_score_idx / kols_verdict_score_idx (score), kols_name_idx,
 * kols_newest_idx. Rug lists read the score index backwards, so "by score" there means worst first; Top KOLs and
 * the halls always go by score.
 */
function listOrder(query: TKolListQuery): SQL[] {
  const sort = query.list === "top" || query.list === "fame" || query.list === "shame" ? "score" : query.sort;
  if (sort === "name") return [asc(sql`lower(${kols.name})`), asc(handleLower)];
  if (sort === "newest") return [desc(kols.createdAt), desc(kols.id)];
  if (query.list === "rugs" || query.list === "shame") return [asc(kols.score), desc(handleLower)];
  return [desc(kols.score), asc(handleLower)];
}

/** GET /api/kols: a numbered page of KOL cards, searchable by handle or name prefix. */
export async function listKols(deps: TDeps, query: TKolListQuery): Promise<TKolPage> {
  const search = query.search?.replace(/^@/, "").toLowerCase() ?? "";
  const where = and(
    listCondition(query.list),
    search
      ? or(
          sql`${handleLower} like ${likePrefix(search)}`,
          sql`lower(${kols.name}) like ${likePrefix(search)}`,
        )
      : undefined,
  );
  const [[counted], rows] = await Promise.all([
    deps.db.select({ total: count() }).from(kols).where(where),
    deps.db
      .select(kolCardColumns)
      .from(kols)
      .where(where)
      .orderBy(...listOrder(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: rows.map(toKolCard),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
