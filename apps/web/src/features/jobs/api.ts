import type { TJobList } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** The admins' view of background jobs: what failed (or waits), and putting a failed one back in its queue. */

export type TJobListState = "failed" | "pending";

export function fetchJobs(state: TJobListState): Promise<TJobList> {
  return apiFetch<TJobList>(`/api/admin/jobs?state=${state}`);
}

export function retryJob(id: string): Promise<{ id: string }> {
  return apiFetch<{ id: string }>(`/api/admin/jobs/${id}/retry`, { method: "POST" });
}
