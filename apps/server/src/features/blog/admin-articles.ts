import {
  BLOG_LIMITS,
  M_BLOG,
  readingMinutes,
  SLUG_PATTERN,
  slugify,
  type TAdminArticle,
  type TAdminArticleList,
  type TArticleStatus,
  type ZAdminArticleListQuery,
  ZArticleFields,
  ZArticleInput,
  type ZArticlePatch,
} from "@plugs/domain";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import {
  blogArticles,
  blogArticleTags,
  blogCategories,
  blogSlugHistory,
  blogTags,
  profiles,
} from "../../db/schema/index.ts";
import { textRowCount } from "../../db/sql-int.ts";
import { AppError, isForeignKeyViolation } from "../../errors.ts";
import { slugOrFromTitle, slugTaken } from "../../lib/slug.ts";
import { recordAdminAction, type TAdminAction } from "../admin/record-admin-action.ts";
import { schedulePublish } from "./publish-article.ts";

type TInput = z.output<typeof ZArticleInput>;
type TPatch = z.output<typeof ZArticlePatch>;
type TListQuery = z.output<typeof ZAdminArticleListQuery>;
export type TTx = Parameters<Parameters<TDb["transaction"]>[0]>[0];
type TRow = typeof blogArticles.$inferSelect;

const slugOf = (input: { slug?: string | undefined; title: string }) =>
  slugOrFromTitle(input.slug, input.title, BLOG_LIMITS.slugMax);
const articleSlugTaken = slugTaken(M_BLOG.slugTaken);

/** A write's database refusals in the admin's words: a taken slug, or a category deleted meanwhile. */
function refused(err: unknown): never {
  if (isForeignKeyViolation(err)) {
    throw new AppError("VALIDATION", M_BLOG.categoryUnknown, {
      fields: { categoryId: M_BLOG.categoryUnknown },
    });
  }
  return articleSlugTaken(err);
}

const STATUS_ACTIONS: Record<TArticleStatus, string> = {
  published: "blog.publish",
  scheduled: "blog.schedule",
  draft: "blog.unpublish",
};

export function notFound(): never {
  throw new AppError("NOT_FOUND", M_BLOG.articleNotFound);
}

/** The article row's status columns for the status asked for (a published article keeps its first date). */
function statusColumns(status: TArticleStatus, publishAt: string | null | undefined, current: TRow | null) {
  if (status === "published") {
    return { status, publishAt: null, publishedAt: current?.publishedAt ?? new Date() };
  }
  if (status === "scheduled") {
    return { status, publishAt: new Date(publishAt ?? ""), publishedAt: current?.publishedAt ?? null };
  }
  return { status, publishAt: null, publishedAt: current?.publishedAt ?? null };
}

async function checkCategory(db: Pick<TDb, "select">, categoryId: string | null) {
  if (!categoryId) return;
  const [found] = await db
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(eq(blogCategories.id, categoryId));
  if (!found) {
    throw new AppError("VALIDATION", M_BLOG.categoryUnknown, {
      fields: { categoryId: M_BLOG.categoryUnknown },
    });
  }
}

/** Sets an article's tags to these names: new tags are created as typed (their slug from slugify). */
async function setTags(tx: TTx, articleId: string, names: string[]) {
  const bySlug = new Map<string, string>();
  for (const name of names) {
    const slug = slugify(name, BLOG_LIMITS.slugMax);
    if (!SLUG_PATTERN.test(slug))
      throw new AppError("VALIDATION", M_BLOG.tagInvalid, { fields: { tags: M_BLOG.tagInvalid } });
    if (!bySlug.has(slug)) bySlug.set(slug, name.replace(/\s+/g, " ").trim());
  }
  await tx.delete(blogArticleTags).where(eq(blogArticleTags.articleId, articleId));
  if (bySlug.size === 0) return;
  await tx
    .insert(blogTags)
    .values([...bySlug].map(([slug, name]) => ({ slug, name })))
    .onConflictDoNothing({ target: blogTags.slug });
  const tags = await tx
    .select({ id: blogTags.id })
    .from(blogTags)
    .where(inArray(blogTags.slug, [...bySlug.keys()]));
  await tx.insert(blogArticleTags).values(tags.map((t) => ({ articleId, tagId: t.id })));
}

/** An article's tags' names, by name. */
async function tagNames(db: Pick<TDb, "select">, articleId: string): Promise<string[]> {
  const rows = await db
    .select({ name: blogTags.name })
    .from(blogArticleTags)
    .innerJoin(blogTags, eq(blogTags.id, blogArticleTags.tagId))
    .where(eq(blogArticleTags.articleId, articleId))
    .orderBy(blogTags.name);
  return rows.map((r) => r.name);
}

/** The admin's view of an article: every field, the Markdown as written, the tags' names. */
export async function adminArticle(deps: Pick<TDeps, "db">, id: string): Promise<TAdminArticle> {
  const [row] = await deps.db
    .select({ article: blogArticles, username: profiles.username })
    .from(blogArticles)
    .leftJoin(profiles, eq(profiles.id, blogArticles.authorId))
    .where(eq(blogArticles.id, id));
  if (!row) notFound();
  const a = row.article;
  const tags = await tagNames(deps.db, id);
  return {
    id: a.id,
    slug: a.slug,
    title: a.title,
    excerpt: a.excerpt,
    body: a.body,
    coverUrl: a.coverUrl,
    coverWidth: a.coverWidth,
    coverHeight: a.coverHeight,
    status: a.status,
    publishAt: a.publishAt?.toISOString() ?? null,
    publishedAt: a.publishedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    categoryId: a.categoryId,
    tags,
    featured: a.featured,
    author: { username: row.username ?? "" },
  };
}

/** GET /api/admin/blog/articles/{id}. */
export async function getAdminArticle(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
): Promise<TAdminArticle> {
  requireAdmin(viewer);
  return adminArticle(deps, id);
}

/** GET /api/admin/blog/articles: every article, newest change first, by status and words of the title or text. */
export async function listAdminArticles(
  deps: TDeps,
  viewer: TViewer | null,
  query: TListQuery,
): Promise<TAdminArticleList> {
  requireAdmin(viewer);
  const page = query.page ?? 1;
  const size = BLOG_LIMITS.adminPageSize;
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(blogArticles.status, query.status));
  const words = query.q?.trim();
  if (words) conditions.push(sql`${blogArticles.search} @@ websearch_to_tsquery('english', ${words})`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [counted] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(blogArticles).where(where);
  const rows = await deps.db
    .select({
      id: blogArticles.id,
      slug: blogArticles.slug,
      title: blogArticles.title,
      status: blogArticles.status,
      publishAt: blogArticles.publishAt,
      publishedAt: blogArticles.publishedAt,
      updatedAt: blogArticles.updatedAt,
      categoryName: blogCategories.name,
    })
    .from(blogArticles)
    .leftJoin(blogCategories, eq(blogCategories.id, blogArticles.categoryId))
    .where(where)
    .orderBy(sql`${blogArticles.updatedAt} desc nulls first`, sql`${blogArticles.id} desc nulls first`)
    .limit(textRowCount(size))
    .offset(textRowCount((page - 1) * size));
  const total = counted?.n ?? 0;
  return {
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      status: r.status,
      publishAt: r.publishAt?.toISOString() ?? null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
      categoryName: r.categoryName,
    })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / size)),
  };
}

/** Records a blog write in the admins' audit log, in the write's own transaction. */
export function audit(tx: TTx, entry: Omit<TAdminAction, "targetType"> & { targetType?: string }) {
  return recordAdminAction(tx, { targetType: "article", ...entry });
}

/** POST /api/admin/blog/articles. */
export async function createArticle(
  deps: TDeps,
  viewer: TViewer | null,
  input: TInput,
): Promise<TAdminArticle> {
  const admin = requireAdmin(viewer);
  const slug = slugOf(input);
  await checkCategory(deps.db, input.categoryId);
  const columns = statusColumns(input.status, input.publishAt, null);
  const id = await deps.db
    .transaction(async (tx) => {
      // A new article may take a slug another one had before: the live slug wins, so its history row goes.
      await tx.delete(blogSlugHistory).where(eq(blogSlugHistory.slug, slug));
      const [created] = await tx
        .insert(blogArticles)
        .values({
          slug,
          title: input.title,
          excerpt: input.excerpt,
          body: input.body,
          categoryId: input.categoryId,
          featured: input.featured ?? false,
          readingMinutes: readingMinutes(input.body),
          authorId: admin.id,
          ...columns,
        })
        .returning({ id: blogArticles.id });
      if (!created) throw new Error("insert returned no row");
      await setTags(tx, created.id, input.tags);
      await audit(tx, {
        actorId: admin.id,
        action: "blog.create",
        targetId: created.id,
        summary: `Created the ${input.status} article "${input.title}"`,
        detail: { slug, status: input.status, publishAt: input.publishAt ?? null },
      });
      return created.id;
    })
    .catch(refused);
  if (columns.status === "scheduled" && columns.publishAt) await schedulePublish(deps, id, columns.publishAt);
  return adminArticle(deps, id);
}

/**
 * PATCH /api/admin/blog/articles/{id}: any of the fields. A new slug keeps the old one answering (slug history); a
 * change to a published article that stays published sets its updated date.
 */
export async function updateArticle(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
  patch: TPatch,
): Promise<TAdminArticle> {
  const admin = requireAdmin(viewer);
  const columns = await deps.db
    .transaction(async (tx) => {
      // One edit of an article at a time, each over the one before: the row is locked before it is read, so two
      // edits of different fields both stay, and its tags (replaced as a whole) never collide.
      const [current] = await tx.select().from(blogArticles).where(eq(blogArticles.id, id)).for("update");
      if (!current) notFound();
      const currentTags = await tagNames(tx, id);
      // Saving a scheduled article without touching its status or time keeps the schedule as it is, even when its
      // time has come meanwhile (the publish job is due): only a schedule being set is judged for a future time.
      const keepSchedule =
        current.status === "scheduled" && patch.status === undefined && patch.publishAt === undefined;
      const merged = {
        title: current.title,
        slug: current.slug,
        excerpt: current.excerpt,
        body: current.body,
        categoryId: current.categoryId,
        tags: currentTags,
        status: current.status,
        publishAt: current.publishAt?.toISOString() ?? null,
        featured: current.featured,
        ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
      };
      // The article with the patch over it, judged as a whole (a ZodError answers 400 naming the field).
      const next = (keepSchedule ? ZArticleFields : ZArticleInput).parse(merged);
      const slug = patch.slug === undefined ? current.slug : slugOf(next);
      if (patch.categoryId !== undefined) await checkCategory(tx, next.categoryId);
      const columns = keepSchedule
        ? { status: "scheduled" as const, publishAt: current.publishAt, publishedAt: current.publishedAt }
        : statusColumns(next.status, next.publishAt, current);
      const now = new Date();
      const stillPublished = current.status === "published" && columns.status === "published";
      if (slug !== current.slug) {
        await tx.delete(blogSlugHistory).where(eq(blogSlugHistory.slug, slug));
        await tx
          .insert(blogSlugHistory)
          .values({ slug: current.slug, articleId: id })
          .onConflictDoUpdate({ target: blogSlugHistory.slug, set: { articleId: id, createdAt: now } });
      }
      await tx
        .update(blogArticles)
        .set({
          slug,
          title: next.title,
          excerpt: next.excerpt,
          body: next.body,
          categoryId: next.categoryId,
          featured: next.featured ?? false,
          readingMinutes: readingMinutes(next.body),
          ...columns,
          updatedAt: now,
          ...(stillPublished ? { editedAt: now } : {}),
        })
        .where(eq(blogArticles.id, id));
      if (patch.tags !== undefined) await setTags(tx, id, next.tags);
      await audit(tx, {
        actorId: admin.id,
        action: columns.status === current.status ? "blog.update" : STATUS_ACTIONS[columns.status],
        targetId: id,
        summary: `Edited the article "${next.title}" (${columns.status})`,
        detail: {
          before: {
            slug: current.slug,
            title: current.title,
            status: current.status,
            publishAt: current.publishAt,
          },
          after: { slug, title: next.title, status: columns.status, publishAt: columns.publishAt },
        },
      });
      return columns;
    })
    .catch(refused);
  if (columns.status === "scheduled" && columns.publishAt) await schedulePublish(deps, id, columns.publishAt);
  return adminArticle(deps, id);
}

/** DELETE /api/admin/blog/articles/{id}: the article, its tags' links, its old slugs and its cover file. */
export async function deleteArticle(deps: TDeps, viewer: TViewer | null, id: string): Promise<void> {
  const admin = requireAdmin(viewer);
  const deleted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(blogArticles)
      .where(eq(blogArticles.id, id))
      .returning({ title: blogArticles.title, slug: blogArticles.slug, coverPath: blogArticles.coverPath });
    if (!row) return null;
    await audit(tx, {
      actorId: admin.id,
      action: "blog.delete",
      targetId: id,
      summary: `Deleted the article "${row.title}"`,
      detail: { slug: row.slug },
    });
    return row;
  });
  if (!deleted) notFound();
  if (deleted.coverPath) await deps.storage.delete(deleted.coverPath).catch(() => {});
}
