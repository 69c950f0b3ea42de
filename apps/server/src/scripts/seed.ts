/**
 * Believable demo data for a fresh install: `npm run seed`. Safe to run again (nothing is duplicated).
 * Uses the server's configuration (DATA_DIR or DATABASE_URL); on the embedded database stop the server first.
 * Later areas add their own seed steps after the users.
 */
import { pathToFileURL } from "node:url";
import type { TDeps } from "../context.ts";
import { onAuthStart } from "../features/auth/startup.ts";
import { setMailer } from "../lib/mailer.ts";
import { openScriptDeps } from "./script-deps.ts";
import { seedActivity } from "./seed-activity.ts";
import { seedBlog } from "./seed-blog.ts";
import { seedComments } from "./seed-comments.ts";
import { seedCommunities } from "./seed-communities.ts";
import { seedKols } from "./seed-kols.ts";
import { seedLearn } from "./seed-learn.ts";
import { seedRewards } from "./seed-rewards.ts";
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_USERS, seedUsers } from "./seed-users.ts";

/** Every seed step in order, each idempotent, each line of progress to `log`. */
export async function seedAll(deps: TDeps, log: (line: string) => void) {
  log(`Seeding demo users into ${deps.database.kind === "pglite" ? deps.config.dataDir : "PostgreSQL"}...`);
  const users = await seedUsers(deps, log);
  log(`Users: ${users.created} created, ${users.total - users.created} already there.`);
  log("Seeding comments, replies, likes and reactions...");
  const comments = await seedComments(deps, log);
  log(`Comments: ${comments.written} written.`);
  log("Seeding demo communities with members and posts...");
  const communitiesSeeded = await seedCommunities(deps, log);
  log(
    `Communities: ${communitiesSeeded.created} created, ${communitiesSeeded.total - communitiesSeeded.created} already there.`,
  );
  log("Seeding fictional KOLs with votes and reports...");
  const kolsSeeded = await seedKols(deps, log);
  log(`KOLs: ${kolsSeeded.created} created, ${kolsSeeded.total - kolsSeeded.created} already there.`);
  log("Seeding a few weeks of activity: follows, posts, likes, comments, votes...");
  const activity = await seedActivity(deps, log);
  log(
    `Activity: ${activity.posts} posts, ${activity.likes} likes, ${activity.comments} comments, ${activity.follows} follows.`,
  );
  log("Seeding Learn courses with quizzes and exams...");
  const learnSeeded = await seedLearn(deps, log);
  log(`Courses: ${learnSeeded.created} created, ${learnSeeded.total - learnSeeded.created} already there.`);
  log("Seeding giveaways (one live, one drawn)...");
  const rewardsSeeded = await seedRewards(deps, log);
  log(
    `Giveaways: ${rewardsSeeded.created} created, ${rewardsSeeded.total - rewardsSeeded.created} already there.`,
  );
  log("Seeding blog categories and articles...");
  const blogSeeded = await seedBlog(deps, log);
  log(`Articles: ${blogSeeded.created} created, ${blogSeeded.total - blogSeeded.created} already there.`);
}

async function main() {
  const deps = await openScriptDeps();
  // Demo accounts are marked verified; no verification e-mails for them.
  setMailer(deps, { send: async () => {} });
  try {
    await onAuthStart(deps);
    await seedAll(deps, (line) => console.log(line));
    console.log("\nDemo sign-ins (password for all: %s):", DEMO_PASSWORD);
    console.log(`  admin  ${DEMO_ADMIN.email}`);
    for (const person of DEMO_USERS.slice(0, 3)) console.log(`  user   ${person.email}`);
    console.log(
      `  ... and ${DEMO_USERS.length - 3} more users @plugs-demo.test (see apps/server/src/scripts/seed-users.ts)`,
    );
  } finally {
    await deps.database.close();
  }
}

// Run as a script (npm run seed), not when a test imports seedAll.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
