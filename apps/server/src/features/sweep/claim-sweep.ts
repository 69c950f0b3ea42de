import {
  M_SWEEP,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  type TSweepClaimedAccount,
  type TSweepClaimResult,
  type TSweepHistoryItem,
  type TSweepUnpaidReason,
} from "@plugs/domain";
import { type Address, getBase58Encoder, type Signature } from "@solana/kit";
import { eq, inArray } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { pointsActivities, sweepPaidAccounts, sweeps } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { awardPoints } from "../points/award-points.ts";
import { rpcCall, solanaRpc, type TSolanaRpcClient } from "./solana.ts";
import { linkedAddresses } from "./wallets.ts";

const TOKEN_PROGRAMS = new Set<string>([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]);
/** The token programs' CloseAccount instruction (the same number in Token and Token-2022). */
const CLOSE_ACCOUNT = 9;
/** The most transactions of one account's history read to learn when it was opened. */
const HISTORY_READS = 30;
/**
 * The most RPC reads one claim spends on its accounts' ages, all accounts together (each costs 1 + its history's
 * reads, usually 2 or 3; up to 31), AGE_CHECKS_AT_ONCE accounts at a time. Past it the claim is refused whole.
 */
const CLAIM_READS = 100;
const AGE_CHECKS_AT_ONCE = 5;

/** A claim's remaining RPC reads; `spend` refuses the claim once they are used up. */
type TReadBudget = { left: number };

function spend(budget: TReadBudget) {
  if (budget.left <= 0) {
    throw new AppError("VALIDATION", M_SWEEP.claimTooLong, { fields: { signature: M_SWEEP.claimTooLong } });
  }
  budget.left -= 1;
}

/** Runs `fn` on every item, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const UNPAID_MESSAGES = (minDays: number): Record<TSweepUnpaidReason, string> => ({
  too_young: M_SWEEP.accountTooYoung(minDays),
  already_paid: M_SWEEP.accountAlreadyPaid,
  age_unknown: M_SWEEP.accountAgeUnknown,
  daily_cap: M_SWEEP.dailyCapReached,
  activity_off: M_SWEEP.activityOff,
});

/** A token account the transaction closed, owned (before it) by one of the member's wallets that signed it. */
type TClosed = { address: string; owner: string; lamports: number };

/** The closing transaction as the RPC tells it (encoding json), narrowed to what the claim reads. */
type TFetchedTransaction = {
  blockTime: number | bigint | null;
  meta: {
    err: unknown;
    preBalances: readonly (number | bigint)[];
    postBalances: readonly (number | bigint)[];
    preTokenBalances?: readonly { accountIndex: number; owner?: string; mint: string }[] | null;
    postTokenBalances?: readonly { accountIndex: number }[] | null;
    loadedAddresses?: { writable: readonly string[]; readonly: readonly string[] };
  } | null;
  transaction: {
    message: {
      accountKeys: readonly string[];
      header: { numRequiredSignatures: number };
      instructions: readonly { programIdIndex: number; accounts: readonly number[]; data: string }[];
    };
  };
};

/** A transaction's accounts in index order: its own, then those loaded from lookup tables (writable, read-only). */
function accountKeysOf(tx: TFetchedTransaction): string[] {
  return [
    ...tx.transaction.message.accountKeys,
    ...(tx.meta?.loadedAddresses?.writable ?? []),
    ...(tx.meta?.loadedAddresses?.readonly ?? []),
  ];
}

/**
 * The token accounts a transaction closed that belonged to the given wallets: each top-level CloseAccount of the
 * Token or Token-2022 program whose account a wallet owned before the transaction (its pre-token-balance) and
 * that wallet signed; closed means gone after it (no post-token-balance, no lamports left). Each counted once.
 */
export function closedAccounts(tx: TFetchedTransaction, wallets: Set<string>): TClosed[] {
  const meta = tx.meta;
  if (!meta) return [];
  const message = tx.transaction.message;
  const keys = accountKeysOf(tx);
  const signers = new Set(keys.slice(0, message.header.numRequiredSignatures));
  const ownerAt = new Map((meta.preTokenBalances ?? []).map((b) => [b.accountIndex, b.owner]));
  const stillThere = new Set((meta.postTokenBalances ?? []).map((b) => b.accountIndex));
  const base58 = getBase58Encoder();
  const found = new Map<string, TClosed>();
  for (const ix of message.instructions) {
    const program = keys[ix.programIdIndex];
    if (!program || !TOKEN_PROGRAMS.has(program)) continue;
    const data = base58.encode(ix.data);
    if (data.length !== 1 || data[0] !== CLOSE_ACCOUNT) continue;
    const index = ix.accounts[0];
    if (index === undefined) continue;
    const address = keys[index];
    const owner = ownerAt.get(index);
    if (!address || !owner || !wallets.has(owner) || !signers.has(owner)) continue;
    if (stillThere.has(index) || Number(meta.postBalances[index] ?? 0) !== 0) continue;
    found.set(address, { address, owner, lamports: Number(meta.preBalances[index] ?? 0) });
  }
  return [...found.values()];
}

/**
 * Whether the incarnation of a token account that the claim's transaction closed was opened at least
 * SWEEP_MIN_ACCOUNT_AGE_DAYS before it, from the chain's own history: the account's signatures before the closing
 * one, newest first, each transaction read until one settles it. Its opening (not a token account before the
 * transaction, one after: the pre- and post-token-balances) decides by its block time; a transaction at or before
 * `oldEnoughAt` in which it already was a token account proves it was open then. So an address closed young and
 * re-opened later counts from its re-opening, and lamports sent to an address days before it became a token account
 * do not age it. Too long a recent history (more than HISTORY_READS transactions) is "unknown" and pays nothing.
 */
async function accountAge(
  deps: TDeps,
  rpc: TSolanaRpcClient,
  address: string,
  closingSignature: string,
  oldEnoughAt: number,
  budget: TReadBudget,
): Promise<"old" | "young" | "unknown"> {
  spend(budget);
  const list = await rpcCall(
    deps,
    "getSignaturesForAddress",
    rpc.getSignaturesForAddress(address as Address, {
      limit: HISTORY_READS + 1,
      before: closingSignature as Signature,
    }),
  );
  let reads = 0;
  for (const item of list) {
    if (item.err !== null) continue;
    if (++reads > HISTORY_READS) return "unknown";
    spend(budget);
    const tx = await rpcCall(
      deps,
      "getTransaction",
      rpc.getTransaction(item.signature, { encoding: "json", maxSupportedTransactionVersion: 0 }),
    );
    const fetched = tx as unknown as TFetchedTransaction | null;
    if (!fetched?.meta || fetched.blockTime === null) return "unknown";
    const index = accountKeysOf(fetched).indexOf(address);
    if (index < 0) return "unknown";
    // A token account before or after this transaction (an address holding only lamports is not one yet).
    const before = (fetched.meta.preTokenBalances ?? []).some((b) => b.accountIndex === index);
    const after = (fetched.meta.postTokenBalances ?? []).some((b) => b.accountIndex === index);
    const at = Number(fetched.blockTime);
    if (!before && after) return at <= oldEnoughAt ? "old" : "young";
    if (at <= oldEnoughAt) return before ? "old" : "unknown";
    if (before && !after) return "young";
  }
  return "unknown";
}

async function fetchTransaction(
  deps: TDeps,
  rpc: TSolanaRpcClient,
  signature: string,
): Promise<TFetchedTransaction> {
  const tx = await rpcCall(
    deps,
    "getTransaction",
    rpc.getTransaction(signature as Signature, {
      commitment: "finalized",
      encoding: "json",
      maxSupportedTransactionVersion: 0,
    }),
  );
  if (tx) return tx as unknown as TFetchedTransaction;
  const statuses = await rpcCall(
    deps,
    "getSignatureStatuses",
    rpc.getSignatureStatuses([signature as Signature], { searchTransactionHistory: true }),
  );
  if (statuses.value[0]) throw new AppError("NOT_FINALIZED", M_SWEEP.notFinalized);
  throw new AppError("NOT_FOUND", M_SWEEP.transactionUnknown);
}

export function toHistoryItem(row: typeof sweeps.$inferSelect): TSweepHistoryItem {
  return {
    signature: row.signature,
    wallet: row.wallet,
    createdAt: row.createdAt.toISOString(),
    accountsClosed: row.accountsClosed,
    lamportsReclaimed: row.lamportsReclaimed,
    points: row.points,
  };
}

/**
 * POST /api/sweep/claims: pays for what a closing transaction proves on chain. The transaction must be finalized
 * and successful and signed by a wallet linked to this member; each token account it closed that such a wallet
 * owned earns the account_closure activity's points once, ever, if it was opened SWEEP_MIN_ACCOUNT_AGE_DAYS before
 * the transaction (from the chain's own history, accountAge). The signature is claimed once (sweeps_signature_key), an
 * account paid once (sweep_paid_accounts' key), both in the transaction that pays, so parallel claims pay once.
 * When the activity is off or today's cap is reached, nothing is written and the claim can be made again later.
 */
export async function claimSweep(
  deps: TDeps,
  viewer: TViewer,
  signature: string,
): Promise<TSweepClaimResult> {
  const rpc = solanaRpc(deps);
  const [claimed] = await deps.db
    .select({ id: sweeps.id })
    .from(sweeps)
    .where(eq(sweeps.signature, signature));
  if (claimed) throw new AppError("CONFLICT", M_SWEEP.alreadyClaimed);

  const tx = await fetchTransaction(deps, rpc, signature);
  if (!tx.meta || tx.meta.err) throw new AppError("CONFLICT", M_SWEEP.transactionFailed);
  const wallets = new Set(await linkedAddresses(deps, viewer.id));
  const message = tx.transaction.message;
  const signers = message.accountKeys.slice(0, message.header.numRequiredSignatures);
  const ours = signers.filter((s) => wallets.has(s));
  if (ours.length === 0) throw new AppError("FORBIDDEN", M_SWEEP.notYourWallet);
  const closed = closedAccounts(tx, new Set(ours));
  if (closed.length === 0) throw new AppError("CONFLICT", M_SWEEP.noCloses);

  const minDays = deps.config.sweepMinAccountAgeDays;
  const closedAt = Number(tx.blockTime ?? 0);
  const paidBefore = new Set(
    (
      await deps.db
        .select({ address: sweepPaidAccounts.address })
        .from(sweepPaidAccounts)
        .where(
          inArray(
            sweepPaidAccounts.address,
            closed.map((c) => c.address),
          ),
        )
    ).map((r) => r.address),
  );
  const reasons = new Map<string, TSweepUnpaidReason>();
  for (const c of closed) if (paidBefore.has(c.address)) reasons.set(c.address, "already_paid");
  if (minDays > 0) {
    const oldEnoughAt = closedAt - minDays * 86_400;
    const toCheck = closed.filter((c) => !reasons.has(c.address));
    // A few accounts at a time, so a large batch does not flood the RPC, within the claim's budget of reads.
    const budget: TReadBudget = { left: CLAIM_READS };
    await eachLimited(toCheck, AGE_CHECKS_AT_ONCE, async (c) => {
      const age = tx.blockTime
        ? await accountAge(deps, rpc, c.address, signature, oldEnoughAt, budget)
        : "unknown";
      if (age === "young") reasons.set(c.address, "too_young");
      else if (age !== "old") reasons.set(c.address, "age_unknown");
    });
  }

  const wallet = ours.includes(signers[0] ?? "") ? (signers[0] as string) : (ours[0] as string);
  const lamports = closed.reduce((sum, c) => sum + c.lamports, 0);
  const result = await deps.db.transaction(async (db) => {
    const [sweep] = await db
      .insert(sweeps)
      .values({
        userId: viewer.id,
        signature,
        wallet,
        accountsClosed: closed.length,
        lamportsReclaimed: lamports,
      })
      .onConflictDoNothing({ target: sweeps.signature })
      .returning();
    if (!sweep) throw new AppError("CONFLICT", M_SWEEP.alreadyClaimed);
    const eligible = closed.filter((c) => !reasons.has(c.address));
    const paid =
      eligible.length === 0
        ? []
        : (
            await db
              .insert(sweepPaidAccounts)
              .values(eligible.map((c) => ({ address: c.address, sweepId: sweep.id, userId: viewer.id })))
              .onConflictDoNothing({ target: sweepPaidAccounts.address })
              .returning({ address: sweepPaidAccounts.address })
          ).map((r) => r.address);
    const paidSet = new Set(paid);
    for (const c of eligible) if (!paidSet.has(c.address)) reasons.set(c.address, "already_paid");
    let points = 0;
    if (paid.length > 0) {
      const award = await awardPoints(
        db,
        {
          userId: viewer.id,
          activity: "account_closure",
          referenceId: signature,
          referenceType: "sweep_tx",
          quantity: paid.length,
          description: `Sweep: ${paid.length} token account${paid.length === 1 ? "" : "s"} closed`,
        },
        deps.logger,
      );
      if (!award) {
        // Off, or today's cap reached: write nothing, so the same signature can be claimed later.
        const [activity] = await db
          .select({ active: pointsActivities.active })
          .from(pointsActivities)
          .where(eq(pointsActivities.name, "account_closure"));
        throw new AppError("CONFLICT", activity?.active ? M_SWEEP.dailyCapReached : M_SWEEP.activityOff);
      }
      points = award.points;
      await db.update(sweeps).set({ points }).where(eq(sweeps.id, sweep.id));
    }
    return { sweep: { ...sweep, points }, paidSet, points };
  });

  const each = result.paidSet.size > 0 ? result.points / result.paidSet.size : 0;
  const messages = UNPAID_MESSAGES(minDays);
  const accounts: TSweepClaimedAccount[] = closed.map((c) => {
    const reason = result.paidSet.has(c.address) ? null : (reasons.get(c.address) ?? "already_paid");
    return {
      address: c.address,
      lamports: c.lamports,
      points: reason ? 0 : each,
      reasonCode: reason,
      reason: reason ? messages[reason] : null,
    };
  });
  return {
    accountsClosed: closed.length,
    pointsAwarded: result.points,
    lamportsReclaimed: lamports,
    accounts,
    sweep: toHistoryItem(result.sweep),
  };
}
