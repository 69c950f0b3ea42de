import { CONTACT_LIMITS, CONTACT_STATUSES, type TContactStatus } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { timeKey } from "../../lib/keyset-page.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { windowQuery } from "./contact-limits.ts";
import { inboxPageQuery } from "./inbox.ts";
import { countByStatus } from "./message-dto.ts";

/*
 * The inbox's pages and the contact limits' windows are served by indexes: EXPLAIN on 20,000 messages (inserted by
 * bulk SQL, then ANALYZE) must never read contact_messages from start to end.
 */

const MESSAGES = 20_000;

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
  // A year of messages, most of them answered or closed, a few new and open, from 2,000 addresses.
  await server.deps.db.execute(sql`insert into contact_messages
      (reference, name, email, topic, message, status, ip, created_at)
    select 'R' || lpad(g::text, 8, '0'), 'Sender ' || g, 'sender' || (g % 5000) || '@example.test', 'other',
      'Message number ' || g, case when g % 50 = 0 then 'new' when g % 50 = 1 then 'open'
        when g % 3 = 0 then 'closed' else 'answered' end,
      '10.0.' || (g % 2000 / 256) || '.' || (g % 256), now() - g * interval '25 minutes'
    from generate_series(1, ${MESSAGES}) g`);
  await server.deps.db.execute(sql`vacuum analyze`);
}, 300_000);
afterAll(() => server?.close());

async function plan(query: SQL | { getSQL(): SQL }): Promise<string> {
  const rows = await queryRows<{ "QUERY PLAN": string }>(server.deps.db, sql`explain ${query}`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("contact query plans", () => {
  for (const status of [undefined, ...CONTACT_STATUSES]) {
    for (const from of ["first page", "next", "previous"] as const) {
      it(`pages the inbox (${status ?? "all"}, ${from}) on an index, deep pages too`, async () => {
        // A cursor 300 messages in (page 16), as the list's own rows would make it.
        const [row] = await queryRows<{ k: string; i: string }>(
          server.deps.db,
          sql`select ${timeKey(sql`created_at`)} as k, id as i from contact_messages
            where ${status ? sql`status = ${status}` : sql`true`} order by created_at desc, id desc offset 300 limit 1`,
        );
        if (!row) throw new Error("no message 300 deep");
        const cursor = from === "first page" ? null : { ...row, p: 16, d: from };
        const text = await plan(inboxPageQuery(server.deps.db, status, cursor, CONTACT_LIMITS.pageSize + 1));
        // A rare status is read by its own index; a common one (most messages end up answered or closed) may as
        // well walk the newest-first index and filter, stopping once the page is full.
        expect(text).not.toMatch(/Seq Scan on contact_messages/);
        expect(text).not.toMatch(/Sort/);
        expect(text).toMatch(/Index Scan( Backward)? (using|on) contact_messages_(status_)?newest_idx/);
        if (status === "new" || status === "open") expect(text).toMatch(/contact_messages_status_newest_idx/);
      });
    }
  }

  it("counts each status up to the cap, and says which went past it", async () => {
    const exact = await queryRows<{ status: TContactStatus; n: number }>(
      server.deps.db,
      sql`select status, count(*)::int as n from contact_messages group by status`,
    );
    const { counts, countsCapped } = await countByStatus(server.deps.db, CONTACT_LIMITS.countCap);
    for (const { status, n } of exact) {
      expect(counts[status], status).toBe(Math.min(n, CONTACT_LIMITS.countCap));
      expect(countsCapped[status], status).toBe(n > CONTACT_LIMITS.countCap);
    }
    // The 20,000 messages put at least one status past the cap and at least one under it.
    expect(Object.values(countsCapped)).toContain(true);
    expect(Object.values(countsCapped)).toContain(false);
  });

  it("reads a limit's window on an index, by address and by e-mail", async () => {
    const db = server.deps.db;
    expect(await plan(windowQuery(db, "ip", "10.0.1.7", CONTACT_LIMITS.perIp))).toMatch(
      /contact_messages_ip_created_idx/,
    );
    expect(await plan(windowQuery(db, "email", "Sender7@example.test", CONTACT_LIMITS.perEmail))).toMatch(
      /contact_messages_email_created_idx/,
    );
  });
});
