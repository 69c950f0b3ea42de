import { MODERATION_M, type TCommunitySuspensionRequest, type TFlagRequest } from "@plugs/domain";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toaster.tsx";
import {
  dismissFlags,
  fetchQueue,
  fetchRemoved,
  fetchRemovedCommunities,
  flagContent,
  removeCommunity,
  removeContent,
  restoreCommunity,
  restoreContent,
  setCommunitySuspension,
  type TModeratedType,
} from "./api.ts";

export const moderationKeys = {
  all: ["moderation"] as const,
  queue: () => [...moderationKeys.all, "queue"] as const,
  removed: () => [...moderationKeys.all, "removed"] as const,
  removedCommunities: () => [...moderationKeys.all, "removed-communities"] as const,
};

export function useRemovedCommunities() {
  return useQuery({ queryKey: moderationKeys.removedCommunities(), queryFn: fetchRemovedCommunities });
}

/** Removing a community changes every list and feed it or its posts are in: everything is fetched again. */
export function useRemoveCommunity(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => removeCommunity(slug, reason),
    onSuccess: () => {
      toast.success(MODERATION_M.communityRemoved);
      return queryClient.invalidateQueries();
    },
  });
}

export function useRestoreCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreCommunity,
    onSuccess: () => {
      toast.success(MODERATION_M.communityRestored);
      return queryClient.invalidateQueries();
    },
  });
}

export function useModerationQueue() {
  return useInfiniteQuery({
    queryKey: moderationKeys.queue(),
    queryFn: ({ pageParam }) => fetchQueue(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useRemovedContent() {
  return useInfiniteQuery({
    queryKey: moderationKeys.removed(),
    queryFn: ({ pageParam }) => fetchRemoved(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useFlagContent() {
  return useMutation({
    mutationFn: (v: { type: TModeratedType; id: string; body: TFlagRequest }) =>
      flagContent(v.type, v.id, v.body),
  });
}

/**
 * A removal or restore changes every list a post or comment is in: everything is fetched again. The toast is said
 * here, not by the button, because the refetch takes the item (and its button) off the screen.
 */
export function useRemoveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { type: TModeratedType; id: string; reason: string }) =>
      removeContent(v.type, v.id, v.reason),
    onSuccess: (_, v) => {
      toast.success(v.type === "post" ? "Post removed" : "Comment removed");
      return queryClient.invalidateQueries();
    },
  });
}

export function useRestoreContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { type: TModeratedType; id: string }) => restoreContent(v.type, v.id),
    onSuccess: (_, v) => {
      toast.success(v.type === "post" ? "Post restored" : "Comment restored");
      return queryClient.invalidateQueries();
    },
  });
}

export function useDismissFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissFlags,
    onSuccess: () => {
      toast.success("Flags dismissed");
      return queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
  });
}

export function useSetCommunitySuspension(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCommunitySuspensionRequest) => setCommunitySuspension(slug, body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
