import type {
  TAdminArticle,
  TAdminArticleList,
  TArticle,
  TArticleInput,
  TArticleList,
  TArticlePatch,
  TArticleStatus,
  TBlogCategory,
  TBlogCategoryList,
  TBlogImage,
  TBlogTag,
  TCategoryInput,
  TCategoryPatch,
  TPreview,
} from "@plugs/domain";
import { BLOG_LIMITS } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";
import { sendForm, type TUploadOptions } from "../../lib/upload.ts";

/** The blog's calls: the public list, articles, categories and tags; the admins' articles, uploads and preview. */

export type TArticleFilter = { q: string; category: string; tag: string; page: number };

/** GET /api/blog/articles with only the filters that are set (the same URL for the server's first render). */
export function articleListUrl(filter: TArticleFilter): string {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.category) params.set("category", filter.category);
  if (filter.tag) params.set("tag", filter.tag);
  if (filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return `/api/blog/articles${query ? `?${query}` : ""}`;
}

/** ?q= and ?page= of a blog list's address (the category or tag comes from the path). */
export function listAddress(params: URLSearchParams): { q: string; page: number } {
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").slice(0, BLOG_LIMITS.searchMax),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export const articleUrl = (slug: string) => `/api/blog/articles/${encodeURIComponent(slug)}`;
export const BLOG_CATEGORIES_URL = "/api/blog/categories";
export const categoryUrl = (slug: string) => `/api/blog/categories/${encodeURIComponent(slug)}`;
export const tagUrl = (slug: string) => `/api/blog/tags/${encodeURIComponent(slug)}`;

export function fetchArticles(filter: TArticleFilter): Promise<TArticleList> {
  return apiFetch<TArticleList>(articleListUrl(filter));
}

export function fetchArticle(slug: string): Promise<TArticle> {
  return apiFetch<TArticle>(articleUrl(slug));
}

export function fetchCategories(): Promise<TBlogCategoryList> {
  return apiFetch<TBlogCategoryList>(BLOG_CATEGORIES_URL);
}

export function fetchCategory(slug: string): Promise<TBlogCategory> {
  return apiFetch<TBlogCategory>(categoryUrl(slug));
}

export function fetchTag(slug: string): Promise<TBlogTag> {
  return apiFetch<TBlogTag>(tagUrl(slug));
}

// The admins'.

const ADMIN = "/api/admin/blog";
const adminArticle = (id: string) => `${ADMIN}/articles/${encodeURIComponent(id)}`;

export function fetchAdminArticles(filter: {
  q: string;
  status: TArticleStatus | "";
  page: number;
}): Promise<TAdminArticleList> {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.status) params.set("status", filter.status);
  if (filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return apiFetch<TAdminArticleList>(`${ADMIN}/articles${query ? `?${query}` : ""}`);
}

export function fetchAdminArticle(id: string): Promise<TAdminArticle> {
  return apiFetch<TAdminArticle>(adminArticle(id));
}

export function createArticle(input: TArticleInput): Promise<TAdminArticle> {
  return apiFetch<TAdminArticle>(`${ADMIN}/articles`, { method: "POST", body: JSON.stringify(input) });
}

export function updateArticle({ id, ...patch }: TArticlePatch & { id: string }): Promise<TAdminArticle> {
  return apiFetch<TAdminArticle>(adminArticle(id), { method: "PATCH", body: JSON.stringify(patch) });
}

export function deleteArticle(id: string): Promise<void> {
  return apiFetch<void>(adminArticle(id), { method: "DELETE" });
}

export function uploadCover(id: string, file: File, options: TUploadOptions): Promise<TAdminArticle> {
  const form = new FormData();
  form.append("cover", file);
  return sendForm<TAdminArticle>("POST", `${adminArticle(id)}/cover`, form, options);
}

export function removeCover(id: string): Promise<TAdminArticle> {
  return apiFetch<TAdminArticle>(`${adminArticle(id)}/cover`, { method: "DELETE" });
}

export function uploadBlogImage(file: File, options: TUploadOptions): Promise<TBlogImage> {
  const form = new FormData();
  form.append("image", file);
  return sendForm<TBlogImage>("POST", `${ADMIN}/images`, form, options);
}

export function previewMarkdown(body: string, signal?: AbortSignal): Promise<TPreview> {
  return apiFetch<TPreview>(`${ADMIN}/preview`, { method: "POST", body: JSON.stringify({ body }), signal });
}

export function fetchAdminCategories(): Promise<TBlogCategoryList> {
  return apiFetch<TBlogCategoryList>(`${ADMIN}/categories`);
}

export function createCategory(input: TCategoryInput): Promise<TBlogCategory> {
  return apiFetch<TBlogCategory>(`${ADMIN}/categories`, { method: "POST", body: JSON.stringify(input) });
}

export function updateCategory({ id, ...patch }: TCategoryPatch & { id: string }): Promise<TBlogCategory> {
  return apiFetch<TBlogCategory>(`${ADMIN}/categories/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify(patch),
  });
}

export function deleteCategory(id: string): Promise<void> {
  return apiFetch<void>(`${ADMIN}/categories/${encodeURIComponent(id)}`, { method: "DELETE" });
}
