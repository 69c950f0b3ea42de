import {
  M,
  POST_LIMITS,
  type TFeedPage,
  type TFeedSort,
  type TFeedTab,
  type TPost,
  type TPostsPage,
} from "@plugs/domain";
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, refusalMessage } from "../../lib/api.ts";
import { applyOptimistic } from "../../lib/optimistic.ts";
import {
  deletePost,
  fetchFeed,
  fetchGifStatus,
  fetchGifs,
  fetchPost,
  fetchPostEdits,
  fetchPostsPage,
  setLike,
  suggestMentions,
  updatePost,
} from "./api.ts";

/** Every posts query key comes from here, so one invalidation reaches every list and page holding a post. */
export const postKeys = {
  all: ["posts"] as const,
  feeds: () => [...postKeys.all, "feed"] as const,
  feed: (tab: TFeedTab, sort: TFeedSort) => [...postKeys.feeds(), { tab, sort }] as const,
  pages: () => [...postKeys.all, "page"] as const,
  page: (cursor: string | null, pageSize: number, communityId?: string) =>
    [...postKeys.pages(), { cursor, pageSize, communityId: communityId ?? null }] as const,
  details: () => [...postKeys.all, "detail"] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
  edits: (id: string) => [...postKeys.all, "edits", id] as const,
};

export const mentionKeys = {
  all: ["mentions"] as const,
  suggest: (q: string) => [...mentionKeys.all, "suggest", q] as const,
};

export const gifKeys = {
  all: ["gifs"] as const,
  status: () => [...gifKeys.all, "status"] as const,
  list: (q: string) => [...gifKeys.all, "list", q.trim()] as const,
};

// Spec: post queries retry once after 1 s; a missing post is an answer, not a failure to retry.
const POST_RETRY = {
  retry: (failures: number, error: unknown) =>
    failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  retryDelay: 1000,
};

/** PlugFeed's infinite list, following the server's cursor. */
export function useFeed(tab: TFeedTab, sort: TFeedSort, enabled = true) {
  return useInfiniteQuery({
    queryKey: postKeys.feed(tab, sort),
    queryFn: ({ pageParam }) => fetchFeed({ tab, sort, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    ...POST_RETRY,
  });
}

/** The Community Posts page's numbered pages (spec: community feed fresh for 30 s). */
/** A numbered page of posts: page 1 without a cursor, another by the cursor its neighbour gave. */
export function usePostsPage(cursor: string | null, communityId?: string) {
  return useQuery({
    queryKey: postKeys.page(cursor, POST_LIMITS.feedPageSize, communityId),
    queryFn: () => fetchPostsPage({ cursor, pageSize: POST_LIMITS.feedPageSize, communityId }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    ...POST_RETRY,
  });
}

export function usePost(id: string) {
  return useQuery({ queryKey: postKeys.detail(id), queryFn: () => fetchPost(id), ...POST_RETRY });
}

export function usePostEdits(id: string, enabled: boolean) {
  return useQuery({
    queryKey: postKeys.edits(id),
    queryFn: () => fetchPostEdits(id),
    enabled,
    ...POST_RETRY,
  });
}

export function useGifStatus() {
  return useQuery({ queryKey: gifKeys.status(), queryFn: fetchGifStatus, staleTime: 5 * 60_000 });
}

export function useGifs(q: string) {
  return useQuery({
    queryKey: gifKeys.list(q),
    queryFn: () => fetchGifs(q),
    retry: false,
    staleTime: 60_000,
  });
}

export function useMentionSuggestions(q: string | null) {
  return useQuery({
    queryKey: mentionKeys.suggest(q ?? ""),
    queryFn: () => suggestMentions(q ?? ""),
    enabled: q !== null,
    staleTime: 30_000,
  });
}

/** Applies `update` to the post with this id wherever it is cached: feed pages, numbered pages, its own page. */
function mapCachedPost(id: string, update: (post: TPost) => TPost) {
  const one = <T extends TPost>(post: T): T => (post.id === id ? { ...post, ...update(post) } : post);
  return (data: unknown): unknown => {
    if (!data || typeof data !== "object") return data;
    if ("pages" in data) {
      const infinite = data as InfiniteData<TFeedPage>;
      return { ...infinite, pages: infinite.pages.map((p) => ({ ...p, items: p.items.map(one) })) };
    }
    if ("items" in data && Array.isArray((data as TPostsPage).items)) {
      const page = data as TPostsPage;
      return { ...page, items: page.items.map(one) };
    }
    if ("id" in data && "content" in data) return one(data as TPost);
    return data;
  };
}

function setPostEverywhere(queryClient: QueryClient, id: string, update: (post: TPost) => TPost) {
  queryClient.setQueriesData({ queryKey: postKeys.all }, mapCachedPost(id, update));
}

/** Like or unlike: the count moves at once and comes back if the server says no. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, like }: { post: TPost; like: boolean }) => setLike(post.id, like),
    onMutate: async ({ post, like }) => {
      const rollback = await applyOptimistic(
        queryClient,
        postKeys.all,
        mapCachedPost(post.id, (p) =>
          p.likedByMe === like
            ? p
            : { ...p, likedByMe: like, likesCount: Math.max(0, p.likesCount + (like ? 1 : -1)) },
        ),
      );
      return { rollback };
    },
    onError: (error, { like }, context) => {
      context?.rollback();
      if (!like) toast.error(M.posts.unlikeError(refusalMessage(error, "Please try again")));
      else
        toast.error(error instanceof ApiError && error.status === 403 ? error.message : M.posts.likeFailed);
    },
    onSuccess: (state, { post }) => {
      setPostEverywhere(queryClient, post.id, (p) => ({
        ...p,
        likedByMe: state.liked,
        likesCount: state.likesCount,
      }));
    },
  });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => updatePost(id, content),
    onSuccess: (post) => {
      setPostEverywhere(queryClient, post.id, (p) => ({ ...p, ...post }));
      void queryClient.invalidateQueries({ queryKey: postKeys.edits(post.id) });
      toast.success(M.posts.updated);
    },
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePost(id),
    onSuccess: (_void, id) => {
      queryClient.removeQueries({ queryKey: postKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
      void queryClient.invalidateQueries({ queryKey: postKeys.pages() });
      toast.success(M.posts.deleted);
    },
    onError: (error) => {
      // Signed out meanwhile (in another tab, or the session ran out): the spec's word for it.
      if (error instanceof ApiError && error.status === 401) toast.error(M.posts.loginToDeletePosts);
      else if (error instanceof ApiError && error.status > 0 && error.status < 500)
        toast.error(M.posts.deleteError(error.message));
      else toast.error(M.posts.deleteFailed);
    },
  });
}

/** After a new post: every list refreshes now and once more 500 ms later (spec). */
export function refreshAfterCreate(queryClient: QueryClient) {
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    void queryClient.invalidateQueries({ queryKey: postKeys.pages() });
  };
  refresh();
  setTimeout(refresh, 500);
}
