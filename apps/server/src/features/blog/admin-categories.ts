import {
  BLOG_LIMITS,
  M_BLOG,
  type TBlogCategory,
  type ZCategoryInput,
  type ZCategoryPatch,
} from "@plugs/domain";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { blogArticles, blogCategories } from "../../db/schema/index.ts";
import { AppError, isForeignKeyViolation } from "../../errors.ts";
import { slugOrFromTitle, slugTaken } from "../../lib/slug.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";
import { listCategories, viewCategory } from "./read-articles.ts";

type TInput = z.output<typeof ZCategoryInput>;
type TPatch = z.output<typeof ZCategoryPatch>;

const slugOf = (slug: string | undefined, name: string) => slugOrFromTitle(slug, name, BLOG_LIMITS.slugMax);

/** GET /api/admin/blog/categories: every category with its published article count. */
export async function listAdminCategories(deps: TDeps, viewer: TViewer | null) {
  requireAdmin(viewer);
  return listCategories(deps);
}

/** POST /api/admin/blog/categories. */
export async function createCategory(
  deps: TDeps,
  viewer: TViewer | null,
  input: TInput,
): Promise<TBlogCategory> {
  const admin = requireAdmin(viewer);
  const slug = slugOf(input.slug, input.name);
  await deps.db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(blogCategories)
        .values({ slug, name: input.name, description: input.description })
        .returning({ id: blogCategories.id });
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: "blog.category.create",
        targetType: "blog_category",
        targetId: created?.id,
        summary: `Created the blog category "${input.name}"`,
        detail: { slug },
      });
    })
    .catch(slugTaken(M_BLOG.categorySlugTaken));
  return viewCategory(deps, slug);
}

/** PATCH /api/admin/blog/categories/{id}. */
export async function updateCategory(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
  patch: TPatch,
): Promise<TBlogCategory> {
  const admin = requireAdmin(viewer);
  const [current] = await deps.db.select().from(blogCategories).where(eq(blogCategories.id, id));
  if (!current) throw new AppError("NOT_FOUND", M_BLOG.categoryNotFound);
  const name = patch.name ?? current.name;
  const slug = patch.slug === undefined ? current.slug : slugOf(patch.slug, name);
  const description = patch.description ?? current.description;
  await deps.db
    .transaction(async (tx) => {
      await tx
        .update(blogCategories)
        .set({ name, slug, description, updatedAt: new Date() })
        .where(eq(blogCategories.id, id));
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: "blog.category.update",
        targetType: "blog_category",
        targetId: id,
        summary: `Edited the blog category "${name}"`,
        detail: {
          before: { name: current.name, slug: current.slug, description: current.description },
          after: { name, slug, description },
        },
      });
    })
    .catch(slugTaken(M_BLOG.categorySlugTaken));
  return viewCategory(deps, slug);
}

/** DELETE /api/admin/blog/categories/{id}: only a category no article uses (409 otherwise). */
export async function deleteCategory(deps: TDeps, viewer: TViewer | null, id: string): Promise<void> {
  const admin = requireAdmin(viewer);
  const outcome = await deps.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id)).for("update");
      if (!current) return "missing" as const;
      const [used] = await tx
        .select({ id: blogArticles.id })
        .from(blogArticles)
        .where(eq(blogArticles.categoryId, id))
        .limit(1);
      if (used) return "used" as const;
      await tx.delete(blogCategories).where(eq(blogCategories.id, id));
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: "blog.category.delete",
        targetType: "blog_category",
        targetId: id,
        summary: `Deleted the blog category "${current.name}"`,
        detail: { slug: current.slug },
      });
      return "deleted" as const;
    })
    // An article given this category while it was being deleted.
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) return "used" as const;
      throw err;
    });
  if (outcome === "missing") throw new AppError("NOT_FOUND", M_BLOG.categoryNotFound);
  if (outcome === "used") throw new AppError("CONFLICT", M_BLOG.categoryInUse);
}
