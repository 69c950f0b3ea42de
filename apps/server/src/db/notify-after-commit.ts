import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

type TNotification = { channel: string; payload: string };
type TExecutor = Pick<PgDatabase<PgQueryResultHKT>, "execute">;
/** A database or transaction as far as opening a (nested) transaction goes. */
type TTransactional = {
  transaction(work: (tx: TTransactional) => Promise<unknown>, config?: unknown): Promise<unknown>;
};

/**
 * NOTIFYs waiting for their transaction's commit, by the transaction's session: Drizzle gives each transaction a
 * session of its own (its pool connection) and its savepoints share it.
 */
const waiting = new WeakMap<object, TNotification[]>();

function sessionOf(db: object): object | undefined {
  return (db as { session?: object }).session;
}

async function sendNow(db: TExecutor, notifications: TNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  // One statement for all, in order: a set-returning function in FROM yields its rows in array order.
  await db.execute(
    sql`select pg_notify(n->>'channel', n->>'payload') from json_array_elements(${JSON.stringify(notifications)}::json) as n`,
  );
}

/**
 * Sends NOTIFYs (in order) on `db`: at once outside a transaction; inside one opened on a database set up by
 * `notifyAfterCommit`, once it has committed, and never if it rolls back.
 */
export async function sendNotifications(
  db: TExecutor,
  channel: string,
  payloads: readonly string[],
): Promise<void> {
  const notifications = payloads.map((payload) => ({ channel, payload }));
  const session = sessionOf(db);
  const queue = session && waiting.get(session);
  if (queue) queue.push(...notifications);
  else await sendNow(db, notifications);
}

/**
 * Makes every transaction opened on `db` send its NOTIFYs after its commit, in one statement (shared with other
 * commits' that arrive meanwhile: batchedSender), instead of in it.
 *
 * Why: PostgreSQL serializes the commits of transactions that sent NOTIFY (a database-wide lock taken at commit
 * and held until the commit record is flushed to disk), so transactions that write and notify (a comment, a post, a
 * follow, an award) commit one at a time, each waiting for its own flush. A NOTIFY after the commit holds that lock
 * only for an instant: its transaction writes nothing, so its commit flushes nothing.
 *
 * The order of events is kept, and a rolled-back transaction (or savepoint) still sends nothing. What changes: a
 * process that stops between the commit and the NOTIFY loses those NOTIFYs (the rows are saved), and a NOTIFY that
 * fails then is given to `onError` rather than failing the committed work.
 */
export function notifyAfterCommit(db: TTransactional & TExecutor, onError: (err: unknown) => void): void {
  const open = db.transaction.bind(db);
  const rootSession = sessionOf(db);
  const send = batchedSender(db, onError);
  db.transaction = async (work, config) => {
    const queue: TNotification[] = [];
    let session: object | undefined;
    let result: unknown;
    try {
      result = await open((tx) => {
        session = sessionOf(tx);
        // A transaction sharing the database's own session would hold back every NOTIFY: leave those as they are.
        if (session && session !== rootSession) {
          waiting.set(session, queue);
          keepSavepointsExact(tx, queue);
        }
        return work(tx);
      }, config);
    } finally {
      if (session) waiting.delete(session);
    }
    await send(queue);
    return result;
  };
}

/**
 * Sends committed transactions' NOTIFYs in as few statements as arrive together: the first goes at once; those
 * that come while it is on its way wait for it and then leave in one statement, in the order their transactions
 * handed them over. Under load a statement carries many commits' events instead of each paying a round trip. A
 * batch that fails is sent again transaction by transaction, so one bad payload loses only its own events.
 */
export function batchedSender(db: TExecutor, onError: (err: unknown) => void) {
  type TWaiting = { notifications: TNotification[]; sent: () => void };
  let waitingBatch: TWaiting[] = [];
  let sending = false;

  async function sendEach(batch: TWaiting[]) {
    for (const one of batch) {
      try {
        await sendNow(db, one.notifications);
      } catch (err) {
        onError(err);
      }
    }
  }

  async function drain() {
    sending = true;
    while (waitingBatch.length > 0) {
      const batch = waitingBatch;
      waitingBatch = [];
      try {
        await sendNow(
          db,
          batch.flatMap((one) => one.notifications),
        );
      } catch (err) {
        if (batch.length === 1) onError(err);
        else await sendEach(batch);
      }
      for (const one of batch) one.sent();
    }
    sending = false;
  }

  return (notifications: TNotification[]): Promise<void> => {
    if (notifications.length === 0) return Promise.resolve();
    return new Promise<void>((sent) => {
      waitingBatch.push({ notifications, sent });
      if (!sending) void drain();
    });
  };
}

/** A savepoint rolled back takes back the NOTIFYs queued inside it, as PostgreSQL's own rollback would. */
function keepSavepointsExact(tx: TTransactional, queue: TNotification[]) {
  const open = tx.transaction.bind(tx);
  tx.transaction = async (work) => {
    const mark = queue.length;
    try {
      return await open((inner) => {
        keepSavepointsExact(inner, queue);
        return work(inner);
      });
    } catch (err) {
      queue.length = mark;
      throw err;
    }
  };
}
