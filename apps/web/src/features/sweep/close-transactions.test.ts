import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS, type TSweepAccount } from "@plugs/domain";
import {
  generateKeyPairSigner,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from "@solana/kit";
import { describe, expect, it } from "vitest";
import { buildCloseTransaction, planBatches } from "./close-transactions.ts";
import { formatTokenAmount } from "./sweep-format.ts";

async function accounts(
  count: number,
  program: TSweepAccount["program"] = "token",
): Promise<TSweepAccount[]> {
  const signers = await Promise.all(Array.from({ length: count }, () => generateKeyPairSigner()));
  return signers.map((s) => ({
    address: s.address,
    mint: s.address,
    program,
    name: null,
    symbol: null,
    rentLamports: 2_039_280,
    amount: "0",
    decimals: 0,
  }));
}

const LIFETIME = { blockhash: "11111111111111111111111111111111", lastValidBlockHeight: "100" };

describe("closing transactions", () => {
  it("batches by the per-transaction cap, and by the 1232-byte limit when the cap is higher", async () => {
    const wallet = (await generateKeyPairSigner()).address;
    const list = await accounts(60);
    expect(planBatches(list, wallet, 20).map((b) => b.accounts.length)).toEqual([20, 20, 20]);
    const bySize = planBatches(list, wallet, 1000);
    expect(bySize.length).toBeGreaterThan(1);
    expect(bySize.flatMap((b) => b.accounts)).toEqual(list);
    for (const batch of bySize)
      expect(buildCloseTransaction(batch, wallet, LIFETIME).length).toBeLessThanOrEqual(1232);
  });

  it("closes each account under its own program, the rent going back to the wallet that signs", async () => {
    const wallet = (await generateKeyPairSigner()).address;
    const [legacy] = await accounts(1, "token");
    const [modern] = await accounts(1, "token-2022");
    if (!legacy || !modern) throw new Error("no accounts");
    const wire = buildCloseTransaction({ accounts: [legacy, modern] }, wallet, LIFETIME);
    const message = getCompiledTransactionMessageDecoder().decode(
      getTransactionDecoder().decode(wire).messageBytes,
    );
    if (message.version !== "legacy") throw new Error(`a ${message.version} transaction, not legacy`);
    const keys = message.staticAccounts;
    expect(keys[0]).toBe(wallet);
    expect(message.header.numSignerAccounts).toBe(1);
    const programs = message.instructions.map((ix) => keys[ix.programAddressIndex]);
    expect(programs).toEqual([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]);
    for (const [i, ix] of message.instructions.entries()) {
      // CloseAccount (9): the account, the destination, the owner.
      expect([...(ix.data ?? [])]).toEqual([9]);
      expect(ix.accountIndices?.map((k) => keys[k])).toEqual([[legacy, modern][i]?.address, wallet, wallet]);
    }
  });
});

describe("token amounts", () => {
  it("reads a raw amount in whole tokens", () => {
    expect(formatTokenAmount("1500000", 6)).toBe("1.5");
    expect(formatTokenAmount("1234567000000", 6)).toBe("1,234,567");
    expect(formatTokenAmount("5", 9)).toBe("0.000000005");
    expect(formatTokenAmount("42", 0)).toBe("42");
  });
});
