import { pgliteSnapshot, postgresTemplate } from "./snapshot.ts";

/**
 * Vitest's global setup for the suites that start test servers: makes the migrated database their files start
 * from (snapshot.ts) once, before any file runs, instead of inside the first files' hooks.
 */
export default async function setup() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) await postgresTemplate(adminUrl);
  else await pgliteSnapshot();
}
