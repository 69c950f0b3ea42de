import { KOL_LIMITS, type TKolListQuery, type TKolPage } from "@plugs/domain";
import { and, asc, count, desc, eq, gte, or, type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { builtOnce, type TValue } from "../../db/built-once.ts";
import type { TDb } from "../../db/client.ts";
import { kols } from "../../db/schema/index.ts";
import { kolCardColumns, type TKolCardRow, toKolCard } from "./kol-dto.ts";

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
function listOrder(query: Pick<TKolListQuery, "list" | "sort">): SQL[] {
  const sort = query.list === "top" || query.list === "fame" || query.list === "shame" ? "score" : query.sort;
  if (sort === "name") return [asc(sql`lower(${kols.name})`), asc(handleLower)];
  if (sort === "newest") return [desc(kols.createdAt), desc(kols.id)];
  if (query.list === "rugs" || query.list === "shame") {
    return [sql`${kols.score} asc nulls first`, desc(handleLower)];
  }
  return [sql`${kols.score} desc nulls last`, asc(handleLower)];
}

/** The LIKE pattern a search stands for (a handle's @ and case ignored), or undefined for no search. */
function searchPattern(search: string | undefined): string | undefined {
  const text = search?.replace(/^@/, "").toLowerCase() ?? "";
  return text ? likePrefix(text) : undefined;
}

/** A list's shape: everything about its statement but the values (search pattern, limit, offset). */
type TKolShape = { list: TKolListQuery["list"]; sort: TKolListQuery["sort"]; search: boolean };

function whereOf(list: TKolShape["list"], pattern: TValue<string> | undefined): SQL | undefined {
  return and(
    listCondition(list),
    pattern === undefined
      ? undefined
      : or(sql`${handleLower} like ${pattern}`, sql`lower(${kols.name}) like ${pattern}`),
  );
}

function pageStatement(
  db: TDb,
  shape: TKolShape,
  values: { pattern: TValue<string> | undefined; limit: TValue<number>; offset: TValue<number> },
) {
  return db
    .select(kolCardColumns)
    .from(kols)
    .where(whereOf(shape.list, values.pattern))
    .orderBy(...listOrder(shape))
    .limit(values.limit)
    .offset(values.offset);
}

function countStatement(db: TDb, shape: TKolShape, pattern: TValue<string> | undefined) {
  return db.select({ total: count() }).from(kols).where(whereOf(shape.list, pattern));
}

/** A query's shape, and the values its statement runs with. */
function splitQuery(query: TKolListQuery) {
  const pattern = searchPattern(query.search);
  const shape: TKolShape = { list: query.list, sort: query.sort, search: pattern !== undefined };
  return { shape, values: { pattern, limit: query.pageSize, offset: (query.page - 1) * query.pageSize } };
}

/** One page of a KOL list, built for this query alone (so its plan can be checked). */
export function kolPageQuery(db: TDb, query: TKolListQuery) {
  const { shape, values } = splitQuery(query);
  return pageStatement(db, shape, values);
}

/** How many KOLs a list holds, for its page count (built for this query alone). */
export function kolCountQuery(db: TDb, query: TKolListQuery) {
  const { shape, values } = splitQuery(query);
  return countStatement(db, shape, values.pattern);
}

const pageStatements = builtOnce<ReturnType<typeof preparedPage>>();
const countStatements = builtOnce<ReturnType<typeof preparedCount>>();
const placeholderPattern = (shape: TKolShape) => (shape.search ? sql.placeholder("pattern") : undefined);

function preparedPage(db: TDb, shape: TKolShape, name: string) {
  const limit = sql.placeholder("limit");
  const offset = sql.placeholder("offset");
  return pageStatement(db, shape, { pattern: placeholderPattern(shape), limit, offset }).prepare(name);
}

function preparedCount(db: TDb, shape: TKolShape, name: string) {
  return countStatement(db, shape, placeholderPattern(shape)).prepare(name);
}

const nameOf = (kind: string, shape: TKolShape) =>
  `kol_${kind}_${shape.list}_${shape.sort}${shape.search ? "_search" : ""}`;

/**
 * One page of a KOL list, as kolPageQuery reads it, through the statement its shape was built into once (the KOL
 * pages and the home page ask for these on every visit).
 */
export function readKolPage(db: TDb, query: TKolListQuery): Promise<TKolCardRow[]> {
  const { shape, values } = splitQuery(query);
  return pageStatements(db, nameOf("page", shape), (name) => preparedPage(db, shape, name)).execute(values);
}

async function readKolCount(db: TDb, query: TKolListQuery): Promise<number> {
  const { shape, values } = splitQuery(query);
  const statement = countStatements(db, nameOf("count", shape), (name) => preparedCount(db, shape, name));
  const [row] = await statement.execute({ pattern: values.pattern });
  return row?.total ?? 0;
}

/** GET /api/kols: a numbered page of KOL cards, searchable by handle or name prefix. */
export async function listKols(deps: TDeps, query: TKolListQuery): Promise<TKolPage> {
  const [total, rows] = await Promise.all([readKolCount(deps.db, query), readKolPage(deps.db, query)]);
  return {
    items: rows.map(toKolCard),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
