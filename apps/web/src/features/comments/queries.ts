import { M, type TComment, type TCommentsPage, type TReactionState } from "@plugs/domain";
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, refusalMessage } from "../../lib/api.ts";
import { applyOptimistic } from "../../lib/optimistic.ts";
import { postKeys } from "../posts/queries.ts";
import {
  addReaction,
  createComment,
  deleteComment,
  fetchComments,
  removeReaction,
  setCommentLike,
} from "./api.ts";

/** Every comments query key comes from here. */
export const commentKeys = {
  all: ["comments"] as const,
  lists: () => [...commentKeys.all, "list"] as const,
  list: (postId: string) => [...commentKeys.lists(), postId] as const,
};

/** A post's threads, oldest first, following the server's cursor (spec: comment fetch stale time 5 s). */
export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(postId),
    queryFn: ({ pageParam }) => fetchComments(postId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5_000,
  });
}

/** Applies `update` to the comment with this id (a thread or a reply) in a cached list. */
function mapCachedComment(id: string, update: (comment: TComment) => TComment) {
  const one = <T extends TComment>(c: T): T => (c.id === id ? { ...c, ...update(c) } : c);
  return (data: unknown): unknown => {
    if (!data || typeof data !== "object" || !("pages" in data)) return data;
    const list = data as InfiniteData<TCommentsPage>;
    return {
      ...list,
      pages: list.pages.map((p) => ({
        ...p,
        items: p.items.map((t) => ({ ...one(t), replies: t.replies.map(one) })),
      })),
    };
  };
}

/** After a comment is added or removed: the list and the post's comment count (wherever it is shown) refresh. */
function refreshPost(queryClient: ReturnType<typeof useQueryClient>, postId: string) {
  void queryClient.invalidateQueries({ queryKey: commentKeys.list(postId) });
  void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
  void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
  void queryClient.invalidateQueries({ queryKey: postKeys.pages() });
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Parameters<typeof createComment>[1]) => createComment(postId, input),
    onSuccess: () => {
      refreshPost(queryClient, postId);
      toast.success(M.comments.posted);
    },
    onError: (error) => {
      toast.error(M.comments.postFailed(refusalMessage(error, "Please try again")));
    },
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteComment(id),
    onSuccess: () => {
      refreshPost(queryClient, postId);
      toast.success(M.comments.deleted);
    },
    onError: (error) => {
      toast.error(M.comments.deleteFailed(refusalMessage(error, "Please try again")));
    },
  });
}

/** Like or unlike a comment: the count moves at once and comes back if the server says no. */
export function useToggleCommentLike(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, like }: { comment: TComment; like: boolean }) => setCommentLike(comment.id, like),
    onMutate: async ({ comment, like }) => {
      const rollback = await applyOptimistic(
        queryClient,
        commentKeys.list(postId),
        mapCachedComment(comment.id, (c) =>
          c.likedByMe === like
            ? c
            : { ...c, likedByMe: like, likesCount: Math.max(0, c.likesCount + (like ? 1 : -1)) },
        ),
      );
      return { rollback };
    },
    onError: (error, { like }, context) => {
      context?.rollback();
      const message = refusalMessage(error, "Please try again");
      toast.error(like ? M.comments.likeFailed(message) : M.comments.unlikeFailed(message));
    },
    onSuccess: (state, { comment }) => {
      queryClient.setQueriesData(
        { queryKey: commentKeys.list(postId) },
        mapCachedComment(comment.id, (c) => ({ ...c, likedByMe: state.liked, likesCount: state.likesCount })),
      );
    },
  });
}

/** The comment's reactions with `emoji` added or taken away by the viewer (for the optimistic update). */
export function withReaction(comment: TComment, emoji: string, add: boolean): TReactionState {
  const mine = comment.userReactions.includes(emoji);
  if (add === mine) return { reactions: comment.reactions, userReactions: comment.userReactions };
  const has = comment.reactions.some((r) => r.emoji === emoji);
  const reactions = add
    ? has
      ? comment.reactions.map((r) => (r.emoji === emoji ? { ...r, count: r.count + 1 } : r))
      : [...comment.reactions, { emoji, count: 1 }]
    : comment.reactions
        .map((r) => (r.emoji === emoji ? { ...r, count: r.count - 1 } : r))
        .filter((r) => r.count > 0);
  const userReactions = add
    ? [...comment.userReactions, emoji]
    : comment.userReactions.filter((e) => e !== emoji);
  return { reactions, userReactions };
}

/** React with an emoji or take it back; optimistic, rolled back on error. */
export function useReact(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, emoji, add }: { comment: TComment; emoji: string; add: boolean }) =>
      add ? addReaction(comment.id, emoji) : removeReaction(comment.id, emoji),
    onMutate: async ({ comment, emoji, add }) => {
      const rollback = await applyOptimistic(
        queryClient,
        commentKeys.list(postId),
        mapCachedComment(comment.id, (c) => ({ ...c, ...withReaction(c, emoji, add) })),
      );
      return { rollback };
    },
    onError: (error, _vars, context) => {
      context?.rollback();
      if (error instanceof ApiError && error.status === 409) {
        toast.error(M.reactions.alreadyUsedTitle, { description: M.reactions.alreadyUsed });
      } else if (error instanceof ApiError && error.status > 0 && error.status < 500) {
        toast.error(M.reactions.addFailed(error.message));
      } else {
        toast.error(M.reactions.failed);
      }
    },
    onSuccess: (state, { comment }) => {
      queryClient.setQueriesData(
        { queryKey: commentKeys.list(postId) },
        mapCachedComment(comment.id, (c) => ({ ...c, ...state })),
      );
    },
  });
}
