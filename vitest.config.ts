import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// Query-plan (EXPLAIN) and benchmark-tool tests: their own project, which `npm test` (and so CI, once, on
// PostgreSQL) runs, and which `npm test -- --project server` or `npm run test:unit` leave out.
const PLANS = ["apps/server/src/**/*plans.test.ts", "apps/server/src/bench/**/*.test.ts"];
const SERVER_TESTS = {
  // The migrated database every test server starts from, made once (apps/server/src/testing/snapshot.ts).
  globalSetup: ["apps/server/src/testing/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// One runner for the layers: pure domain rules, the web app's helpers, the server through real HTTP on a real
// database, and browser journeys in Debian's Chromium against the built app.
export default defineConfig({
  test: {
    // Two files at a time at least (vitest's default on two cores is one): a server file spends much of its time
    // waiting on its database, and a browser journey on its pages (measured on two cores: the 31 journeys took 757 s
    // two at a time against about 1,560 s one at a time, each step still inside its own wait).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Pure functions: files share one module load per worker (zod alone costs more than the tests).
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"], isolate: false } },
      // A time zone other than UTC, so the date tests tell the viewer's clock from the server's UTC.
      { test: { name: "web", include: ["apps/web/src/**/*.test.ts"], env: { TZ: "America/New_York" } } },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...PLANS],
          ...SERVER_TESTS,
        },
      },
      { test: { name: "plans", include: PLANS, ...SERVER_TESTS } },
      {
        test: {
          name: "browser",
          include: ["tests/e2e/**/*.test.ts"],
          // After every other file, so two journeys share the cores with each other only: a journey beside a
          // server file as busy as the fuzz test once missed a 30 s step.
          sequence: { groupOrder: 1 },
          globalSetup: ["apps/server/src/testing/global-setup.ts"],
          // A journey through four looks (two themes at two widths) takes 40-60 s on two cores; each step still
          // fails after its own 30 s wait, so a hang is caught well before this.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
