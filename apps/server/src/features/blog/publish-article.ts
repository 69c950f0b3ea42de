import { and, eq, lte, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { blogArticles } from "../../db/schema/index.ts";

/** The job that publishes one scheduled article at its time (jobs/jobs.ts), sent when it is scheduled. */
export const PUBLISH_JOB = "blog-publish";
/** The sweep that publishes any scheduled article past its time whose job never ran. */
export const OVERDUE_PUBLISH_JOB = "blog-publish-overdue";

export type TPublishOutcome = "published" | "not-due" | "not-scheduled";

/** Queues the publish job of a scheduled article (one per article and time, however often it is saved). */
export async function schedulePublish(deps: Pick<TDeps, "jobs">, articleId: string, publishAt: Date) {
  if (!deps.jobs) return;
  await deps.jobs.send(
    PUBLISH_JOB,
    { articleId },
    { startAfter: publishAt, singletonKey: `blog-publish:${articleId}:${publishAt.getTime()}` },
  );
}

/**
 * Publishes a scheduled article once its time has come: one conditional update (still scheduled, time passed), so
 * a second run (another instance, a retry, the sweep) changes nothing. Its published date is the time it was
 * scheduled for. A schedule moved later meanwhile queues the job again for the new time.
 */
export async function publishScheduledArticle(deps: TDeps, articleId: string): Promise<TPublishOutcome> {
  const published = await deps.db
    .update(blogArticles)
    .set({
      status: "published",
      publishedAt: sql`coalesce(${blogArticles.publishAt}, now())`,
      publishAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(blogArticles.id, articleId),
        eq(blogArticles.status, "scheduled"),
        lte(blogArticles.publishAt, sql`now()`),
      ),
    )
    .returning({ id: blogArticles.id, slug: blogArticles.slug });
  if (published.length > 0) {
    deps.logger.info({ articleId, slug: published[0]?.slug }, "blog article published on schedule");
    return "published";
  }
  const [row] = await deps.db
    .select({ status: blogArticles.status, publishAt: blogArticles.publishAt })
    .from(blogArticles)
    .where(eq(blogArticles.id, articleId));
  if (row?.status !== "scheduled" || !row.publishAt) return "not-scheduled";
  await schedulePublish(deps, articleId, row.publishAt);
  return "not-due";
}

/** Publishes every scheduled article whose time has passed (blog_articles_scheduled_idx). */
export async function publishOverdueArticles(deps: TDeps): Promise<number> {
  const due = await deps.db
    .select({ id: blogArticles.id })
    .from(blogArticles)
    .where(and(eq(blogArticles.status, "scheduled"), lte(blogArticles.publishAt, sql`now()`)))
    .limit(100);
  let published = 0;
  for (const { id } of due) if ((await publishScheduledArticle(deps, id)) === "published") published += 1;
  return published;
}
