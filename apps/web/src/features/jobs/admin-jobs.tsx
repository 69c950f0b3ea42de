import type { TJob } from "@plugs/domain";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { useFormatDate } from "../../lib/format.ts";
import type { TJobListState } from "./api.ts";
import { useJobs, useRetryJob } from "./queries.ts";

const TAB_LABELS: Record<TJobListState, string> = { failed: "Failed", pending: "Pending" };

const STATE_LABELS: Record<TJob["state"], string> = {
  created: "Waiting",
  retry: "Will retry",
  active: "Running",
  completed: "Done",
  cancelled: "Cancelled",
  failed: "Failed",
};

function JobRow({ job }: { job: TJob }) {
  const retry = useRetryJob();
  const formatDate = useFormatDate();
  return (
    <article aria-label={`Job ${job.name}`} className="rounded-2xl border border-border bg-surface p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="font-mono text-sm font-semibold break-all">{job.name}</h3>
        <span
          className={
            job.state === "failed"
              ? "rounded-full bg-rug/15 px-2 py-0.5 text-xs font-medium text-rug"
              : "rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted"
          }
        >
          {STATE_LABELS[job.state]}
        </span>
      </header>
      <p className="mt-1 text-xs text-muted">
        Queued <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
        {job.startAfter > job.createdAt ? (
          <>
            {" "}
            · due <time dateTime={job.startAfter}>{formatDate(job.startAfter)}</time>
          </>
        ) : null}
        {" · "}
        {job.attempts} {job.attempts === 1 ? "attempt" : "attempts"}
      </p>
      {job.error ? (
        <p className="mt-2 rounded-lg bg-surface-2 p-2 font-mono text-xs break-words whitespace-pre-wrap">
          {job.error}
        </p>
      ) : null}
      {job.state === "failed" ? (
        <Button
          size="sm"
          variant="secondary"
          className="mt-3"
          busy={retry.isPending}
          busyLabel="Retrying..."
          onClick={() =>
            retry.mutate(job.id, {
              onSuccess: () => toast.success("Job queued again"),
              onError: (err) => toast.error(err.message),
            })
          }
        >
          <RotateCcw aria-hidden /> Retry
        </Button>
      ) : null}
    </article>
  );
}

/**
 * Background jobs for the admin dashboard: the failed ones with their error and a Retry button, and what waits,
 * retries or runs. The server refuses non-admins (403).
 */
export function AdminJobs() {
  const [state, setState] = useState<TJobListState>("failed");
  const query = useJobs(state);
  return (
    <section aria-labelledby="admin-jobs-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-jobs-heading" className="text-xl font-semibold">
          Background jobs
        </h2>
        <Tabs value={state} onValueChange={(value) => setState(value as TJobListState)}>
          <TabsList aria-label="Job state">
            {(["failed", "pending"] as const).map((s) => (
              <TabsTrigger key={s} value={s}>
                {TAB_LABELS[s]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      </div>
      {query.isPending ? (
        <Spinner label="Loading jobs" className="text-accent" />
      ) : query.isError ? (
        <LoadError
          look="inset"
          title={query.error.message}
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : query.data.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-surface p-6 text-center text-sm text-muted">
          {state === "failed" ? "No job has failed in the last two weeks." : "Nothing is waiting or running."}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.items.map((job) => (
            <li key={job.id}>
              <JobRow job={job} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
