import {
  communityUserSearchTerm,
  M,
  type TCommunitiesPage,
  type TCommunityDetail,
  type TCommunitySummary,
  type TMembershipState,
  type TUpdateCommunityRequest,
  type TUpdateMemberRequest,
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
import { postKeys } from "../posts/queries.ts";
import {
  addMember,
  createCommunity,
  fetchCommunities,
  fetchCommunity,
  fetchMembers,
  isRulesChanged,
  joinCommunity,
  leaveCommunity,
  searchCommunityUsers,
  type TCommunityListParams,
  type TMemberListParams,
  updateCommunity,
  updateMember,
  uploadBranding,
} from "./api.ts";

/**
 * The communities' TanStack Query hooks. Join, leave and member actions show the spec's toasts themselves; create,
 * update and branding leave the toasts to the screen that calls them.
 */

/** Every community query key comes from here; everything sits under communityKeys.all. */
export const communityKeys = {
  all: ["communities"] as const,
  lists: () => [...communityKeys.all, "list"] as const,
  list: (params: TCommunityListParams) =>
    [...communityKeys.lists(), { search: params.search.trim(), sort: params.sort }] as const,
  details: () => [...communityKeys.all, "detail"] as const,
  detail: (slugOrId: string) => [...communityKeys.details(), slugOrId] as const,
  members: (communityId: string) => [...communityKeys.all, "members", communityId] as const,
  memberList: (communityId: string, params: TMemberListParams) =>
    [...communityKeys.members(communityId), { ...params, search: params.search.trim() }] as const,
  userSearches: (communityId: string) => [...communityKeys.all, "user-search", communityId] as const,
  userSearch: (communityId: string, q: string) =>
    [...communityKeys.userSearches(communityId), q.trim()] as const,
};

/** A 4xx is an answer (not found, not allowed), not a hiccup worth retrying. */
const isAnswer = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

// ---- Cache helpers ----

/** Applies `update` to the community with this id in every cached list page and detail. */
export function updateCachedCommunity(
  queryClient: QueryClient,
  id: string,
  update: (community: TCommunitySummary) => Partial<TCommunitySummary>,
) {
  queryClient.setQueriesData<InfiniteData<TCommunitiesPage>>({ queryKey: communityKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((c) => (c.id === id ? { ...c, ...update(c) } : c)),
          })),
        }
      : data,
  );
  queryClient.setQueriesData<TCommunityDetail>({ queryKey: communityKeys.details() }, (data) =>
    data && data.id === id ? { ...data, ...update(data) } : data,
  );
}

/** After joining or leaving: the cards and pages show it at once; member lists and visible posts refresh. */
function applyMembershipState(queryClient: QueryClient, id: string, state: TMembershipState) {
  updateCachedCommunity(queryClient, id, () => ({
    membership: state.membership,
    memberCount: state.memberCount,
  }));
  void queryClient.invalidateQueries({ queryKey: communityKeys.details() });
  void queryClient.invalidateQueries({ queryKey: communityKeys.members(id) });
  // Membership changes which community posts the viewer may see.
  void queryClient.invalidateQueries({ queryKey: postKeys.all });
}

// ---- Queries ----

/** The community list: pages of 10 loaded one after another ('No more communities to load' after the last). */
export function useCommunities(params: TCommunityListParams) {
  return useInfiniteQuery({
    queryKey: communityKeys.list(params),
    queryFn: ({ pageParam }) => fetchCommunities({ ...params, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // Spec: the community list retries twice.
    retry: (failures, error) => failures < 2 && !isAnswer(error),
  });
}

/** One community by slug or id, with the viewer's membership (never stale: membership decides what they may do). */
export function useCommunity(slugOrId: string | null | undefined) {
  return useQuery({
    queryKey: communityKeys.detail(slugOrId ?? ""),
    queryFn: () => fetchCommunity(slugOrId ?? ""),
    enabled: Boolean(slugOrId),
    staleTime: 0,
    retry: (failures, error) => failures < 1 && !isAnswer(error),
  });
}

/** One page of a community's members (active by default; banned for creators). */
export function useCommunityMembers(communityId: string, params: TMemberListParams, enabled = true) {
  return useQuery({
    queryKey: communityKeys.memberList(communityId, params),
    queryFn: () => fetchMembers(communityId, params),
    placeholderData: keepPreviousData,
    enabled,
    retry: (failures, error) => failures < 1 && !isAnswer(error),
  });
}

/** Users not yet in the community, for a creator to add (nothing is asked under 2 characters). */
export function useCommunityUserSearch(communityId: string, q: string, enabled = true) {
  const term = communityUserSearchTerm(q);
  return useQuery({
    queryKey: communityKeys.userSearch(communityId, term ?? ""),
    queryFn: () => searchCommunityUsers(communityId, term ?? ""),
    enabled: enabled && term !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---- Mutations ----

/**
 * Creates a community with its two images (optional onProgress/signal in the input); answers
 * `{community, warnings}` (the screen shows the toasts).
 */
export function useCreateCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCommunity,
    onSuccess: ({ community }) => {
      queryClient.setQueryData(communityKeys.detail(community.id), community);
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists() });
    },
  });
}

/**
 * Joins after the rules were accepted (the server checks `acceptRules` too, and that `rulesVersion`, the version
 * read, is still current). Toasts the outcome.
 */
export function useJoinCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      communityId,
      ...body
    }: {
      communityId: string;
      acceptRules: boolean;
      rulesVersion?: number;
    }) => joinCommunity(communityId, body),
    onSuccess: (state, { communityId }) => {
      applyMembershipState(queryClient, communityId, state);
      toast.success(M.communities.joined);
    },
    onError: (error, { communityId }) => {
      if (isRulesChanged(error)) {
        void queryClient.invalidateQueries({ queryKey: communityKeys.detail(communityId) });
        return;
      }
      toast.error(
        error instanceof ApiError && error.status > 0 && error.status < 500
          ? M.communities.joinError(error.message)
          : M.communities.joinFailed,
      );
    },
  });
}

/** Leaves; the last creator is refused (409) with the server's message in the toast. */
export function useLeaveCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ communityId }: { communityId: string }) => leaveCommunity(communityId),
    onSuccess: (state, { communityId }) => {
      applyMembershipState(queryClient, communityId, state);
      toast.success(M.communities.left);
    },
    onError: (error) => {
      toast.error(
        error instanceof ApiError && error.status > 0 && error.status < 500
          ? M.communities.leaveError(error.message)
          : M.communities.leaveFailed,
      );
    },
  });
}

/** Edits name, description or rules (creators). The screen shows its own toasts. */
export function useUpdateCommunity(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TUpdateCommunityRequest) => updateCommunity(communityId, changes),
    onSuccess: (community) => {
      updateCachedCommunity(queryClient, community.id, () => community);
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}

/**
 * Replaces the avatar or banner (creators): a new active version. Pass onProgress/signal for a progress bar and
 * cancelling. The screen shows its own toasts.
 */
export function useUploadBranding(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Parameters<typeof uploadBranding>[1]) => uploadBranding(communityId, input),
    onSuccess: ({ community }) => {
      updateCachedCommunity(queryClient, community.id, () => community);
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}

/** Bans or unbans a member, or makes or unmakes a creator (creators only). Toasts the outcome. */
export function useUpdateMember(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, ...changes }: TUpdateMemberRequest & { memberId: string }) =>
      updateMember(communityId, memberId, changes),
    onSuccess: (_member, { status }) => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.members(communityId) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.details() });
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists() });
      toast.success(status !== undefined ? M.communities.statusUpdated : M.communities.roleUpdated);
    },
    onError: (error, { status }) => {
      const message = refusalMessage(error, M.generic.unexpected);
      toast.error(
        status !== undefined ? M.communities.statusFailed(message) : M.communities.roleFailed(message),
      );
    },
  });
}

/** Adds a user found by the community user search (creators only). */
export function useAddMember(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) => addMember(communityId, userId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.members(communityId) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.userSearches(communityId) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.details() });
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists() });
    },
  });
}
