import { OpenAPIHono, z } from "@hono/zod-openapi";
import { JOB_MESSAGES, ZJob, ZJobList, ZJobsQuery } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import type { TJobRunner } from "../../jobs/job-runner.ts";
import { recordAdminAction } from "../admin/record-admin-action.ts";

const ZJobParams = z.object({
  id: z.uuid(JOB_MESSAGES.invalidId).openapi({ param: { name: "id", in: "path" } }),
});

function runnerOf(deps: TDeps): TJobRunner {
  if (!deps.jobs) throw new AppError("NOT_CONFIGURED", JOB_MESSAGES.notRunning);
  return deps.jobs;
}

/** Admins see what waits or runs and what failed (with its error), and put a failed job back in its queue. */
export function jobRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/jobs",
        operationId: "listJobs",
        security: access.admin,
        tags: ["admin"],
        summary:
          "Background jobs waiting, running or retrying (pending), or failed, newest first (admins only)",
        request: { query: ZJobsQuery },
        responses: { 200: json(ZJobList, "Up to 50 jobs"), ...errorResponses(400, 401, 403) },
      }),
      async (c) => c.json({ items: await runnerOf(deps).list(c.req.valid("query").state) }, 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/jobs/{id}/retry",
        operationId: "retryJob",
        security: access.admin,
        tags: ["admin"],
        summary: "Put a failed job back in its queue (admins only)",
        request: { params: ZJobParams },
        responses: {
          200: json(ZJob.pick({ id: true }), "Queued again"),
          ...errorResponses(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        if (!(await runnerOf(deps).retry(id))) throw new AppError("NOT_FOUND", JOB_MESSAGES.notFound);
        // The queue lives in pg-boss's own tables and transactions; the log row follows the retry it records.
        const admin = viewerOf(c);
        if (admin) {
          await recordAdminAction(deps.db, {
            actorId: admin.id,
            action: "job.retry",
            targetType: "job",
            targetId: id,
            summary: "Put a failed job back in its queue",
          });
        }
        return c.json({ id }, 200);
      },
    );
}
