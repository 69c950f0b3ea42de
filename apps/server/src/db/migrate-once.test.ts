import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { queryRows } from "./query-rows.ts";
import { createScratchDatabase } from "./scratch-database.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

// Instances started together on an empty PostgreSQL used to race through the migrations, and one stopped with a
// migration error. Under the advisory lock, one applies them and the others wait, then find nothing to do.
describe.skipIf(!adminUrl)("migrations on an empty PostgreSQL", () => {
  it("are applied once when four instances start at the same moment", async () => {
    const scratch = await createScratchDatabase(adminUrl ?? "", "plugs_test");
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          openDatabase({ databaseUrl: scratch.url, dataDir: null, poolMax: 2 }),
        ),
      );
      const failures = opened.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));
      expect(failures).toEqual([]);
      const databases = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      const first = databases[0];
      if (!first) throw new Error("no database opened");
      const [applied] = await queryRows<{ n: number; distinct: number }>(
        first.db,
        sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
      );
      expect(applied?.n).toBeGreaterThan(15);
      expect(applied?.n).toBe(applied?.distinct);
      await Promise.all(databases.map((d) => d.close()));
    } finally {
      await scratch.drop();
    }
  });
});
