import type { TDeps } from "../context.ts";
import { MAINTENANCE_JOB, maintainEmbeddedDatabase } from "../db/maintenance.ts";
import {
  ERASE_ACCOUNT_JOB,
  eraseAccount,
  eraseOverdueAccounts,
  OVERDUE_ERASE_JOB,
} from "../features/account/erase-account.ts";
import {
  OVERDUE_PUBLISH_JOB,
  PUBLISH_JOB,
  publishOverdueArticles,
  publishScheduledArticle,
} from "../features/blog/publish-article.ts";
import {
  DRAW_JOB,
  drawGiveaway,
  drawOverdueGiveaways,
  OVERDUE_DRAWS_JOB,
} from "../features/rewards/draw-giveaway.ts";
import { deliverMail, SEND_MAIL_JOB, type TMail } from "../lib/mailer.ts";
import { cleanUp } from "./clean-up.ts";
import type { TJobDefinition } from "./job-runner.ts";

/**
 * Every job the app runs, by queue name. New areas add theirs here (giveaway draws, scheduled articles, e-mail, the
 * embedded database's upkeep).
 */
export function appJobs(deps: TDeps): Record<string, TJobDefinition> {
  const { pglite } = deps.database;
  return {
    // PostgreSQL has autovacuum; the embedded database has its tables vacuumed and analyzed by this job.
    ...(pglite
      ? {
          [MAINTENANCE_JOB]: {
            cron: "* * * * *",
            // The next minute's pass is the retry.
            retryLimit: 0,
            handler: () => maintainEmbeddedDatabase(pglite, deps.logger),
          },
        }
      : {}),
    [SEND_MAIL_JOB]: {
      // 10 s, 20 s, 40 s ... about ten minutes of tries before the message is kept failed.
      retryLimit: 6,
      handler: (mail) => deliverMail(deps, mail as unknown as TMail),
    },
    "clean-up": {
      cron: "17 * * * *",
      handler: async () => {
        const removed = await cleanUp(deps);
        deps.logger.info({ removed }, "clean-up done");
      },
    },
    // A giveaway's draw at its end time (features/rewards), sent when it is published.
    [DRAW_JOB]: {
      handler: async (data) => {
        if (typeof data.giveawayId === "string") await drawGiveaway(deps, data.giveawayId);
      },
    },
    // Any live giveaway past its end whose draw job never ran (published by a script without a job runner).
    [OVERDUE_DRAWS_JOB]: {
      cron: "*/5 * * * *",
      handler: async () => {
        await drawOverdueGiveaways(deps);
      },
    },
    // A deleted account's erasure at the end of its grace period (features/account), sent when it is asked for.
    [ERASE_ACCOUNT_JOB]: {
      handler: async (data) => {
        if (typeof data.userId === "string") await eraseAccount(deps, data.userId);
      },
    },
    // Any account past its grace period whose erase job never ran.
    [OVERDUE_ERASE_JOB]: {
      cron: "*/15 * * * *",
      handler: async () => {
        await eraseOverdueAccounts(deps);
      },
    },
    // A scheduled blog article at its time (features/blog), sent when it is scheduled.
    [PUBLISH_JOB]: {
      handler: async (data) => {
        if (typeof data.articleId === "string") await publishScheduledArticle(deps, data.articleId);
      },
    },
    // Any scheduled article past its time whose job never ran (scheduled by a script without a job runner).
    [OVERDUE_PUBLISH_JOB]: {
      cron: "*/5 * * * *",
      handler: async () => {
        await publishOverdueArticles(deps);
      },
    },
  };
}
