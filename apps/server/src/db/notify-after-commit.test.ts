import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEventBus, type TEventBus } from "../features/realtime/event-bus.ts";
import { EVENTS_CHANNEL, publishEvent, type TBusEvent } from "../features/realtime/publish.ts";
import { createLogger } from "../logger.ts";
import { openDatabase, type TDatabase } from "./client.ts";
import { batchedSender } from "./notify-after-commit.ts";
import { queryRows } from "./query-rows.ts";
import { createScratchDatabase, type TScratchDatabase } from "./scratch-database.ts";

/*
 * Events published in a transaction leave after its commit (notify-after-commit.ts), on the database the tests run
 * on: PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise.
 */
let scratch: TScratchDatabase | null = null;
let database: TDatabase;
let bus: TEventBus;
const statements: string[] = [];
const received: string[] = [];
const notifyErrors: unknown[] = [];

const postEvent = (postId: string): TBusEvent => ({ type: "post", postId, authorId: "a", communityId: null });

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  scratch = adminUrl ? await createScratchDatabase(adminUrl, "plugs_test") : null;
  database = await openDatabase({
    databaseUrl: scratch?.url ?? null,
    dataDir: null,
    onQuery: (query) => statements.push(query),
    onNotifyError: (err) => notifyErrors.push(err),
  });
  await database.db.execute(sql`create table notes (id text primary key)`);
  bus = await startEventBus(database, createLogger("silent"));
  bus.subscribe((event) => {
    if (event.type === "post") received.push(event.postId);
  });
});
afterAll(async () => {
  await bus?.close();
  await database?.close();
  await scratch?.drop();
});

/** Waits until the listener has heard `ids` (NOTIFY is asynchronous), or a while when expecting nothing more. */
async function heard(ids: string[]): Promise<string[]> {
  for (let i = 0; i < 100 && !ids.every((id) => received.includes(id)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  return received.filter((id) => id.startsWith(ids[0]?.split("-")[0] ?? ""));
}

describe("events published in a transaction", () => {
  it("leave in order once it has committed, in one NOTIFY statement after the commit", async () => {
    statements.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values ('c-1')`);
      await publishEvent(tx, postEvent("c-1"));
      await publishEvent(tx, postEvent("c-2"));
      expect(received).not.toContain("c-1");
    });
    expect(await heard(["c-1", "c-2"])).toEqual(["c-1", "c-2"]);
    const notifies = statements.filter((q) => q.includes("pg_notify"));
    expect(notifies).toHaveLength(1);
    // node-postgres's driver reports the commit (PGlite's does not): the NOTIFY comes after it.
    if (statements.includes("commit")) {
      expect(statements.indexOf("commit")).toBeLessThan(statements.indexOf(notifies[0] ?? ""));
    }
  });

  it("never leave when it rolls back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await publishEvent(tx, postEvent("r-1"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await publishEvent(database.db, postEvent("r-2"));
    expect(await heard(["r-2"])).toEqual(["r-2"]);
  });

  it("never leave from a savepoint rolled back, while the rest of the transaction's do", async () => {
    await database.db.transaction(async (tx) => {
      await publishEvent(tx, postEvent("s-1"));
      await tx
        .transaction(async (savepoint) => {
          await publishEvent(savepoint, postEvent("s-2"));
          await savepoint.transaction(async (inner) => publishEvent(inner, postEvent("s-3")));
          throw new Error("undo this part");
        })
        .catch(() => {});
      await tx.transaction(async (savepoint) => publishEvent(savepoint, postEvent("s-4")));
    });
    expect(await heard(["s-1", "s-4"])).toEqual(["s-1", "s-4"]);
  });

  it("leave at once outside a transaction", async () => {
    await publishEvent(database.db, postEvent("o-1"));
    expect(await heard(["o-1"])).toEqual(["o-1"]);
  });

  it("cannot undo the committed work when they fail to leave: the failure is reported", async () => {
    // NOTIFY refuses a payload of 8000 bytes or more.
    const tooLong = `f-${"x".repeat(8000)}`;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values ('f-1')`);
      await publishEvent(tx, postEvent(tooLong));
    });
    const saved = await queryRows<{ id: string }>(database.db, sql`select id from notes where id = 'f-1'`);
    expect(saved).toEqual([{ id: "f-1" }]);
    expect(notifyErrors).toHaveLength(1);
    // Drizzle wraps the database's error in its own.
    expect(String((notifyErrors[0] as { cause?: unknown }).cause)).toMatch(/payload string too long/i);
  });

  it("share a statement with other commits' that arrive while one is on its way, each commit's in order", async () => {
    statements.length = 0;
    const errors: unknown[] = [];
    const send = batchedSender(database.db, (err) => errors.push(err));
    const payload = (id: string) => JSON.stringify(postEvent(id));
    const notification = (id: string) => ({ channel: EVENTS_CHANNEL, payload: payload(id) });
    // The first leaves at once; the next two arrive while it is on its way and leave together after it.
    await Promise.all([
      send([notification("b-1")]),
      send([notification("b-2"), notification("b-3")]),
      send([notification("b-4")]),
    ]);
    expect(await heard(["b-1", "b-2", "b-3", "b-4"])).toEqual(["b-1", "b-2", "b-3", "b-4"]);
    expect(statements.filter((q) => q.includes("pg_notify"))).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it("lose only the failing commit's events when a shared statement fails", async () => {
    const errors: unknown[] = [];
    const send = batchedSender(database.db, (err) => errors.push(err));
    const notification = (id: string) => ({
      channel: EVENTS_CHANNEL,
      payload: JSON.stringify(postEvent(id)),
    });
    await Promise.all([
      send([notification("e-1")]),
      send([notification("e-2")]),
      send([notification(`e-${"x".repeat(8000)}`)]),
      send([notification("e-3")]),
    ]);
    expect(await heard(["e-1", "e-2", "e-3"])).toEqual(["e-1", "e-2", "e-3"]);
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as { cause?: unknown }).cause)).toMatch(/payload string too long/i);
  });
});
