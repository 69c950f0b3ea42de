import { M, type TPublicProfile } from "@plugs/domain";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import {
  fetchFollows,
  fetchProfile,
  fetchUserCommunities,
  fetchUserPosts,
  fetchUserReports,
  setFollow,
} from "./api.ts";

/** Every profile query key comes from here. */
export const profileKeys = {
  all: ["profiles"] as const,
  detail: (username: string) => [...profileKeys.all, "detail", username.toLowerCase()] as const,
  posts: (username: string) => [...profileKeys.all, "posts", username.toLowerCase()] as const,
  communities: (username: string) => [...profileKeys.all, "communities", username.toLowerCase()] as const,
  reports: (username: string) => [...profileKeys.all, "reports", username.toLowerCase()] as const,
  follows: (username: string, direction: "followers" | "following") =>
    [...profileKeys.all, direction, username.toLowerCase()] as const,
};

// A missing user is an answer, not a failure to retry.
const retry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function useProfile(username: string) {
  return useQuery({ queryKey: profileKeys.detail(username), queryFn: () => fetchProfile(username), retry });
}

export function useUserPosts(username: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: profileKeys.posts(username),
    queryFn: ({ pageParam }) => fetchUserPosts(username, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    retry,
  });
}

export function useFollowList(username: string, direction: "followers" | "following", enabled: boolean) {
  return useInfiniteQuery({
    queryKey: profileKeys.follows(username, direction),
    queryFn: ({ pageParam }) => fetchFollows(username, direction, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    retry,
  });
}

/** The communities a member joined, most recently joined first, following the server's cursor. */
export function useUserCommunities(username: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: profileKeys.communities(username),
    queryFn: ({ pageParam }) => fetchUserCommunities(username, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    retry,
  });
}

/** The member's KOL reports that moderators approved, newest first, following the server's cursor. */
export function useUserReports(username: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: profileKeys.reports(username),
    queryFn: ({ pageParam }) => fetchUserReports(username, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    retry,
  });
}

/** Follow or unfollow `username`; the profile's button and follower count take the server's answer. */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, follow }: { username: string; follow: boolean }) => setFollow(username, follow),
    onSuccess: (state, { username, follow }) => {
      queryClient.setQueryData<TPublicProfile>(profileKeys.detail(username), (p) =>
        p ? { ...p, followedByMe: state.following, followersCount: state.followersCount } : p,
      );
      // Follower lists and everyone's followedByMe flags may have changed.
      void queryClient.invalidateQueries({
        queryKey: profileKeys.all,
        predicate: (q) => q.queryKey[1] !== "detail" || q.queryKey[2] !== username.toLowerCase(),
      });
      toast.success(follow ? M.follows.followed : M.follows.unfollowed);
    },
    onError: (_error, { follow }) => {
      toast.error(follow ? M.follows.followFailed : M.follows.unfollowFailed);
    },
  });
}
