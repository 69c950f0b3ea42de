import { CONTACT_LIMITS, CONTACT_STATUSES } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { windowQuery } from "./contact-limits.ts";
import { inboxPageQuery } from "./inbox.ts";

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
    for (const page of [1, 15]) {
      it(`pages the inbox (${status ?? "all"}, page ${page}) on an index`, async () => {
        const text = await plan(
          inboxPageQuery(server.deps.db, { status, page, pageSize: CONTACT_LIMITS.pageSize }),
        );
        // A rare status is read by its own index; a common one (most messages end up answered or closed) may as
        // well walk the newest-first index and filter, stopping once the page is full.
        expect(text).not.toMatch(/Seq Scan on contact_messages/);
        expect(text).toMatch(/Index Scan (using|on) contact_messages_(status_)?newest_idx/);
        if (status === "new" || status === "open") expect(text).toMatch(/contact_messages_status_newest_idx/);
      });
    }
  }

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
