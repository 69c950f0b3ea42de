import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  FILE_RULES,
  M_BLOG,
  ZAdminArticle,
  ZAdminArticleList,
  ZAdminArticleListQuery,
  ZArticle,
  ZArticleInput,
  ZArticleList,
  ZArticleListQuery,
  ZArticlePatch,
  ZBlogCategory,
  ZBlogCategoryList,
  ZBlogImage,
  ZBlogTag,
  ZCategoryInput,
  ZCategoryPatch,
  ZPreview,
  ZPreviewRequest,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { fileFields, fileOf, type TParsedBody, uploadBodyLimit } from "../media/multipart.ts";
import { isUuid } from "../posts/visibility.ts";
import {
  createArticle,
  deleteArticle,
  getAdminArticle,
  listAdminArticles,
  updateArticle,
} from "./admin-articles.ts";
import { createCategory, deleteCategory, listAdminCategories, updateCategory } from "./admin-categories.ts";
import { previewArticle, removeCover, setCover, uploadImage } from "./article-media.ts";
import { listArticles, listCategories, viewArticle, viewCategory, viewTag } from "./read-articles.ts";

const param = (name: string, description: string) =>
  z
    .string()
    .max(200)
    .openapi({ param: { name, in: "path" }, description });

const ZSlugParams = z.object({ slug: param("slug", "The slug") });
const ZIdParams = z.object({ id: param("id", "The id") });
const fileField = (description: string) =>
  z.unknown().optional().openapi({ type: "string", format: "binary", description });
const ZCoverForm = z.object({
  cover: fileField(
    `The cover image (JPEG, PNG, GIF, WebP; ${FILE_RULES.image.megabytes} MB), checked by its bytes`,
  ),
});
const ZImageForm = z.object({
  image: fileField(`An image for the text (JPEG, PNG, GIF, WebP; ${FILE_RULES.image.megabytes} MB)`),
});
/** Markdown bodies run to 100,000 characters, some 400 KB of JSON at worst. */
const ARTICLE_JSON_BYTES = 512 * 1024;

/** A path id that is not a uuid names nothing: 404 with the thing's own words, before any query. */
function uuidOr404(id: string, message: string): string {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", message);
  return id;
}

/** Blog: /api/blog/... for everyone (published articles only), /api/admin/blog/... for the admins who write it. */
export function blogRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/blog/articles",
        operationId: "listBlogArticles",
        security: access.none,
        tags: ["blog"],
        summary:
          "Published articles, newest first, 12 a page: by category, tag and a full-text search over title, excerpt and text (best match first); page 1 of the unfiltered list carries the featured article",
        request: { query: ZArticleListQuery },
        responses: { 200: json(ZArticleList, "One page of articles"), ...errorResponses(400) },
      }),
      async (c) => c.json(await listArticles(deps, c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/blog/articles/{slug}",
        operationId: "viewBlogArticle",
        security: access.none,
        tags: ["blog"],
        summary:
          "A published article with its sanitized HTML, table of contents, neighbours and related articles; an old slug answers with the article under its new slug",
        request: { params: ZSlugParams },
        responses: { 200: json(ZArticle, "The article"), ...errorResponses(404) },
      }),
      async (c) => c.json(await viewArticle(deps, c.req.valid("param").slug), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/blog/categories",
        operationId: "listBlogCategories",
        security: access.none,
        tags: ["blog"],
        summary: "Every category by name, with its published article count",
        responses: { 200: json(ZBlogCategoryList, "The categories") },
      }),
      async (c) => c.json(await listCategories(deps), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/blog/categories/{slug}",
        operationId: "viewBlogCategory",
        security: access.none,
        tags: ["blog"],
        summary: "A category with its description and published article count",
        request: { params: ZSlugParams },
        responses: { 200: json(ZBlogCategory, "The category"), ...errorResponses(404) },
      }),
      async (c) => c.json(await viewCategory(deps, c.req.valid("param").slug), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/blog/tags/{slug}",
        operationId: "viewBlogTag",
        security: access.none,
        tags: ["blog"],
        summary: "A tag with its published article count (404 when no published article has it)",
        request: { params: ZSlugParams },
        responses: { 200: json(ZBlogTag, "The tag"), ...errorResponses(404) },
      }),
      async (c) => c.json(await viewTag(deps, c.req.valid("param").slug), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/blog/articles",
        operationId: "listAdminBlogArticles",
        security: access.admin,
        tags: ["blog", "admin"],
        summary:
          "Every article (drafts, scheduled, published), newest change first, by status and words (admins only)",
        request: { query: ZAdminArticleListQuery },
        responses: { 200: json(ZAdminArticleList, "One page of articles"), ...errorResponses(400, 401, 403) },
      }),
      async (c) => c.json(await listAdminArticles(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/blog/articles",
        operationId: "createBlogArticle",
        security: access.admin,
        tags: ["blog", "admin"],
        summary:
          "Write an article as a draft, scheduled for a time (published then by the blog-publish job) or published now",
        jsonLimit: ARTICLE_JSON_BYTES,
        request: { body: { content: { "application/json": { schema: ZArticleInput } }, required: true } },
        responses: { 201: json(ZAdminArticle, "The article"), ...errorResponses(400, 401, 403, 409, 413) },
      }),
      async (c) => c.json(await createArticle(deps, viewerOf(c), c.req.valid("json")), 201),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/blog/articles/{id}",
        operationId: "getAdminBlogArticle",
        security: access.admin,
        tags: ["blog", "admin"],
        summary: "An article as written, any status (admins only)",
        request: { params: ZIdParams },
        responses: { 200: json(ZAdminArticle, "The article"), ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_BLOG.articleNotFound);
        return c.json(await getAdminArticle(deps, viewerOf(c), id), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/admin/blog/articles/{id}",
        operationId: "updateBlogArticle",
        security: access.admin,
        tags: ["blog", "admin"],
        summary:
          "Change any of an article's fields; a new slug keeps the old one answering, an edit after publishing shows the updated date",
        jsonLimit: ARTICLE_JSON_BYTES,
        request: {
          params: ZIdParams,
          body: { content: { "application/json": { schema: ZArticlePatch } }, required: true },
        },
        responses: {
          200: json(ZAdminArticle, "The article"),
          ...errorResponses(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_BLOG.articleNotFound);
        return c.json(await updateArticle(deps, viewerOf(c), id, c.req.valid("json")), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/admin/blog/articles/{id}",
        operationId: "deleteBlogArticle",
        security: access.admin,
        tags: ["blog", "admin"],
        summary: "Delete an article, its old slugs and its cover (admins only)",
        request: { params: ZIdParams },
        responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_BLOG.articleNotFound);
        await deleteArticle(deps, viewerOf(c), id);
        return c.body(null, 204);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/blog/articles/{id}/cover",
        operationId: "setBlogArticleCover",
        security: access.admin,
        tags: ["blog", "admin"],
        summary:
          "Upload the cover (multipart field `cover`): checked by its bytes, re-encoded, its size kept",
        middleware: [uploadBodyLimit("image", 1), fileFields({ cover: "one" })] as const,
        request: {
          params: ZIdParams,
          body: { required: true, content: { "multipart/form-data": { schema: ZCoverForm } } },
        },
        responses: {
          200: json(ZAdminArticle, "The article"),
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_BLOG.articleNotFound);
        const form = c.req.valid("form") as TParsedBody;
        return c.json(await setCover(deps, viewerOf(c), id, fileOf(form, "cover")), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/admin/blog/articles/{id}/cover",
        operationId: "removeBlogArticleCover",
        security: access.admin,
        tags: ["blog", "admin"],
        summary: "Remove the cover (admins only)",
        request: { params: ZIdParams },
        responses: { 200: json(ZAdminArticle, "The article"), ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_BLOG.articleNotFound);
        return c.json(await removeCover(deps, viewerOf(c), id), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/blog/images",
        operationId: "uploadBlogImage",
        security: access.admin,
        tags: ["blog", "admin"],
        summary:
          "Upload an image for an article's text (multipart field `image`): its URL, size and the Markdown to paste",
        middleware: [uploadBodyLimit("image", 1), fileFields({ image: "one" })] as const,
        request: { body: { required: true, content: { "multipart/form-data": { schema: ZImageForm } } } },
        responses: { 201: json(ZBlogImage, "The stored image"), ...errorResponses(400, 401, 403, 413, 415) },
      }),
      async (c) => {
        const form = c.req.valid("form") as TParsedBody;
        return c.json(await uploadImage(deps, viewerOf(c), fileOf(form, "image")), 201);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/blog/preview",
        operationId: "previewBlogArticle",
        security: access.admin,
        tags: ["blog", "admin"],
        summary: "Render Markdown exactly as readers will get it (sanitized HTML and table of contents)",
        jsonLimit: ARTICLE_JSON_BYTES,
        request: { body: { content: { "application/json": { schema: ZPreviewRequest } }, required: true } },
        responses: { 200: json(ZPreview, "The rendered text"), ...errorResponses(400, 401, 403, 413) },
      }),
      async (c) => c.json(await previewArticle(deps, viewerOf(c), c.req.valid("json").body), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/blog/categories",
        operationId: "listAdminBlogCategories",
        security: access.admin,
        tags: ["blog", "admin"],
        summary: "Every category with its published article count (admins only)",
        responses: { 200: json(ZBlogCategoryList, "The categories"), ...errorResponses(401, 403) },
      }),
      async (c) => c.json(await listAdminCategories(deps, viewerOf(c)), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/blog/categories",
        operationId: "createBlogCategory",
        security: access.admin,
        tags: ["blog", "admin"],
        summary: "Create a category (its slug from the name unless given)",
        request: { body: { content: { "application/json": { schema: ZCategoryInput } }, required: true } },
        responses: { 201: json(ZBlogCategory, "The category"), ...errorResponses(400, 401, 403, 409) },
      }),
      async (c) => c.json(await createCategory(deps, viewerOf(c), c.req.valid("json")), 201),
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/admin/blog/categories/{id}",
        operationId: "updateBlogCategory",
        security: access.admin,
        tags: ["blog", "admin"],
        summary: "Change a category's name, slug or description",
        request: {
          params: ZIdParams,
          body: { content: { "application/json": { schema: ZCategoryPatch } }, required: true },
        },
        responses: { 200: json(ZBlogCategory, "The category"), ...errorResponses(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_BLOG.categoryNotFound);
        return c.json(await updateCategory(deps, viewerOf(c), id, c.req.valid("json")), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/admin/blog/categories/{id}",
        operationId: "deleteBlogCategory",
        security: access.admin,
        tags: ["blog", "admin"],
        summary: "Delete a category no article uses (409 while one does)",
        request: { params: ZIdParams },
        responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 409) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_BLOG.categoryNotFound);
        await deleteCategory(deps, viewerOf(c), id);
        return c.body(null, 204);
      },
    );
}
