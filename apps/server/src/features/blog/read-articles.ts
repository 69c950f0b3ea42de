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
import { and, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TDeps } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import {
  blogArticles,
  blogArticleTags,
  blogCategories,
  blogSlugHistory,
  blogTags,
  profiles,
} from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { renderArticleCached } from "./render-article.ts";

/*
 * What readers get. Only `status = 'published'` is ever read here (every statement says so, served by the partial
 * indexes of db/schema/blog.ts): a draft or a scheduled article is 404 through every path, its old slugs too.
 */

type TListQuery = z.output<typeof ZArticleListQuery>;

export const isPublished: SQL = sql`${blogArticles.status} = 'published'`;

const cardColumns = {
  id: blogArticles.id,
  slug: blogArticles.slug,
  title: blogArticles.title,
  excerpt: blogArticles.excerpt,
  coverUrl: blogArticles.coverUrl,
  coverWidth: blogArticles.coverWidth,
  coverHeight: blogArticles.coverHeight,
  publishedAt: blogArticles.publishedAt,
  editedAt: blogArticles.editedAt,
  readingMinutes: blogArticles.readingMinutes,
  featured: blogArticles.featured,
  categoryId: blogArticles.categoryId,
  categorySlug: blogCategories.slug,
  categoryName: blogCategories.name,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
};
type TCardRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  coverUrl: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  publishedAt: Date | null;
  editedAt: Date | null;
  readingMinutes: number;
  featured: boolean;
  categoryId: string | null;
  categorySlug: string | null;
  categoryName: string | null;
  username: string | null;
  avatarUrl: string | null;
};

/** Published articles with their author and category (each joined on its primary key), in no set order. */
function cardRows(deps: Pick<TDeps, "db">, where: SQL | undefined) {
  return deps.db
    .select(cardColumns)
    .from(blogArticles)
    .leftJoin(blogCategories, eq(blogCategories.id, blogArticles.categoryId))
    .leftJoin(profiles, eq(profiles.id, blogArticles.authorId))
    .where(and(isPublished, where));
}

/** The tags of these articles, in one read. */
async function tagsOf(deps: Pick<TDeps, "db">, articleIds: string[]) {
  const byArticle = new Map<string, { slug: string; name: string }[]>();
  if (articleIds.length === 0) return byArticle;
  const rows = await deps.db
    .select({ articleId: blogArticleTags.articleId, slug: blogTags.slug, name: blogTags.name })
    .from(blogArticleTags)
    .innerJoin(blogTags, eq(blogTags.id, blogArticleTags.tagId))
    .where(inArray(blogArticleTags.articleId, articleIds))
    .orderBy(blogTags.name);
  for (const row of rows) {
    const list = byArticle.get(row.articleId) ?? [];
    list.push({ slug: row.slug, name: row.name });
    byArticle.set(row.articleId, list);
  }
  return byArticle;
}

function mapCard(row: TCardRow, tags: { slug: string; name: string }[]): TArticleCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverUrl: row.coverUrl,
    coverWidth: row.coverWidth,
    coverHeight: row.coverHeight,
    author: { username: row.username ?? "", avatarUrl: row.avatarUrl },
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    updatedAt: row.editedAt ? row.editedAt.toISOString() : null,
    readingMinutes: row.readingMinutes,
    category:
      row.categorySlug && row.categoryName ? { slug: row.categorySlug, name: row.categoryName } : null,
    tags,
    featured: row.featured,
  };
}

/** Cards of published articles by id, in the given order (one read for the articles, one for their tags). */
export async function cardsByIds(deps: Pick<TDeps, "db">, ids: string[]): Promise<TArticleCard[]> {
  if (ids.length === 0) return [];
  const rows = await cardRows(deps, inArray(blogArticles.id, ids));
  const tags = await tagsOf(deps, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [mapCard(row, tags.get(id) ?? [])] : [];
  });
}

const newestFirst = [desc(blogArticles.publishedAt), desc(blogArticles.id)] as const;

/** The full-text query of a reader's words (websearch syntax: quotes, or, -word), or null for none. */
function searchQuery(q: string | undefined): SQL | null {
  const words = q?.trim();
  return words ? sql`websearch_to_tsquery('english', ${words})` : null;
}

/**
 * GET /api/blog/articles: published articles, newest first, 12 a page; filtered by category, tag and a full-text
 * search (best match first). Page 1 of the unfiltered list carries the newest featured article on top, left out
 * of its items.
 */
export async function listArticles(deps: Pick<TDeps, "db">, query: TListQuery): Promise<TArticleList> {
  const page = query.page ?? 1;
  const pageSize = BLOG_LIMITS.pageSize;
  const search = searchQuery(query.q);
  const conditions: SQL[] = [];
  // A category is looked up first, so its articles are read on their own index (a value only known inside the
  // query would leave PostgreSQL walking every published article for a rare category); a tag is found by its slug
  // inside the list's reads (blog_tags_slug_key, then blog_article_tags_tag_idx). An unknown one matches nothing.
  if (query.category) {
    const [category] = await deps.db
      .select({ id: blogCategories.id })
      .from(blogCategories)
      .where(eq(blogCategories.slug, query.category));
    if (!category) return { items: [], total: 0, page, pageCount: 1, featured: null };
    conditions.push(eq(blogArticles.categoryId, category.id));
  }
  if (query.tag) {
    conditions.push(sql`${blogArticles.id} in (select t.article_id from blog_article_tags t
      join blog_tags g on g.id = t.tag_id where g.slug = ${query.tag})`);
  }
  if (search) conditions.push(sql`${blogArticles.search} @@ ${search}`);
  // The unfiltered list's newest featured article, read as its card (blog_articles_featured_idx).
  const [featured] =
    conditions.length > 0
      ? []
      : await cardRows(deps, eq(blogArticles.featured, true))
          .orderBy(sql`${blogArticles.publishedAt} desc nulls first`)
          .limit(1);
  if (featured) conditions.push(ne(blogArticles.id, featured.id));
  const where = and(isPublished, ...conditions);

  const [counted] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(blogArticles).where(where);
  const total = counted?.n ?? 0;
  const order = search
    ? [sql`ts_rank(${blogArticles.search}, ${search}) desc`, ...newestFirst]
    : [sql`${blogArticles.publishedAt} desc nulls first`, sql`${blogArticles.id} desc nulls first`];
  const rows = await cardRows(deps, where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const shownFeatured = featured && page === 1 ? featured : null;
  const tags = await tagsOf(deps, [...rows.map((r) => r.id), ...(shownFeatured ? [shownFeatured.id] : [])]);
  return {
    items: rows.map((r) => mapCard(r, tags.get(r.id) ?? [])),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    featured: shownFeatured ? mapCard(shownFeatured, tags.get(shownFeatured.id) ?? []) : null,
  };
}

const articleColumns = {
  id: blogArticles.id,
  body: blogArticles.body,
  updatedAt: blogArticles.updatedAt,
  publishedAt: blogArticles.publishedAt,
  categoryId: blogArticles.categoryId,
};

/** A published article's body and place by its slug, or by a slug it had before a rename. */
async function publishedBySlug(deps: Pick<TDeps, "db">, slug: string) {
  const [live] = await deps.db
    .select(articleColumns)
    .from(blogArticles)
    .where(and(eq(blogArticles.slug, slug), isPublished));
  if (live) return live;
  const [old] = await deps.db
    .select(articleColumns)
    .from(blogSlugHistory)
    .innerJoin(blogArticles, eq(blogArticles.id, blogSlugHistory.articleId))
    .where(and(eq(blogSlugHistory.slug, slug), isPublished));
  return old ?? null;
}

/** The article's neighbours in the published list, the next older and the next newer, in one statement. */
async function neighbours(deps: Pick<TDeps, "db">, publishedAt: Date, id: string) {
  const at = sql`(${publishedAt.toISOString()}::timestamptz, ${id}::uuid)`;
  const rows = await queryRows<{ side: "previous" | "next"; slug: string; title: string }>(
    deps.db,
    sql`(select 'previous' as side, a.slug, a.title from blog_articles a
          where a.status = 'published' and (a.published_at, a.id) < ${at}
          order by a.published_at desc nulls first, a.id desc nulls first limit 1)
        union all
        (select 'next' as side, a.slug, a.title from blog_articles a
          where a.status = 'published' and (a.published_at, a.id) > ${at}
          order by a.published_at asc nulls last, a.id asc nulls last limit 1)`,
  );
  const link = (side: string) => {
    const row = rows.find((r) => r.side === side);
    return row ? { slug: row.slug, title: row.title } : null;
  };
  return { previous: link("previous"), next: link("next") };
}

/** Up to 3 related articles: the newest sharing the category or a tag, then the newest of the rest. */
async function relatedIds(deps: Pick<TDeps, "db">, id: string, categoryId: string | null): Promise<string[]> {
  const n = BLOG_LIMITS.relatedShown;
  const sameCategory = categoryId ? sql`${blogArticles.categoryId} = ${categoryId}` : sql`false`;
  const close = await deps.db
    .select({ id: blogArticles.id })
    .from(blogArticles)
    .where(
      and(
        isPublished,
        ne(blogArticles.id, id),
        sql`(${sameCategory} or ${blogArticles.id} in (select o.article_id from blog_article_tags o
              where o.tag_id in (select m.tag_id from blog_article_tags m where m.article_id = ${id})))`,
      ),
    )
    .orderBy(sql`${blogArticles.publishedAt} desc nulls first`, sql`${blogArticles.id} desc nulls first`)
    .limit(n);
  const ids = close.map((r) => r.id);
  if (ids.length < n) {
    const rest = await deps.db
      .select({ id: blogArticles.id })
      .from(blogArticles)
      .where(and(isPublished, ne(blogArticles.id, id), ...ids.map((other) => ne(blogArticles.id, other))))
      .orderBy(sql`${blogArticles.publishedAt} desc nulls first`, sql`${blogArticles.id} desc nulls first`)
      .limit(n - ids.length);
    ids.push(...rest.map((r) => r.id));
  }
  return ids;
}

/**
 * GET /api/blog/articles/{slug}: a published article by its slug or an old one (its `slug` is then the new one),
 * its body rendered, its neighbours and related articles. Anything else is 404 'Article not found'.
 */
export async function viewArticle(deps: Pick<TDeps, "db" | "config">, slug: string): Promise<TArticle> {
  const row = await publishedBySlug(deps, slug);
  if (!row) throw new AppError("NOT_FOUND", M_BLOG.articleNotFound);
  const related = await relatedIds(deps, row.id, row.categoryId);
  // The article's own card and its related ones in one read.
  const [card, ...relatedCards] = await cardsByIds(deps, [row.id, ...related]);
  if (card?.id !== row.id) throw new AppError("NOT_FOUND", M_BLOG.articleNotFound);
  const { html, toc } = await renderArticleCached(deps, `${row.id}:${row.updatedAt.getTime()}`, row.body);
  const { previous, next } = await neighbours(deps, row.publishedAt ?? new Date(0), row.id);
  return { ...card, html, toc, previous, next, related: relatedCards };
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
    const { html } = await renderArticleCached(deps, `${row.id}:${row.updatedAt.getTime()}`, row.body);
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
