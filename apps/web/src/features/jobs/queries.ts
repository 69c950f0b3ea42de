import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJobs, retryJob, type TJobListState } from "./api.ts";

/** The jobs feature's query keys. */
export const jobKeys = {
  all: ["jobs"] as const,
  list: (state: TJobListState) => [...jobKeys.all, state] as const,
};

/** Jobs change on their own: the list refreshes every 10 seconds while it is open. */
export function useJobs(state: TJobListState) {
  return useQuery({
    queryKey: jobKeys.list(state),
    queryFn: () => fetchJobs(state),
    refetchInterval: 10_000,
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
