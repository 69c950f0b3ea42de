import { M_SWEEP, tooOftenMessage } from "@plugs/domain";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiError, retryAfterOf } from "../../lib/api.ts";
import { SweepProgress } from "./sweep-progress.tsx";
import { readClaimError, type TBatch } from "./use-sweep-run.ts";

// The server's refusals of a sweep (its answers are tested in apps/server/src/features/sweep/sweep.test.ts): what the
// page makes of them, and what it shows.

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const limited = () => new ApiError(429, "RATE_LIMITED", tooOftenMessage(40), undefined, undefined, 40);
const overBudget = () =>
  new ApiError(400, "VALIDATION", M_SWEEP.claimTooLong, { signature: M_SWEEP.claimTooLong });

const account = (n: number) => ({
  address: `Acc${n}`.padEnd(44, "1"),
  mint: "Mint".padEnd(44, "1"),
  program: "token" as const,
  name: null,
  symbol: null,
  rentLamports: 2_039_280,
  amount: "0",
  decimals: 0,
});

function batch(id: number, patch: Partial<TBatch>): TBatch {
  return {
    id,
    accounts: [account(id * 10), account(id * 10 + 1)],
    status: "waiting",
    signature: null,
    error: null,
    retry: null,
    retryAt: null,
    result: null,
    ...patch,
  };
}

const verified = batch(1, {
  status: "verified",
  signature: "Sig1".padEnd(88, "1"),
  result: {
    accountsClosed: 2,
    pointsAwarded: 2000,
    lamportsReclaimed: 4_078_560,
    accounts: [],
    sweep: {
      signature: "Sig1".padEnd(88, "1"),
      wallet: "W".padEnd(44, "1"),
      createdAt: new Date(NOW).toISOString(),
      accountsClosed: 2,
      lamportsReclaimed: 4_078_560,
      points: 2000,
    },
  },
});

const render = (batches: TBatch[], running = false) =>
  renderToString(
    createElement(SweepProgress, {
      batches,
      running,
      explorerTxUrl: "https://explorer.solana.com/tx/{signature}",
      onRetry: () => {},
      onDone: () => {},
    }),
  ).replaceAll("<!-- -->", "");

describe("a sweep's claim refused by the server", () => {
  it("reads Retry-After in seconds, and nothing else", () => {
    expect(retryAfterOf("40")).toBe(40);
    expect(retryAfterOf(" 7 ")).toBe(7);
    expect(retryAfterOf(null)).toBeUndefined();
    expect(retryAfterOf("Fri, 27 Nov 2026 12:00:00 GMT")).toBeUndefined();
  });

  it("over the fair-use limit: keeps the claim for later, from when the server says", () => {
    expect(readClaimError(limited(), NOW)).toEqual({
      kind: "limited",
      message: "You're doing that too often. Try again in 40 seconds.",
      retryAt: NOW + 40_000,
    });
    // Without the header, a minute (the burst's window).
    expect(readClaimError(new ApiError(429, "RATE_LIMITED", tooOftenMessage(5)), NOW)).toMatchObject({
      retryAt: NOW + 60_000,
    });
  });

  it("over the claim's history budget: refused for good, in the server's words", () => {
    expect(readClaimError(overBudget(), NOW)).toEqual({
      kind: "refused",
      message: M_SWEEP.claimTooLong,
      failedOnChain: false,
    });
    expect(readClaimError(new ApiError(400, "VALIDATION", M_SWEEP.transactionFailed), NOW)).toMatchObject({
      kind: "refused",
      failedOnChain: true,
    });
  });

  it("not finalized, not found yet, or no answer: asks again", () => {
    expect(readClaimError(new ApiError(409, "NOT_FINALIZED", M_SWEEP.notFinalized), NOW)).toEqual({
      kind: "pending",
      status: "confirmed",
    });
    expect(readClaimError(new ApiError(404, "NOT_FOUND", M_SWEEP.transactionUnknown), NOW)).toEqual({
      kind: "pending",
      status: "sent",
    });
    expect(readClaimError(new TypeError("Failed to fetch"), NOW)).toEqual({
      kind: "pending",
      status: "sent",
    });
  });

  it("shows the 429's message and holds Check again until Retry-After, keeping what was paid", () => {
    const html = render([
      verified,
      batch(2, {
        status: "failed",
        signature: "Sig2".padEnd(88, "1"),
        error: tooOftenMessage(40),
        retry: "claim",
        retryAt: Date.now() + 40_000,
      }),
      batch(3, {}),
    ]);
    expect(html).toContain('role="alert"');
    expect(html).toContain("You&#x27;re doing that too often. Try again in 40 seconds.");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Check again in (40|39) s<\/button>/);
    // The first transaction's pay stays, the third was not sent, and nothing is put away yet.
    expect(html).toContain("+2,000 points");
    expect(html).toContain("So far");
    expect(html).toContain("Not sent");
    expect(html).not.toContain(">Done<");
  });

  it("offers Check again once the wait is over", () => {
    const html = render([
      batch(1, { status: "failed", signature: "S", error: "x", retry: "claim", retryAt: Date.now() - 1 }),
    ]);
    expect(html).toMatch(/<button(?![^>]*disabled="")[^>]*>.*Check again<\/button>/);
  });

  it("shows an over-budget refusal, keeps the paid batch, and lets the run be put away", () => {
    const html = render([
      verified,
      batch(2, { status: "failed", signature: "Sig2".padEnd(88, "1"), error: M_SWEEP.claimTooLong }),
      batch(3, {}),
    ]);
    expect(html).toContain(M_SWEEP.claimTooLong);
    expect(html).toContain("+2,000 points");
    expect(html).not.toContain("Check again");
    expect(html).toContain("Not sent");
    expect(html).toContain(">Done</button>");
  });
});
