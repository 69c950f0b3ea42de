import { M, M_SWEEP, SWEEP_LIMITS, type TSweepAccount, type TSweepClaimResult } from "@plugs/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { claimSweep, fetchBlockhash } from "./api.ts";
import { buildCloseTransaction, planBatches, signatureText } from "./close-transactions.ts";
import { forgetPendingClaim, pendingClaimsOf, rememberPendingClaim } from "./pending-claims.ts";
import { useRefreshAfterClaim } from "./queries.ts";
import { signAndSend, type TConnection, walletErrorMessage } from "./wallet-standard.ts";

/**
 * One closing transaction's progress: waiting its turn, signing (the wallet's prompt is open), sent (the wallet
 * returned its signature), confirmed (the network has it; the server waits for it to be finalized), verified (the
 * server proved the closes and paid), or failed with what to do next.
 */
export type TBatchStatus = "waiting" | "signing" | "sent" | "confirmed" | "verified" | "failed";

export type TBatch = {
  id: number;
  accounts: TSweepAccount[];
  status: TBatchStatus;
  signature: string | null;
  error: string | null;
  /** After a failure: send the batch again (nothing was closed), or ask the server again about the signature. */
  retry: "send" | "claim" | null;
  /** When the server said to wait (a 429's Retry-After): asking again is offered from then, in ms since 1970. */
  retryAt: number | null;
  result: TSweepClaimResult | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a claim's error answer means: ask again shortly ("pending": not finalized yet, not visible yet, or the server
 * was unreachable; `status` says whether the network has confirmed it), wait as long as the server says (a 429 of
 * the 'sweep' fair-use limit: the closes stay claimable, so the signature is kept), or a refusal that asking again
 * will not change (the server's reason, e.g. a transaction whose accounts have too long a history to check).
 */
export function readClaimError(
  err: unknown,
  now = Date.now(),
):
  | { kind: "pending"; status: "confirmed" | "sent" }
  | { kind: "limited"; message: string; retryAt: number }
  | { kind: "refused"; message: string; failedOnChain: boolean } {
  if (!(err instanceof ApiError)) return { kind: "pending", status: "sent" };
  if (err.code === "NOT_FINALIZED") return { kind: "pending", status: "confirmed" };
  if (err.status === 404 || err.status === 0 || err.status >= 500) return { kind: "pending", status: "sent" };
  if (err.status === 429) {
    return { kind: "limited", message: err.message, retryAt: now + (err.retryAfterSeconds ?? 60) * 1000 };
  }
  return { kind: "refused", message: err.message, failedOnChain: err.message === M_SWEEP.transactionFailed };
}

type TClaimOutcome =
  | { kind: "verified"; result: TSweepClaimResult }
  | { kind: "pending" }
  | { kind: "limited"; message: string; retryAt: number }
  | { kind: "refused"; message: string; failedOnChain: boolean };

/**
 * Tells the server a sent transaction's signature until it settles: verified (paid), refused (with the server's
 * reason), limited (asked too often: the signature stays kept for a later ask), or still pending when the wait runs
 * out. `onPending` hears each "ask again" and whether the network has
 * confirmed the transaction; `alive` stops the loop when the page goes away.
 */
async function claimUntilSettled(
  signature: string,
  alive: () => boolean,
  onPending: (status: "confirmed" | "sent") => void = () => {},
): Promise<TClaimOutcome> {
  const deadline = Date.now() + SWEEP_LIMITS.finalizeWaitSeconds * 1000;
  for (;;) {
    try {
      const result = await claimSweep(signature);
      forgetPendingClaim(signature);
      return { kind: "verified", result };
    } catch (err) {
      const answer = readClaimError(err);
      if (answer.kind === "limited") return answer;
      if (answer.kind === "refused") {
        forgetPendingClaim(signature);
        return answer;
      }
      if (Date.now() >= deadline || !alive()) return { kind: "pending" };
      onPending(answer.status);
      await sleep(SWEEP_LIMITS.finalizeRetrySeconds * 1000);
    }
  }
}

/** The 'Points Earned' toast for a verified sweep (or what it closed when it earned nothing). */
function announce(result: TSweepClaimResult) {
  if (result.pointsAwarded > 0) {
    toast.success(M.points.pointsEarnedTitle, {
      description: `+${result.pointsAwarded.toLocaleString()} points for ${closedText(result.accountsClosed)}`,
    });
  } else {
    toast.info(`${closedText(result.accountsClosed)}, no points earned`);
  }
}

/**
 * Once per page: asks the server again about this member's signatures that were sent but not verified when an
 * earlier page closed, and announces what they paid.
 */
export function useResumePendingClaims(userId: string) {
  const refreshAll = useRefreshAfterClaim();
  useEffect(() => {
    let alive = true;
    void (async () => {
      for (const signature of pendingClaimsOf(userId)) {
        const outcome = await claimUntilSettled(signature, () => alive);
        if (!alive) return;
        if (outcome.kind === "verified") {
          announce(outcome.result);
          void refreshAll(outcome.result.sweep.wallet);
        }
        // Over the fair-use limit: the rest would be refused too; they stay kept for the next page.
        if (outcome.kind === "limited") return;
      }
    })();
    return () => {
      alive = false;
    };
  }, [userId, refreshAll]);
}

/**
 * Closes the chosen accounts of the connected wallet: plans the batches, then for each one asks the wallet to sign
 * and send, and tells the server the signature until it is verified (retrying "not finalized yet" for a while).
 * A failed batch stops the run; `retry(id)` picks it up again and goes on with the rest.
 */
export function useSweepRun({
  userId,
  connection,
  chain,
  closesPerTransaction,
}: {
  userId: string;
  connection: TConnection | null;
  chain: `${string}:${string}`;
  closesPerTransaction: number;
}) {
  const [batches, setBatches] = useState<TBatch[]>([]);
  const [running, setRunning] = useState(false);
  const batchesRef = useRef<TBatch[]>([]);
  const alive = useRef(true);
  const refresh = useRefreshAfterClaim();

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const update = useCallback((id: number, patch: Partial<TBatch>) => {
    batchesRef.current = batchesRef.current.map((b) => (b.id === id ? { ...b, ...patch } : b));
    if (alive.current) setBatches(batchesRef.current);
  }, []);

  const claim = useCallback(
    async (batch: TBatch, signature: string, address: string): Promise<boolean> => {
      const outcome = await claimUntilSettled(
        signature,
        () => alive.current,
        (status) => update(batch.id, { status }),
      );
      if (outcome.kind === "verified") {
        update(batch.id, {
          status: "verified",
          result: outcome.result,
          error: null,
          retry: null,
          retryAt: null,
        });
        void refresh(address);
        announce(outcome.result);
        return true;
      }
      if (outcome.kind === "pending") {
        update(batch.id, {
          status: "failed",
          error: "The network has not finalized this transaction yet. Check again in a minute.",
          retry: "claim",
        });
      } else if (outcome.kind === "limited") {
        // The accounts are closed on chain; the claim waits for the limit, keeping what earlier batches were paid.
        update(batch.id, {
          status: "failed",
          error: outcome.message,
          retry: "claim",
          retryAt: outcome.retryAt,
        });
      } else {
        update(batch.id, {
          status: "failed",
          error: outcome.message,
          retry: outcome.failedOnChain ? "send" : null,
        });
        // Refused for good (e.g. too long a history to check): what it closed on chain leaves the scan all the same.
        if (!outcome.failedOnChain) void refresh(address);
      }
      return false;
    },
    [update, refresh],
  );

  const send = useCallback(
    async (batch: TBatch): Promise<boolean> => {
      if (!connection) return false;
      const address = connection.account.address;
      update(batch.id, { status: "signing", error: null, retry: null, retryAt: null, signature: null });
      let signature: string;
      try {
        const lifetime = await fetchBlockhash();
        const transaction = buildCloseTransaction(batch, address, lifetime);
        signature = signatureText(await signAndSend(connection, transaction, chain));
      } catch (err) {
        update(batch.id, {
          status: "failed",
          error:
            err instanceof ApiError ? err.message : walletErrorMessage(err, "The wallet could not send it"),
          retry: "send",
        });
        return false;
      }
      rememberPendingClaim(userId, signature);
      update(batch.id, { status: "sent", signature });
      return claim(batch, signature, address);
    },
    [connection, chain, userId, update, claim],
  );

  /** Runs the batches from `fromId` on, in order, stopping at the first that fails. */
  const runFrom = useCallback(
    async (fromId: number, first: (batch: TBatch) => Promise<boolean>) => {
      setRunning(true);
      try {
        for (const batch of batchesRef.current) {
          if (batch.id < fromId || batch.status === "verified") continue;
          const ok = batch.id === fromId ? await first(batch) : await send(batch);
          if (!ok) break;
        }
      } finally {
        if (alive.current) setRunning(false);
      }
    },
    [send],
  );

  const start = useCallback(
    (accounts: TSweepAccount[]) => {
      if (!connection || accounts.length === 0) return;
      const planned = planBatches(accounts, connection.account.address, closesPerTransaction);
      batchesRef.current = planned.map((b, i) => ({
        id: i + 1,
        accounts: b.accounts,
        status: "waiting",
        signature: null,
        error: null,
        retry: null,
        retryAt: null,
        result: null,
      }));
      setBatches(batchesRef.current);
      void runFrom(1, send);
    },
    [connection, closesPerTransaction, runFrom, send],
  );

  const retry = useCallback(
    (id: number) => {
      const batch = batchesRef.current.find((b) => b.id === id);
      if (!batch || !connection) return;
      if (batch.retry === "claim" && batch.signature) {
        const signature = batch.signature;
        void runFrom(id, (b) => {
          update(b.id, { status: "sent", error: null, retry: null, retryAt: null });
          return claim(b, signature, connection.account.address);
        });
      } else {
        void runFrom(id, send);
      }
    },
    [connection, runFrom, claim, send, update],
  );

  const clear = useCallback(() => {
    batchesRef.current = [];
    setBatches([]);
  }, []);

  return { batches, running, start, retry, clear };
}

function closedText(count: number): string {
  return `${count.toLocaleString()} account${count === 1 ? "" : "s"} closed`;
}
