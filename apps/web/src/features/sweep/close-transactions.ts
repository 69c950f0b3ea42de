import { programAddressOf, type TSweepAccount } from "@plugs/domain";
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  isTransactionMessageWithinSizeLimit,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { getCloseAccountInstruction } from "@solana-program/token";

/*
 * The closing transactions, built in the browser: one CloseAccount per selected token account, with the rent
 * going back to the wallet itself (destination = owner = the wallet), under the account's own program (Token or
 * Token-2022). Nothing is ever burned: only empty accounts are offered.
 */

export type TCloseBatch = { accounts: TSweepAccount[] };

type TLifetime = { blockhash: string; lastValidBlockHeight: string };

function closeInstruction(account: TSweepAccount, wallet: Address) {
  return getCloseAccountInstruction(
    { account: address(account.address), destination: wallet, owner: wallet },
    { programAddress: address(programAddressOf(account.program)) },
  );
}

function messageFor(accounts: TSweepAccount[], walletAddress: string, lifetime: TLifetime) {
  const wallet = address(walletAddress);
  return pipe(
    createTransactionMessage({ version: "legacy" }),
    (m) => setTransactionMessageFeePayer(wallet, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: lifetime.blockhash as Blockhash,
          lastValidBlockHeight: BigInt(lifetime.lastValidBlockHeight),
        },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        accounts.map((account) => closeInstruction(account, wallet)),
        m,
      ),
  );
}

/** A placeholder lifetime for measuring: a blockhash is always 32 bytes, so sizes do not depend on it. */
const MEASURING_LIFETIME: TLifetime = {
  blockhash: "11111111111111111111111111111111",
  lastValidBlockHeight: "0",
};

/**
 * Splits the accounts into batches, each one transaction that fits the size limit and holds at most `maxPerBatch`
 * closes (the server's `closesPerTransaction`).
 */
export function planBatches(
  accounts: TSweepAccount[],
  walletAddress: string,
  maxPerBatch: number,
): TCloseBatch[] {
  const batches: TCloseBatch[] = [];
  let current: TSweepAccount[] = [];
  for (const account of accounts) {
    const candidate = [...current, account];
    const fits =
      candidate.length <= maxPerBatch &&
      isTransactionMessageWithinSizeLimit(messageFor(candidate, walletAddress, MEASURING_LIFETIME));
    if (fits || current.length === 0) current = candidate;
    else {
      batches.push({ accounts: current });
      current = [account];
    }
  }
  if (current.length > 0) batches.push({ accounts: current });
  return batches;
}

/** The batch's unsigned wire transaction, for the wallet to sign and send. */
export function buildCloseTransaction(
  batch: TCloseBatch,
  walletAddress: string,
  lifetime: TLifetime,
): Uint8Array {
  const transaction = compileTransaction(messageFor(batch.accounts, walletAddress, lifetime));
  return new Uint8Array(getTransactionEncoder().encode(transaction));
}

/** A signature's raw bytes as the base58 text the network and the server use. */
export function signatureText(bytes: Uint8Array): string {
  return getBase58Decoder().decode(bytes);
}
