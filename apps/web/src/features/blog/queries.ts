import type { TArticleStatus } from "@plugs/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createArticle,
  createCategory,
  deleteArticle,
  deleteCategory,
  fetchAdminArticle,
  fetchAdminArticles,
  fetchAdminCategories,
  fetchArticle,
  fetchArticles,
  fetchCategories,
  fetchCategory,
  fetchTag,
  removeCover,
  type TArticleFilter,
  updateArticle,
  updateCategory,
} from "./api.ts";

/** The blog's query keys: what readers see under `blog`, the admins' drafts under `admin-blog`. */
export const blogKeys = {
  all: ["blog"] as const,
  list: (filter: TArticleFilter) =>
    [...blogKeys.all, "list", filter.q, filter.category, filter.tag, filter.page] as const,
  article: (slug: string) => [...blogKeys.all, "article", slug] as const,
  categories: () => [...blogKeys.all, "categories"] as const,
  category: (slug: string) => [...blogKeys.all, "category", slug] as const,
  tag: (slug: string) => [...blogKeys.all, "tag", slug] as const,
  admin: ["admin-blog"] as const,
  adminList: (q: string, status: TArticleStatus | "", page: number) =>
    [...blogKeys.admin, "list", q, status, page] as const,
  adminArticle: (id: string) => [...blogKeys.admin, "article", id] as const,
  adminCategories: () => [...blogKeys.admin, "categories"] as const,
};

/** A 404 is an answer (the page says not found), not a failure worth asking again. */
const retryUnlessMissing = (count: number, error: Error) =>
  count < 2 && !("status" in error && (error as { status: number }).status === 404);

export function useArticles(filter: TArticleFilter) {
  return useQuery({
    queryKey: blogKeys.list(filter),
    queryFn: () => fetchArticles(filter),
    placeholderData: keepPreviousData,
  });
}

export function useArticle(slug: string) {
  return useQuery({
    queryKey: blogKeys.article(slug),
    queryFn: () => fetchArticle(slug),
    retry: retryUnlessMissing,
  });
}

export function useBlogCategories() {
  return useQuery({ queryKey: blogKeys.categories(), queryFn: fetchCategories, staleTime: 5 * 60_000 });
}

export function useBlogCategory(slug: string) {
  return useQuery({
    queryKey: blogKeys.category(slug),
    queryFn: () => fetchCategory(slug),
    retry: retryUnlessMissing,
  });
}

export function useBlogTag(slug: string) {
  return useQuery({ queryKey: blogKeys.tag(slug), queryFn: () => fetchTag(slug), retry: retryUnlessMissing });
}

// The admins'.

export function useAdminArticles(q: string, status: TArticleStatus | "", page: number) {
  return useQuery({
    queryKey: blogKeys.adminList(q, status, page),
    queryFn: () => fetchAdminArticles({ q, status, page }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminArticle(id: string) {
  return useQuery({
    queryKey: blogKeys.adminArticle(id),
    queryFn: () => fetchAdminArticle(id),
    retry: retryUnlessMissing,
    enabled: id !== "",
  });
}

export function useAdminCategories() {
  return useQuery({ queryKey: blogKeys.adminCategories(), queryFn: fetchAdminCategories });
}

/** After any admin write: the admin lists and everything readers see are read again. */
function useRefreshBlog() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: blogKeys.admin }),
      queryClient.invalidateQueries({ queryKey: blogKeys.all }),
    ]);
}

export function useCreateArticle() {
  const refresh = useRefreshBlog();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    // The editor moves to the saved article's address and shows it at once.
    onSuccess: (saved) => {
      queryClient.setQueryData(blogKeys.adminArticle(saved.id), saved);
      return refresh();
    },
  });
}

export function useUpdateArticle() {
  const refresh = useRefreshBlog();
  return useMutation({ mutationFn: updateArticle, onSuccess: refresh });
}

export function useDeleteArticle() {
  const refresh = useRefreshBlog();
  return useMutation({ mutationFn: deleteArticle, onSuccess: refresh });
}

export function useRemoveCover() {
  const refresh = useRefreshBlog();
  return useMutation({ mutationFn: removeCover, onSuccess: refresh });
}

export function useCreateCategory() {
  const refresh = useRefreshBlog();
  return useMutation({ mutationFn: createCategory, onSuccess: refresh });
}

export function useUpdateCategory() {
  const refresh = useRefreshBlog();
  return useMutation({ mutationFn: updateCategory, onSuccess: refresh });
}

export function useDeleteCategory() {
  const refresh = useRefreshBlog();
  return useMutation({ mutationFn: deleteCategory, onSuccess: refresh });
}

/** Called after a cover upload (sent outside TanStack Query, for its progress): everything reads again. */
export function useBlogRefresher() {
  return useRefreshBlog();
}
