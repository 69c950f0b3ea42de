import type {
  TReport,
  TReportFormOutput,
  TReportPage,
  TReportStatus,
  TReviewReportRequest,
} from "@plugs/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { kolKeys } from "../kols/api.ts";

/** The report feature's query keys. */
export const reportKeys = {
  all: ["reports"] as const,
  mine: () => [...reportKeys.all, "mine"] as const,
  review: (status: TReportStatus, page: number) => [...reportKeys.all, "review", status, page] as const,
};

export function useMyReports(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.mine(),
    queryFn: () => apiFetch<{ items: TReport[] }>("/api/reports/me"),
    enabled,
  });
}

/** POST /api/reports as multipart: the fields, each evidence link, each screenshot as `evidence`. */
export function useSubmitReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TReportFormOutput & { screenshots: File[] }) => {
      const form = new FormData();
      form.set("kolHandle", input.kolHandle);
      form.set("category", input.category);
      form.set("description", input.description);
      for (const url of input.evidenceLinks) form.append("evidenceUrls", url);
      if (input.contractAddress) form.set("contractAddress", input.contractAddress);
      if (input.txHash) form.set("txHash", input.txHash);
      for (const file of input.screenshots) form.append("evidence", file);
      return apiFetch<TReport>("/api/reports", { method: "POST", body: form });
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.mine() }),
        // A report of a new handle adds the KOL to the directory.
        queryClient.invalidateQueries({ queryKey: kolKeys.all }),
      ]);
    },
  });
}

export function useReportsForReview(status: TReportStatus, page: number) {
  return useQuery({
    queryKey: reportKeys.review(status, page),
    queryFn: () => apiFetch<TReportPage>(`/api/admin/reports?status=${status}&page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function useReviewReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TReviewReportRequest & { id: string }) =>
      apiFetch<TReport>(`/api/admin/reports/${id}`, { method: "PATCH", body: JSON.stringify(body) }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
        queryClient.invalidateQueries({ queryKey: kolKeys.all }),
      ]);
    },
  });
}
