import {
  BLOG_LIMITS,
  M_BLOG,
  type TArticle,
  type TArticleCard,
  type TArticleList,
  type TBlogCategory,
  type TBlogTag,
  type ZArticleListQuery,
} from "@plugs/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TDeps } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { blogArticles, blogCategories, blogTags } from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { isoTimestamp } from "../../lib/row-date.ts";
import { renderArticleCached } from "./render-article.ts";

/*
 * What readers get. Only `status = 'published'` is ever read here (every statement says so, served by the partial
 * indexes of db/schema/blog.ts): a draft or a scheduled article is 404 through every path, its old slugs too.
 */

type TListQuery = z.output<typeof ZArticleListQuery>;

export const isPublished: SQL = sql`${blogArticles.status} = 'published'`;

/*
 * Cards are read as plain SQL rows (queryRows): a card has fifteen fields and a page thirteen cards, and Drizzle's
 * mapping of each field was most of a list's cost. Each card carries its tags as a JSON array.
 */
const cardColumns = sql`a.id, a.slug, a.title, a.excerpt, a.cover_url, a.cover_width, a.cover_height,
  ${isoTimestamp(sql`a.published_at`)} as published_at, ${isoTimestamp(sql`a.edited_at`)} as edited_at,
  a.reading_minutes, a.featured, c.slug as category_slug, c.name as category_name, p.username, p.avatar_url,
  coalesce((select json_agg(json_build_object('slug', g.slug, 'name', g.name) order by g.name)
    from blog_article_tags t join blog_tags g on g.id = t.tag_id where t.article_id = a.id), '[]') as tags`;
const cardJoins = sql`from blog_articles a left join blog_categories c on c.id = a.category_id
  left join profiles p on p.id = a.author_id`;

type TCardRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  cover_url: string | null;
  cover_width: number | null;
  cover_height: number | null;
  published_at: string | null;
  edited_at: string | null;
  reading_minutes: number;
  featured: boolean;
  category_slug: string | null;
  category_name: string | null;
  username: string | null;
  avatar_url: string | null;
  tags: { slug: string; name: string }[];
};

function mapCard(row: TCardRow): TArticleCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverUrl: row.cover_url,
    coverWidth: row.cover_width,
    coverHeight: row.cover_height,
    author: { username: row.username ?? "", avatarUrl: row.avatar_url },
    publishedAt: row.published_at ?? new Date(0).toISOString(),
    updatedAt: row.edited_at,
    readingMinutes: row.reading_minutes,
    category:
      row.category_slug && row.category_name ? { slug: row.category_slug, name: row.category_name } : null,
    tags: row.tags,
    featured: row.featured,
  };
}

/** The list's order: newest first (blog_articles_published_idx and blog_articles_category_published_idx). */
const newestFirst = sql`a.published_at desc nulls first, a.id desc nulls first`;

/** Cards of published articles by id, in the given order, in one read. */
export async function cardsByIds(deps: Pick<TDeps, "db">, ids: string[]): Promise<TArticleCard[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<TCardRow>(
    deps.db,
    sql`select ${cardColumns} ${cardJoins} where a.status = 'published' and a.id in (${list})`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [mapCard(row)] : [];
  });
}

/** The full-text query of a reader's words (websearch syntax: quotes, or, -word), or null for none. */
function searchQuery(q: string | undefined): SQL | null {
  const words = q?.trim();
  return words ? sql`websearch_to_tsquery('english', ${words})` : null;
}

/**
 * GET /api/blog/articles: published articles, newest first, 12 a page; filtered by category, tag and a full-text
 * search (best match first). Page 1 of the unfiltered list carries the newest featured article on top, left out
 * of its items. One statement: the featured card, the page's cards and the total beside each.
 */
export async function listArticles(deps: Pick<TDeps, "db">, query: TListQuery): Promise<TArticleList> {
  const page = query.page ?? 1;
  const pageSize = BLOG_LIMITS.pageSize;
  const search = searchQuery(query.q);
  const conditions: SQL[] = [sql`a.status = 'published'`];
  // A category is looked up first, so its articles are read on their own index (a value only known inside the
  // query would leave PostgreSQL walking every published article for a rare category); a tag is found by its slug
  // inside the list's read (blog_tags_slug_key, then blog_article_tags_tag_idx). An unknown one matches nothing.
  if (query.category) {
    const [category] = await queryRows<{ id: string }>(
      deps.db,
      sql`select id from blog_categories where slug = ${query.category}`,
    );
    if (!category) return { items: [], total: 0, page, pageCount: 1, featured: null };
    conditions.push(sql`a.category_id = ${category.id}`);
  }
  if (query.tag) {
    conditions.push(sql`a.id in (select t.article_id from blog_article_tags t
      join blog_tags g on g.id = t.tag_id where g.slug = ${query.tag})`);
  }
  if (search) conditions.push(sql`a.search @@ ${search}`);
  // The unfiltered list's newest featured article (blog_articles_featured_idx), never among its items.
  const withFeatured = conditions.length === 1;
  if (withFeatured) conditions.push(sql`a.id is distinct from (select id from featured)`);
  const where = sql.join(conditions, sql` and `);
  const order = search ? sql`ts_rank(a.search, ${search}) desc, ${newestFirst}` : newestFirst;
  const total = sql`(select count(*)::int from blog_articles a where ${where}) as total`;
  const items = sql`(select 'item' as role, ${cardColumns}, ${total} ${cardJoins} where ${where}
    order by ${order} limit ${sqlInt(pageSize)} offset ${sqlInt((page - 1) * pageSize)})`;
  const rows = await queryRows<TCardRow & { role: "featured" | "item"; total: number }>(
    deps.db,
    withFeatured
      ? sql`with featured as (select f.id from blog_articles f where f.status = 'published' and f.featured
            order by f.published_at desc nulls first limit 1)
          (select 'featured' as role, ${cardColumns}, ${total} ${cardJoins}
            where ${sqlInt(page)} = 1 and a.id = (select id from featured))
          union all ${items}`
      : items,
  );
  const first = rows[0];
  // No row: a page past the end, or nothing matched (then page 1 is empty too and the total is 0).
  const counted = first
    ? first.total
    : page === 1
      ? 0
      : ((await queryRows<{ total: number }>(deps.db, sql`select ${total}`))[0]?.total ?? 0);
  const featured = rows.find((r) => r.role === "featured");
  return {
    items: rows.filter((r) => r.role === "item").map(mapCard),
    total: counted,
    page,
    pageCount: Math.max(1, Math.ceil(counted / pageSize)),
    featured: featured ? mapCard(featured) : null,
  };
}

type TArticleRow = TCardRow & {
  role: "article" | "close" | "other" | "previous" | "next";
  body: string | null;
  version: string | null;
};

/**
 * GET /api/blog/articles/{slug}: a published article by its slug or an old one (its `slug` is then the new one),
 * its body rendered, its neighbours and related articles (up to 3: the newest sharing its category or a tag, then
 * the newest of the rest). Anything else is 404 'Article not found'. One statement: the article's card and body,
 * its related candidates, and its neighbours in the published list, each an arm of one union.
 */
export async function viewArticle(deps: Pick<TDeps, "db" | "config">, slug: string): Promise<TArticle> {
  const n = sqlInt(BLOG_LIMITS.relatedShown);
  const card = (role: string, extra = sql`null as body, null as version`) =>
    sql`select ${role}::text as role, ${cardColumns}, ${extra} ${cardJoins}`;
  const other = sql`a.status = 'published' and a.id <> (select id from me)`;
  // Null-safe: an article without a category is close only by a tag.
  const close = sql`coalesce(a.category_id = (select category_id from me) or a.id in (select o.article_id
    from blog_article_tags o where o.tag_id in (select m.tag_id from blog_article_tags m
      where m.article_id = (select id from me))), false)`;
  const at = sql`(a.published_at, a.id)`;
  const mine = sql`((select published_at from me), (select id from me))`;
  const rows = await queryRows<TArticleRow>(
    deps.db,
    sql`with me as materialized (
        select id, category_id, published_at from (
          (select a.id, a.category_id, a.published_at, 1 as rank from blog_articles a
            where a.slug = ${slug} and a.status = 'published')
          union all
          (select a.id, a.category_id, a.published_at, 2 from blog_slug_history h
            join blog_articles a on a.id = h.article_id where h.slug = ${slug} and a.status = 'published')
        ) found order by rank limit 1)
      (${card("article", sql`a.body, ${isoTimestamp(sql`a.updated_at`)} as version`)} where a.id = (select id from me))
      union all (${card("close")} where ${other} and ${close} order by ${newestFirst} limit ${n})
      union all (${card("other")} where ${other} and not ${close} order by ${newestFirst} limit ${n})
      union all (${card("previous")} where a.status = 'published' and ${at} < ${mine}
        order by ${newestFirst} limit 1)
      union all (${card("next")} where a.status = 'published' and ${at} > ${mine}
        order by a.published_at asc nulls last, a.id asc nulls last limit 1)`,
  );
  const article = rows.find((r) => r.role === "article");
  if (!article) throw new AppError("NOT_FOUND", M_BLOG.articleNotFound);
  const { html, toc } = await renderArticleCached(
    deps,
    `${article.id}:${article.version}`,
    article.body ?? "",
  );
  const link = (role: TArticleRow["role"]) => {
    const row = rows.find((r) => r.role === role);
    return row ? { slug: row.slug, title: row.title } : null;
  };
  const related = [...rows.filter((r) => r.role === "close"), ...rows.filter((r) => r.role === "other")];
  return {
    ...mapCard(article),
    html,
    toc,
    previous: link("previous"),
    next: link("next"),
    related: related.slice(0, BLOG_LIMITS.relatedShown).map(mapCard),
  };
}

/** Categories with their published article counts. */
async function categoriesWhere(deps: Pick<TDeps, "db">, where: SQL | undefined): Promise<TBlogCategory[]> {
  const counts = deps.db
    .select({ categoryId: blogArticles.categoryId, n: sql<number>`count(*)::int`.as("n") })
    .from(blogArticles)
    .where(isPublished)
    .groupBy(blogArticles.categoryId)
    .as("counts");
  const rows = await deps.db
    .select({
      id: blogCategories.id,
      slug: blogCategories.slug,
      name: blogCategories.name,
      description: blogCategories.description,
      articleCount: sql<number>`coalesce(${counts.n}, 0)::int`,
    })
    .from(blogCategories)
    .leftJoin(counts, eq(counts.categoryId, blogCategories.id))
    .where(where)
    .orderBy(blogCategories.name);
  return rows;
}

/** GET /api/blog/categories: every category by name, with its published article count. */
export async function listCategories(deps: Pick<TDeps, "db">): Promise<{ items: TBlogCategory[] }> {
  return { items: await categoriesWhere(deps, undefined) };
}

/** GET /api/blog/categories/{slug}. */
export async function viewCategory(deps: Pick<TDeps, "db">, slug: string): Promise<TBlogCategory> {
  const [category] = await categoriesWhere(deps, eq(blogCategories.slug, slug));
  if (!category) throw new AppError("NOT_FOUND", M_BLOG.categoryNotFound);
  return category;
}

/** GET /api/blog/tags/{slug}: a tag with its published article count; 404 when it has none. */
export async function viewTag(deps: Pick<TDeps, "db">, slug: string): Promise<TBlogTag> {
  const [row] = await deps.db
    .select({
      slug: blogTags.slug,
      name: blogTags.name,
      articleCount: sql<number>`(select count(*)::int from blog_article_tags t join blog_articles a
        on a.id = t.article_id and a.status = 'published' where t.tag_id = blog_tags.id)`,
    })
    .from(blogTags)
    .where(eq(blogTags.slug, slug));
  if (!row || row.articleCount === 0) throw new AppError("NOT_FOUND", M_BLOG.tagNotFound);
  return row;
}

/** The newest published articles for the feeds, with their rendered bodies. */
export async function feedArticles(deps: Pick<TDeps, "db" | "config">) {
  const ids = await deps.db
    .select({ id: blogArticles.id, body: blogArticles.body, updatedAt: blogArticles.updatedAt })
    .from(blogArticles)
    .where(isPublished)
    .orderBy(sql`${blogArticles.publishedAt} desc nulls first`, sql`${blogArticles.id} desc nulls first`)
    .limit(BLOG_LIMITS.feedItems);
  const cards = await cardsByIds(
    deps,
    ids.map((r) => r.id),
  );
  const out = [];
  for (const [i, card] of cards.entries()) {
    const row = ids[i];
    if (!row) continue;
    const { html } = await renderArticleCached(deps, `${row.id}:${row.updatedAt.toISOString()}`, row.body);
    out.push({ card, html });
  }
  return out;
}

/** Every published article's slug and last change, newest first, for the sitemap (capped). */
export async function sitemapArticles(deps: Pick<TDeps, "db">, cap: number) {
  return deps.db
    .select({
      slug: blogArticles.slug,
      publishedAt: blogArticles.publishedAt,
      editedAt: blogArticles.editedAt,
    })
    .from(blogArticles)
    .where(isPublished)
    .orderBy(sql`${blogArticles.publishedAt} desc nulls first`, sql`${blogArticles.id} desc nulls first`)
    .limit(cap);
}
