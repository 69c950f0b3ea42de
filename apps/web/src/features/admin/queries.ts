import type { TMemberFilter } from "@plugs/domain";
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  fetchAudit,
  fetchMember,
  fetchMembers,
  fetchOverview,
  resetMemberTwoFactor,
  setMemberAdmin,
  setMemberBanned,
  type TAuditFilters,
} from "./api.ts";

export const adminKeys = {
  all: ["admin"] as const,
  audit: (filters: TAuditFilters) => [...adminKeys.all, "audit", filters] as const,
  member: (id: string) => [...adminKeys.all, "member", id] as const,
  overview: () => [...adminKeys.all, "overview"] as const,
  members: (search: string, filter: TMemberFilter, cursor: string | null) =>
    [...adminKeys.all, "members", search, filter, cursor] as const,
};

/** The audit log, newest first, following the server's cursor. */
export function useAuditLog(filters: TAuditFilters) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam }) => fetchAudit(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMembers(search: string, filter: TMemberFilter, cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.members(search, filter, cursor),
    queryFn: () => fetchMembers(search, filter, cursor),
    placeholderData: keepPreviousData,
  });
}

/** A change to a member: the lists and the audit log refetch. */
function useMemberMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSetMemberBanned() {
  return useMemberMutation(setMemberBanned);
}

export function useSetMemberAdmin() {
  return useMemberMutation(setMemberAdmin);
}

export function useOverview() {
  return useQuery({ queryKey: adminKeys.overview(), queryFn: fetchOverview });
}

export function useMember(id: string) {
  return useQuery({ queryKey: adminKeys.member(id), queryFn: () => fetchMember(id) });
}

export function useResetTwoFactor() {
  return useMemberMutation(resetMemberTwoFactor);
}
