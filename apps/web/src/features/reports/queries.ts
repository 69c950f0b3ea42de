import { M, type TReportStatus } from "@plugs/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toaster.tsx";
import { kolKeys } from "../kols/queries.ts";
import { fetchMyReports, fetchReportsForReview, reviewReport, submitReport } from "./api.ts";

/** The report feature's query keys. */
export const reportKeys = {
  all: ["reports"] as const,
  mine: () => [...reportKeys.all, "mine"] as const,
  review: (status: TReportStatus, cursor: string | null) =>
    [...reportKeys.all, "review", status, cursor] as const,
};

export function useMyReports(enabled: boolean) {
  return useQuery({ queryKey: reportKeys.mine(), queryFn: fetchMyReports, enabled });
}

export function useSubmitReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReport,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.mine() }),
        // A report of a new handle adds the KOL to the directory.
        queryClient.invalidateQueries({ queryKey: kolKeys.all }),
      ]);
    },
  });
}

export function useReportsForReview(status: TReportStatus, cursor: string | null) {
  return useQuery({
    queryKey: reportKeys.review(status, cursor),
    queryFn: () => fetchReportsForReview(status, cursor),
    placeholderData: keepPreviousData,
  });
}

/**
 * An admin's decision. Its confirmation is the mutation's own: the reviewed report leaves the pending list while the
 * lists refetch, and a callback passed to mutate() by its (then unmounted) row would never run.
 */
export function useReviewReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewReport,
    onSuccess: async (_report, { status }) => {
      toast.success(status === "approved" ? M.reports.approved : M.reports.rejected);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
        queryClient.invalidateQueries({ queryKey: kolKeys.all }),
      ]);
    },
  });
}
