import {
  SWEEP_UNCLOSABLE_MESSAGES,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  type TSweepAccount,
  type TSweepProgram,
  type TSweepScan,
  type TSweepUnclosable,
  type TSweepUnclosableReason,
} from "@plugs/domain";
import type { Address } from "@solana/kit";
import type { TDeps, TViewer } from "../../context.ts";
import { pointsPerAccount, rpcCall, solanaRpc } from "./solana.ts";
import { tokenNames } from "./token-names.ts";
import { requireLinkedWallet } from "./wallets.ts";

/** The fields of a jsonParsed token account that decide whether it can be closed. */
type TParsedTokenAccount = {
  mint: string;
  owner: string;
  state: string;
  tokenAmount: { amount: string; decimals: number };
  closeAuthority?: string;
  extensions?: { extension: string; state?: { withheldAmount?: number | bigint | string } }[];
};

/** Why the owner cannot close this account now, or null when they can. Nothing is ever burned for them. */
export function unclosableReason(info: TParsedTokenAccount, wallet: string): TSweepUnclosableReason | null {
  if (info.tokenAmount.amount !== "0") return "holds_tokens";
  if (info.state === "frozen") return "frozen";
  const fees = info.extensions?.find((e) => e.extension === "transferFeeAmount");
  if (fees && BigInt(fees.state?.withheldAmount ?? 0) > 0n) return "withheld_fees";
  if (info.closeAuthority && info.closeAuthority !== wallet) return "close_authority";
  return null;
}

/**
 * GET /api/sweep/wallets/{address}/accounts: the token accounts of a linked wallet under both token programs,
 * split into those its owner can close now and those they cannot (with why), with the rent closing returns and the
 * points it would earn (before the age rule and the daily cap, which the claim applies). Token names and symbols
 * come from a Token-2022 mint's metadata extension or the mint's Metaplex metadata, where there is one.
 */
export async function scanWallet(deps: TDeps, viewer: TViewer, wallet: string): Promise<TSweepScan> {
  const rpc = solanaRpc(deps);
  await requireLinkedWallet(deps, viewer, wallet);
  const programs: [TSweepProgram, string][] = [
    ["token", TOKEN_PROGRAM_ADDRESS],
    ["token-2022", TOKEN_2022_PROGRAM_ADDRESS],
  ];
  const [answers, points] = await Promise.all([
    Promise.all(
      programs.map(([, programId]) =>
        rpcCall(
          deps,
          "getTokenAccountsByOwner",
          rpc.getTokenAccountsByOwner(
            wallet as Address,
            { programId: programId as Address },
            { encoding: "jsonParsed", commitment: "confirmed" },
          ),
        ),
      ),
    ),
    pointsPerAccount(deps),
  ]);
  const closable: TSweepAccount[] = [];
  const unclosable: TSweepUnclosable[] = [];
  answers.forEach((answer, i) => {
    const program = programs[i]?.[0] ?? "token";
    for (const item of answer.value) {
      const info = item.account.data.parsed.info as unknown as TParsedTokenAccount;
      const account: TSweepAccount = {
        address: item.pubkey,
        mint: info.mint,
        program,
        name: null,
        symbol: null,
        rentLamports: Number(item.account.lamports),
        amount: info.tokenAmount.amount,
        decimals: info.tokenAmount.decimals,
      };
      const reason = unclosableReason(info, wallet);
      if (reason)
        unclosable.push({ ...account, reasonCode: reason, reason: SWEEP_UNCLOSABLE_MESSAGES[reason] });
      else closable.push(account);
    }
  });
  const mints = new Map([...closable, ...unclosable].map((a) => [a.mint, a.program]));
  const names = await tokenNames(
    deps,
    rpc,
    [...mints].map(([mint, program]) => ({ mint, program })),
  );
  for (const account of [...closable, ...unclosable]) {
    const known = names.get(account.mint);
    if (known) {
      account.name = known.name;
      account.symbol = known.symbol;
    }
  }
  // Most rent back first; then by address, so the order is stable between scans.
  const order = (a: TSweepAccount, b: TSweepAccount) =>
    b.rentLamports - a.rentLamports || a.address.localeCompare(b.address);
  closable.sort(order);
  unclosable.sort(order);
  return {
    closable,
    unclosable,
    totals: {
      lamports: closable.reduce((sum, a) => sum + a.rentLamports, 0),
      points: closable.length * points,
    },
  };
}
