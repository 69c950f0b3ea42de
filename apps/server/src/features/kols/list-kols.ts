import { KOL_LIMITS, type TKolListQuery, type TKolPage } from "@plugs/domain";
import { and, asc, count, desc, eq, gte, or, type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { kolListCounts, kols } from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { rowDate } from "../../lib/row-date.ts";
import { type TKolCardRow, toKolCard } from "./kol-dto.ts";

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
 * The order of a list, each written exactly as its index is (so the index serves it, nulls included; see
 * query-plans.test.ts): kols_score_nulls_last_idx / kols_verdict_score_nulls_last_idx (score, unrated KOLs last),
 * kols_name_idx, kols_newest_idx. Rug lists read the score index backwards, so "by score" there means worst first
 * (they hold no unrated KOL, so the nulls-first of a backward read never shows); Top KOLs and the halls always go
 * by score.
 */
function listOrder(query: TKolListQuery): SQL[] {
  const sort = query.list === "top" || query.list === "fame" || query.list === "shame" ? "score" : query.sort;
  if (sort === "name") return [asc(sql`lower(${kols.name})`), asc(handleLower)];
  if (sort === "newest") return [desc(kols.createdAt), desc(kols.id)];
  if (query.list === "rugs" || query.list === "shame") {
    return [sql`${kols.score} asc nulls first`, desc(handleLower)];
  }
  return [sql`${kols.score} desc nulls last`, asc(handleLower)];
}

function whereOf(query: TKolListQuery): SQL | undefined {
  const search = query.search?.replace(/^@/, "").toLowerCase() ?? "";
  return and(
    listCondition(query.list),
    search
      ? or(
          sql`${handleLower} like ${likePrefix(search)}`,
          sql`lower(${kols.name}) like ${likePrefix(search)}`,
        )
      : undefined,
  );
}

/**
 * One page of a KOL list as plain SQL, tagged with `tag` (the query, so its plan can be checked; `kolPages` runs
 * it). Read as rows: Drizzle's build of its eleven columns cost more than the read.
 */
export function kolPageQuery(query: TKolListQuery, tag = 0): SQL {
  const where = whereOf(query);
  return sql`select ${sqlInt(tag)} as list, id, handle, name, avatar_url as "avatarUrl",
      is_verified as "isVerified", plug_votes as "plugVotes", rug_votes as "rugVotes",
      approved_reports as "approvedReports", score, verdict, created_at as "createdAt"
    from kols ${where ? sql`where ${where}` : sql``}
    order by ${sql.join(listOrder(query), sql`, `)}
    limit ${sqlInt(query.pageSize)} offset ${sqlInt((query.page - 1) * query.pageSize)}`;
}

/** Pages of one or more lists in one statement (the home page reads three), an arm each, in the queries' order. */
export async function kolPages(db: TDb, queries: TKolListQuery[]): Promise<TKolCardRow[][]> {
  const arms = queries.map((query, i) => sql`(${kolPageQuery(query, i)})`);
  const rows = await queryRows<TKolCardRow & { list: number }>(db, sql.join(arms, sql` union all `));
  return queries.map((_, i) =>
    rows
      .filter((r) => r.list === i)
      .map(({ list: _list, ...row }) => ({ ...row, createdAt: rowDate(row.createdAt) })),
  );
}

/**
 * How many KOLs a list holds, for its page count: a search counts its matches (a prefix's index range); a whole list
 * reads its one row of kol_list_counts, which triggers keep, so the count does not grow with the directory.
 */
export function kolCountQuery(db: TDb, query: TKolListQuery) {
  if (query.search?.replace(/^@/, "")) {
    return db.select({ total: count() }).from(kols).where(whereOf(query));
  }
  const list = query.list === "top" ? "all" : query.list;
  return db.select({ total: kolListCounts.kols }).from(kolListCounts).where(eq(kolListCounts.list, list));
}

/** GET /api/kols: a numbered page of KOL cards, searchable by handle or name prefix. */
export async function listKols(deps: TDeps, query: TKolListQuery): Promise<TKolPage> {
  const [[counted], [rows = []]] = await Promise.all([
    kolCountQuery(deps.db, query),
    kolPages(deps.db, [query]),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: rows.map(toKolCard),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
