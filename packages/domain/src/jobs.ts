import { z } from "zod";

/** Background jobs as admins see them (GET /api/admin/jobs): what waits or runs, and what failed with its error. */
export const JOB_LISTS = ["pending", "failed"] as const;

export const JOB_MESSAGES = {
  invalidId: "No such job",
  notFound: "No failed job has this id",
  notRunning: "Background jobs are not running on this server",
} as const;

export const ZJobsQuery = z.object({ state: z.enum(JOB_LISTS).default("failed") });

export const ZJob = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(["created", "retry", "active", "completed", "cancelled", "failed"]),
  /** The last error of a failed or retrying job. */
  error: z.string().nullable(),
  attempts: z.number(),
  createdAt: z.string(),
  startAfter: z.string(),
  completedAt: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZJobList = z.object({ items: z.array(ZJob) });
export type TJobList = z.infer<typeof ZJobList>;
