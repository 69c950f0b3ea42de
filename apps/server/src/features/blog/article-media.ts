import { M_BLOG, type TAdminArticle, type TBlogImage, type TPreview } from "@plugs/domain";
import { eq } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import { blogArticles, blogImages } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { saveUploadedFile } from "../media/save-upload.ts";
import { adminArticle, audit, notFound } from "./admin-articles.ts";
import { renderArticleBody } from "./render-article.ts";

// The admins' uploads for an article (its cover, images for its text) and the editor's preview.

/** POST /api/admin/blog/articles/{id}/cover: an image checked by its bytes and re-encoded; replaces the old one. */
export async function setCover(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
  file: File | null,
): Promise<TAdminArticle> {
  const admin = requireAdmin(viewer);
  const [current] = await deps.db
    .select({ coverPath: blogArticles.coverPath, status: blogArticles.status, title: blogArticles.title })
    .from(blogArticles)
    .where(eq(blogArticles.id, id));
  if (!current) notFound();
  if (!file)
    throw new AppError("VALIDATION", M_BLOG.imageRequired, { fields: { cover: M_BLOG.imageRequired } });
  const saved = await saveUploadedFile(deps, { folder: `blog/${id}`, file, allowedKinds: ["image"] });
  const now = new Date();
  const updated = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(blogArticles)
      .set({
        coverUrl: saved.url,
        coverPath: saved.path,
        coverWidth: saved.width,
        coverHeight: saved.height,
        updatedAt: now,
        ...(current.status === "published" ? { editedAt: now } : {}),
      })
      .where(eq(blogArticles.id, id))
      .returning({ id: blogArticles.id });
    if (rows.length > 0) {
      await audit(tx, {
        actorId: admin.id,
        action: "blog.cover",
        targetId: id,
        summary: `Changed the cover of "${current.title}"`,
        detail: { url: saved.url },
      });
    }
    return rows.length > 0;
  });
  if (!updated) {
    await deps.storage.delete(saved.path).catch(() => {});
    notFound();
  }
  if (current.coverPath) await deps.storage.delete(current.coverPath).catch(() => {});
  return adminArticle(deps, id);
}

/** DELETE /api/admin/blog/articles/{id}/cover. */
export async function removeCover(deps: TDeps, viewer: TViewer | null, id: string): Promise<TAdminArticle> {
  const admin = requireAdmin(viewer);
  const [current] = await deps.db
    .select({ coverPath: blogArticles.coverPath, status: blogArticles.status, title: blogArticles.title })
    .from(blogArticles)
    .where(eq(blogArticles.id, id));
  if (!current) notFound();
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(blogArticles)
      .set({
        coverUrl: null,
        coverPath: null,
        coverWidth: null,
        coverHeight: null,
        updatedAt: now,
        ...(current.status === "published" ? { editedAt: now } : {}),
      })
      .where(eq(blogArticles.id, id));
    await audit(tx, {
      actorId: admin.id,
      action: "blog.cover",
      targetId: id,
      summary: `Removed the cover of "${current.title}"`,
    });
  });
  if (current.coverPath) await deps.storage.delete(current.coverPath).catch(() => {});
  return adminArticle(deps, id);
}

/** POST /api/admin/blog/images: an image for an article's text, checked, re-encoded, its size kept for the page. */
export async function uploadImage(
  deps: TDeps,
  viewer: TViewer | null,
  file: File | null,
): Promise<TBlogImage> {
  const admin = requireAdmin(viewer);
  if (!file)
    throw new AppError("VALIDATION", M_BLOG.imageRequired, { fields: { image: M_BLOG.imageRequired } });
  const saved = await saveUploadedFile(deps, { folder: "blog/images", file, allowedKinds: ["image"] });
  const width = saved.width ?? 0;
  const height = saved.height ?? 0;
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(blogImages)
      .values({ url: saved.url, path: saved.path, width, height, uploadedBy: admin.id });
    await audit(tx, {
      actorId: admin.id,
      action: "blog.image",
      targetType: "blog_image",
      targetId: saved.url,
      summary: `Uploaded the image ${saved.originalName}`,
    });
  });
  const alt = saved.originalName.replace(/\.[^.]*$/, "").replace(/[[\]\\]/g, "");
  return { url: saved.url, width, height, markdown: `![${alt}](${saved.url})` };
}

/** POST /api/admin/blog/preview: the Markdown rendered exactly as readers will get it. */
export async function previewArticle(deps: TDeps, viewer: TViewer | null, body: string): Promise<TPreview> {
  requireAdmin(viewer);
  return renderArticleBody(deps, body);
}
