import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import type { TLogger } from "../../logger.ts";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { seedSignedInUsers } from "../posts/testing.ts";
import { awardPoints, awardPointsSafely } from "./award-points.ts";
import { balanceOf, setActivity } from "./testing.ts";

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function freshUser() {
  const [user] = await seedSignedInUsers(server, 1);
  if (!user) throw new Error("no user");
  return user;
}

describe("awardPoints", () => {
  it("pays 100 concurrent awards with one idempotency key once", async () => {
    const user = await freshUser();
    const awards = await Promise.all(
      Array.from({ length: 100 }, () =>
        awardPoints(server.deps.db, {
          userId: user.id,
          activity: "voting",
          referenceType: "kol_vote",
          referenceId: "kol-1",
        }),
      ),
    );
    expect(awards.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(server, user.id)).toEqual({ points: 10, ledger: 10, rows: 1 });
  });

  it("pays a retry of a paid award nothing, and a different reference again", async () => {
    const user = await freshUser();
    const input = {
      userId: user.id,
      activity: "voting" as const,
      referenceType: "kol_vote",
      referenceId: "a",
    };
    const first = await awardPoints(server.deps.db, input);
    expect(first).toMatchObject({
      userId: user.id,
      points: 10,
      description: "Vote on KOL",
      activity: "voting",
    });
    expect(await awardPoints(server.deps.db, input)).toBeNull();
    expect(await awardPoints(server.deps.db, { ...input, referenceId: "b" })).not.toBeNull();
    expect(await balanceOf(server, user.id)).toEqual({ points: 20, ledger: 20, rows: 2 });
  });

  it("holds the daily cap under concurrency", async () => {
    const user = await freshUser();
    await setActivity(server, "emoji_reaction", { dailyCap: 3 });
    try {
      const awards = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          awardPoints(server.deps.db, {
            userId: user.id,
            activity: "emoji_reaction",
            referenceType: "comment_reaction",
            referenceId: `reaction-${i}`,
          }),
        ),
      );
      expect(awards.filter(Boolean)).toHaveLength(3);
      expect(await balanceOf(server, user.id)).toEqual({ points: 6, ledger: 6, rows: 3 });
      // Yesterday's awards do not count toward today's cap.
      await server.deps.db.execute(
        sql`update points_transactions set created_at = now() - interval '1 day' where user_id = ${user.id}`,
      );
      expect(
        await awardPoints(server.deps.db, {
          userId: user.id,
          activity: "emoji_reaction",
          referenceType: "comment_reaction",
          referenceId: "tomorrow",
        }),
      ).not.toBeNull();
    } finally {
      await setActivity(server, "emoji_reaction", { dailyCap: 25 });
    }
  });

  it("pays nothing for acting on your own content", async () => {
    const user = await freshUser();
    const other = await freshUser();
    const own = { userId: user.id, activity: "emoji_reaction" as const, referenceType: "comment_reaction" };
    expect(await awardPoints(server.deps.db, { ...own, referenceId: "r1", ownerId: user.id })).toBeNull();
    expect(
      await awardPoints(server.deps.db, { ...own, referenceId: "r2", ownerId: other.id, actorId: other.id }),
    ).toBeNull();
    expect(
      await awardPoints(server.deps.db, { ...own, referenceId: "r3", ownerId: other.id }),
    ).not.toBeNull();
    expect(await balanceOf(server, user.id)).toEqual({ points: 2, ledger: 2, rows: 1 });
  });

  it("pays nothing while an activity is switched off or worth 0", async () => {
    const user = await freshUser();
    const award = (referenceId: string) =>
      awardPoints(server.deps.db, {
        userId: user.id,
        activity: "comment_vote",
        referenceType: "comment_like",
        referenceId,
      });
    await setActivity(server, "comment_vote", { active: false });
    try {
      expect(await award("off")).toBeNull();
    } finally {
      await setActivity(server, "comment_vote", { active: true });
    }
    await setActivity(server, "comment_vote", { points: 0 });
    try {
      expect(await award("zero")).toBeNull();
    } finally {
      await setActivity(server, "comment_vote", { points: 2 });
    }
    expect(await award("on")).not.toBeNull();
    expect(await balanceOf(server, user.id)).toEqual({ points: 2, ledger: 2, rows: 1 });
  });

  it("pays account closure per account closed and takes an airdrop's own amount", async () => {
    const user = await freshUser();
    const closure = await awardPoints(server.deps.db, {
      userId: user.id,
      activity: "account_closure",
      referenceType: "sweep_tx",
      referenceId: "5xTxHash",
      quantity: 3,
    });
    expect(closure?.points).toBe(3000);
    const drop = await awardPoints(server.deps.db, {
      userId: user.id,
      activity: "admin_airdrop",
      referenceType: "airdrop",
      referenceId: randomUUID(),
      amount: 42,
    });
    expect(drop?.points).toBe(42);
    expect(await balanceOf(server, user.id)).toEqual({ points: 3042, ledger: 3042, rows: 2 });
  });

  it("pays nothing to an account that does not exist", async () => {
    expect(
      await awardPoints(server.deps.db, {
        userId: randomUUID(),
        activity: "voting",
        referenceType: "kol_vote",
        referenceId: "x",
      }),
    ).toBeNull();
  });
});

describe("awardPointsSafely", () => {
  it("logs a failure, answers null, and leaves the caller's transaction usable", async () => {
    const user = await freshUser();
    const error = vi.fn();
    const deps = { db: server.deps.db, logger: { error } as unknown as TLogger };
    const result = await server.deps.db.transaction(async (tx) => {
      // An id PostgreSQL cannot read as a uuid makes the award fail inside the action's transaction.
      const failed = await awardPointsSafely(
        deps,
        { userId: "not-a-uuid", activity: "voting", referenceType: "kol_vote", referenceId: "k" },
        tx,
      );
      const paid = await awardPointsSafely(
        deps,
        { userId: user.id, activity: "voting", referenceType: "kol_vote", referenceId: "k" },
        tx,
      );
      const [row] = await queryRows<{ one: number }>(tx, sql`select 1 as one`);
      return { failed, paid, one: row?.one };
    });
    expect(result.failed).toBeNull();
    expect(result.paid?.points).toBe(10);
    expect(result.one).toBe(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[1]).toBe("points award failed");
    expect(await balanceOf(server, user.id)).toEqual({ points: 10, ledger: 10, rows: 1 });
  });
});

describe("account creation", () => {
  it("pays a new account its account_creation points once", async () => {
    const user = await createUser(server);
    expect(await balanceOf(server, user.id)).toEqual({ points: 100, ledger: 100, rows: 1 });
    const again = await awardPoints(server.deps.db, {
      userId: user.id,
      activity: "account_creation",
      referenceType: "account",
      referenceId: user.id,
    });
    expect(again).toBeNull();
  });
});
