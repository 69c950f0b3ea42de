import { KOL_LIMITS, M, type TKolListQuery, type TKolPage, type TKolSort } from "@plugs/domain";
import { and, eq, gte, or, type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { kolListCounts, kolRankKey, kols } from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";
import {
  cappedCount,
  decodeKeysetCursor,
  keysetPage,
  rowKeyset,
  type TKeysetCursor,
  timeKey,
  timeKeyset,
} from "../../lib/keyset-page.ts";
import { rowDate } from "../../lib/row-date.ts";
import { type TKolCardRow, toKolCard } from "./kol-dto.ts";

/** Escapes LIKE's wildcards so a typed '_' matches only an underscore. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const handleLower = sql`lower(${kols.handle})`;
const nameLower = sql`lower(${kols.name})`;
const rankKey = kolRankKey(kols.score);
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

type TKolSortKeys = { rankKey: number; handleKey: string; nameKey: string; timeKey: string };
export type TKolPageRow = TKolCardRow & TKolSortKeys;

/** What a list is sorted by: Top KOLs and the halls always by score. */
function sortOf(query: TKolListQuery): TKolSort {
  return query.list === "top" || query.list === "fame" || query.list === "shame" ? "score" : query.sort;
}

/** What a cursor of each sort holds: the rank key and handle, the name and handle, or the time and id. */
const CURSOR_KEYS = { score: "number, text", name: "text, text", newest: "time" } as const;

/** A list's page cursor, read for its sort; a cursor made for another sort, or not here, is a 400. */
export function kolCursor(query: TKolListQuery, raw: string): TKeysetCursor {
  return decodeKeysetCursor(raw, CURSOR_KEYS[sortOf(query)], M.kols.listCursorInvalid);
}

function cursorKeyOf(sort: TKolSort): (row: TKolPageRow) => { n?: number; k: string; t?: string; i: string } {
  if (sort === "name") return (r) => ({ k: r.nameKey, t: r.handleKey, i: r.id });
  if (sort === "newest") return (r) => ({ k: r.timeKey, i: r.id });
  return (r) => ({ n: r.rankKey, k: r.handleKey, i: r.id });
}

/**
 * The order of a list and where its page starts, each written as its index is (so the index serves both, read
 * forwards or back; see query-plans.test.ts): by score, kols_rank_idx / kols_verdict_rank_idx / kols_hall_rank_idx
 * (kolRankKey: best first, unrated last; then the handle); kols_name_idx; kols_newest_idx. Rug lists read the
 * score order backwards, so "by score" there means worst first.
 */
function listKeyset(query: TKolListQuery, cursor: TKeysetCursor | null) {
  const sort = sortOf(query);
  if (sort === "name") {
    return rowKeyset(cursor, [nameLower, handleLower], (c) => [sql`${c.k}::text`, sql`${c.t}::text`], "asc");
  }
  if (sort === "newest") return timeKeyset(cursor, kols.createdAt, kols.id, "desc");
  const worstFirst = query.list === "rugs" || query.list === "shame";
  return rowKeyset(
    cursor,
    [rankKey, handleLower],
    (c) => [sql`${c.n ?? 0}::int`, sql`${c.k}::text`],
    worstFirst ? "desc" : "asc",
  );
}

function whereOf(query: TKolListQuery): SQL | undefined {
  const search = query.search?.replace(/^@/, "").toLowerCase() ?? "";
  return and(
    listCondition(query.list),
    search
      ? or(sql`${handleLower} like ${likePrefix(search)}`, sql`${nameLower} like ${likePrefix(search)}`)
      : undefined,
  );
}

/** One page to read: a list, the cursor its page starts from (none for page 1) and how many rows to read. */
export type TKolPageRead = { query: TKolListQuery; cursor: TKeysetCursor | null; limit: number };

/**
 * One page of a KOL list as plain SQL, with the keys its cursors are made of, tagged with `tag` (the query, so its
 * plan can be checked; `kolPages` runs it). Read as rows: Drizzle's build of its columns cost more than the read.
 */
export function kolPageQuery({ query, cursor, limit }: TKolPageRead, tag = 0): SQL {
  const { from, orderBy } = listKeyset(query, cursor);
  const where = and(whereOf(query), from);
  return sql`select ${sqlInt(tag)} as list, id, handle, name, avatar_url as "avatarUrl",
      is_verified as "isVerified", plug_votes as "plugVotes", rug_votes as "rugVotes",
      approved_reports as "approvedReports", score, verdict, created_at as "createdAt",
      ${rankKey} as "rankKey", ${handleLower} as "handleKey", ${nameLower} as "nameKey",
      ${timeKey(sql`${kols.createdAt}`)} as "timeKey"
    from kols ${where ? sql`where ${where}` : sql``}
    order by ${sql.join(orderBy, sql`, `)}
    limit ${sqlInt(limit)}`;
}

/** Pages of one or more lists in one statement (the home page reads three), an arm each, in the reads' order. */
export async function kolPages(db: TDb, reads: TKolPageRead[]): Promise<TKolPageRow[][]> {
  const arms = reads.map((read, i) => sql`(${kolPageQuery(read, i)})`);
  const rows = await queryRows<TKolPageRow & { list: number }>(db, sql.join(arms, sql` union all `));
  return reads.map((_, i) =>
    rows
      .filter((r) => r.list === i)
      .map(({ list: _list, ...row }) => ({ ...row, createdAt: rowDate(row.createdAt) })),
  );
}

/** The KOLs a search matches, as rows to count (a prefix's index range on the handle or the name). */
export function kolMatches(query: TKolListQuery): SQL {
  return sql`select 1 from kols where ${whereOf(query)}`;
}

/**
 * How many KOLs a list holds, for its page count: a search counts its matches up to KOL_LIMITS.searchCountCap; a
 * whole list reads its one row of kol_list_counts, which triggers keep, so neither grows with the directory.
 */
export async function countKols(
  db: TDb,
  query: TKolListQuery,
): Promise<{ total: number; totalCapped: boolean }> {
  if (query.search?.replace(/^@/, "")) return cappedCount(db, kolMatches(query), KOL_LIMITS.searchCountCap);
  const list = query.list === "top" ? "all" : query.list;
  const [row] = await db
    .select({ total: kolListCounts.kols })
    .from(kolListCounts)
    .where(eq(kolListCounts.list, list));
  return { total: row?.total ?? 0, totalCapped: false };
}

/**
 * GET /api/kols: "Page X of Y" of KOL cards, searchable by handle or name prefix, read by keyset (a deep page costs
 * what the first does).
 */
export async function listKols(deps: TDeps, query: TKolListQuery): Promise<TKolPage> {
  const cursor = query.cursor ? kolCursor(query, query.cursor) : null;
  const [{ total, totalCapped }, [rows = []]] = await Promise.all([
    countKols(deps.db, query),
    kolPages(deps.db, [{ query, cursor, limit: query.pageSize + 1 }]),
  ]);
  const page = keysetPage(rows, query.pageSize, cursor, total, cursorKeyOf(sortOf(query)));
  // Nothing left on the cursor's side of the list (KOLs moved since the page was read): page 1 as it is now.
  if (!page) return listKols(deps, { ...query, cursor: undefined });
  return { ...page, items: page.items.map(toKolCard), total, totalCapped };
}
