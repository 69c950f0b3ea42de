/**
 * Believable demo data for a fresh install: `npm run seed`. Safe to run again (nothing is duplicated).
 * Uses the server's configuration (DATA_DIR or DATABASE_URL); on the embedded database stop the server first.
 * Later areas add their own seed steps after the users.
 */
import { onAuthStart } from "../features/auth/startup.ts";
import { setMailer } from "../lib/mailer.ts";
import { openScriptDeps } from "./script-deps.ts";
import { seedBlog } from "./seed-blog.ts";
import { seedComments } from "./seed-comments.ts";
import { seedCommunities } from "./seed-communities.ts";
import { seedKols } from "./seed-kols.ts";
import { seedLearn } from "./seed-learn.ts";
import { seedRewards } from "./seed-rewards.ts";
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_USERS, seedUsers } from "./seed-users.ts";

async function main() {
  const deps = await openScriptDeps();
  // Demo accounts are marked verified; no verification e-mails for them.
  setMailer(deps, { send: async () => {} });
  try {
    await onAuthStart(deps);
    console.log(
      `Seeding demo users into ${deps.database.kind === "pglite" ? deps.config.dataDir : "PostgreSQL"}...`,
    );
    const users = await seedUsers(deps, (line) => console.log(line));
    console.log(`Users: ${users.created} created, ${users.total - users.created} already there.`);
    console.log("Seeding comments, replies, likes and reactions...");
    const comments = await seedComments(deps, (line) => console.log(line));
    console.log(`Comments: ${comments.written} written.`);
    console.log("Seeding demo communities with members and posts...");
    const communitiesSeeded = await seedCommunities(deps, (line) => console.log(line));
    console.log(
      `Communities: ${communitiesSeeded.created} created, ${communitiesSeeded.total - communitiesSeeded.created} already there.`,
    );
    console.log("Seeding fictional KOLs with votes and reports...");
    const kolsSeeded = await seedKols(deps, (line) => console.log(line));
    console.log(
      `KOLs: ${kolsSeeded.created} created, ${kolsSeeded.total - kolsSeeded.created} already there.`,
    );
    console.log("Seeding Learn courses with quizzes and exams...");
    const learnSeeded = await seedLearn(deps, (line) => console.log(line));
    console.log(
      `Courses: ${learnSeeded.created} created, ${learnSeeded.total - learnSeeded.created} already there.`,
    );
    console.log("Seeding giveaways (one live, one drawn)...");
    const rewardsSeeded = await seedRewards(deps, (line) => console.log(line));
    console.log(
      `Giveaways: ${rewardsSeeded.created} created, ${rewardsSeeded.total - rewardsSeeded.created} already there.`,
    );
    console.log("Seeding blog categories and articles...");
    const blogSeeded = await seedBlog(deps, (line) => console.log(line));
    console.log(
      `Articles: ${blogSeeded.created} created, ${blogSeeded.total - blogSeeded.created} already there.`,
    );
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

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
