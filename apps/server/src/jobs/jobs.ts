import type { TDeps } from "../context.ts";
import { cleanUp } from "./clean-up.ts";
import type { TJobDefinition } from "./job-runner.ts";

/** Every job the app runs, by queue name. New areas add theirs here (giveaway draws, scheduled articles, e-mail). */
export function appJobs(deps: TDeps): Record<string, TJobDefinition> {
  return {
    "clean-up": {
      cron: "17 * * * *",
      handler: async () => {
        const removed = await cleanUp(deps);
        deps.logger.info({ removed }, "clean-up done");
      },
    },
  };
}
