import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersInOrder } from "./answers-in-order.ts";
import { openDatabase, type TDatabase } from "./client.ts";
import { queryRows } from "./query-rows.ts";
import { createScratchDatabase, type TScratchDatabase } from "./scratch-database.ts";

/*
 * A transaction's statements sent together (pipeline mode on PostgreSQL, db/client.ts) on the database the tests run
 * on: PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise. On PostgreSQL the connection runs through a relay
 * that counts its turns: each time the server sends after answering, a turn.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
let scratch: TScratchDatabase | null = null;
let database: TDatabase;
let relay: net.Server | null = null;
let turns = 0;

/** Forwards one port to PostgreSQL's, counting the times the client speaks again after PostgreSQL has answered. */
async function startRelay(target: URL): Promise<URL> {
  relay = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    let answered = true;
    client.on("data", (chunk) => {
      if (answered) turns++;
      answered = false;
      server.write(chunk);
    });
    server.on("data", (chunk) => {
      answered = true;
      client.write(chunk);
    });
    client.on("close", () => server.destroy());
    server.on("close", () => client.destroy());
    client.on("error", () => server.destroy());
    server.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => relay?.listen(0, "127.0.0.1", resolve));
  const relayed = new URL(target);
  relayed.hostname = "127.0.0.1";
  relayed.port = String((relay.address() as net.AddressInfo).port);
  return relayed;
}

beforeAll(async () => {
  scratch = adminUrl ? await createScratchDatabase(adminUrl, "plugs_test") : null;
  database = await openDatabase({
    databaseUrl: scratch ? (await startRelay(new URL(scratch.url))).toString() : null,
    dataDir: null,
    // One connection: every statement below goes through the same one, and the relay counts its turns.
    poolMax: 1,
  });
  await database.db.execute(sql`create table parents (id text primary key)`);
  await database.db.execute(
    sql`create table children (id text primary key, parent_id text not null references parents (id))`,
  );
});
afterAll(async () => {
  await database?.close();
  await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(null)));
  await scratch?.drop();
});

/** A parent, a child of it, and both read back: each statement sent when called, none awaited before the next. */
function writeFamily(db: Pick<TDatabase["db"], "execute">, name: string) {
  return [
    queryRows(db, sql`insert into parents (id) values (${name})`),
    queryRows(db, sql`insert into children (id, parent_id) values (${`${name}-child`}, ${name})`),
    queryRows<{ id: string }>(
      db,
      sql`select id from children where parent_id = ${name} union all select id from parents where id = ${name}`,
    ),
  ] as const;
}

describe("statements sent together in a transaction", () => {
  it("are answered in the order sent, a read after a write in the same flight seeing it", async () => {
    const rows = await database.db.transaction(async (tx) => {
      const [, , read] = await answersInOrder(writeFamily(tx, "ada"));
      return read;
    });
    expect(rows.map((r) => r.id)).toEqual(["ada-child", "ada"]);
  });

  it("throw the first failure in the order sent and keep nothing when one fails", async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await answersInOrder([
          queryRows(tx, sql`insert into parents (id) values ('kept-if-committed')`),
          // No such parent: a foreign-key violation; the statements after it fail only as "transaction aborted".
          queryRows(tx, sql`insert into children (id, parent_id) values ('orphan', 'nobody')`),
          queryRows(tx, sql`insert into parents (id) values ('after')`),
          queryRows(tx, sql`select 1`),
        ]);
      })
      .catch((err: unknown) => err);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe("23503");
    const left = await queryRows<{ id: string }>(
      database.db,
      sql`select id from parents where id in ('kept-if-committed', 'after') union all select id from children where id = 'orphan'`,
    );
    expect(left).toEqual([]);
    // The connection is usable afterwards.
    expect(await queryRows<{ n: number }>(database.db, sql`select 1 as n`)).toEqual([{ n: 1 }]);
  });

  it.runIf(adminUrl)(
    "cost one round trip between begin and commit, where awaiting each costs one each",
    async () => {
      await queryRows(database.db, sql`select 1`);
      turns = 0;
      await database.db.transaction(async (tx) => {
        await answersInOrder(writeFamily(tx, "grace"));
      });
      // begin, the three statements, commit.
      expect(turns).toBe(3);

      turns = 0;
      await database.db.transaction(async (tx) => {
        for (const statement of writeFamily(tx, "hopper")) await statement;
      });
      // Each statement was already sent when writeFamily called it: the same three turns.
      expect(turns).toBe(3);

      turns = 0;
      await database.db.transaction(async (tx) => {
        await queryRows(tx, sql`insert into parents (id) values ('lovelace')`);
        await queryRows(tx, sql`insert into children (id, parent_id) values ('lovelace-child', 'lovelace')`);
        await queryRows(tx, sql`select id from children where parent_id = 'lovelace'`);
      });
      // Called one after another's answer: begin, three turns, commit.
      expect(turns).toBe(5);
    },
  );
});
