import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchAudit, type TAuditFilters } from "./api.ts";

export const adminKeys = {
  all: ["admin"] as const,
  audit: (filters: TAuditFilters) => [...adminKeys.all, "audit", filters] as const,
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
