import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getCloseAccountInstruction } from "@solana-program/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSolanaRpc, TOKEN, TOKEN_2022, type TSolanaRpc } from "./solana-rpc.ts";

let chain: TSolanaRpc;
beforeAll(async () => {
  chain = await startSolanaRpc();
});
afterAll(() => chain.close());

describe("the litesvm JSON-RPC test server", () => {
  it("executes a CloseAccount sent over HTTP and tells its story like a validator", async () => {
    const rpc = createSolanaRpc(chain.url);
    const wallet = await generateKeyPairSigner();
    chain.airdrop(wallet.address, 1_000_000_000n);
    const mint = await chain.createMint();
    const empty = await chain.createTokenAccount(wallet.address, mint);
    const holding = await chain.createTokenAccount(wallet.address, mint, { amount: 5n });
    const frozen = await chain.createTokenAccount(wallet.address, mint, { frozen: true });
    const mint22 = await chain.createMint({ program: TOKEN_2022 });
    const empty22 = await chain.createTokenAccount(wallet.address, mint22, { program: TOKEN_2022 });

    const owned = await rpc
      .getTokenAccountsByOwner(wallet.address, { programId: TOKEN }, { encoding: "jsonParsed" })
      .send();
    const byAddress = new Map(owned.value.map((a) => [a.pubkey, a.account.data.parsed.info]));
    expect(byAddress.get(empty)?.tokenAmount.amount).toBe("0");
    expect(byAddress.get(holding)?.tokenAmount.amount).toBe("5");
    expect(byAddress.get(frozen)?.state).toBe("frozen");
    const owned22 = await rpc
      .getTokenAccountsByOwner(wallet.address, { programId: TOKEN_2022 }, { encoding: "jsonParsed" })
      .send();
    expect(owned22.value.map((a) => a.pubkey)).toEqual([empty22]);

    const before = (await rpc.getBalance(wallet.address).send()).value;
    const { value: latest } = await rpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(wallet, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstructions(
          [getCloseAccountInstruction({ account: empty, destination: wallet.address, owner: wallet })],
          m,
        ),
    );
    const signed = await signTransactionMessageWithSigners(message);
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" })
      .send();

    const after = (await rpc.getBalance(wallet.address).send()).value;
    expect(after - before).toBe(2_039_280n - 5000n);
    expect((await rpc.getAccountInfo(empty).send()).value).toBeNull();
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
    expect(status?.confirmationStatus).toBe("finalized");
    const tx = await rpc
      .getTransaction(signature, {
        commitment: "finalized",
        encoding: "json",
        maxSupportedTransactionVersion: 0,
      })
      .send();
    expect(tx?.meta?.err).toBeNull();
    expect(tx?.meta?.preTokenBalances?.map((b) => [b.owner, b.uiTokenAmount.amount])).toEqual([
      [wallet.address, "0"],
    ]);
    expect(tx?.meta?.postTokenBalances).toEqual([]);
    const history = await rpc.getSignaturesForAddress(empty).send();
    expect(history.map((h) => h.signature)).toHaveLength(2);
    expect(history[0]?.signature).toBe(signature);

    // Time moves when the test says so; a failing close (tokens left) is refused by preflight.
    const opened = history[1]?.blockTime ?? 0n;
    chain.advanceDays(8);
    await expect(chain.closeAccounts(wallet, [holding])).rejects.toThrow(/failed/);
    const later = await chain.closeAccounts(wallet, [empty22], TOKEN_2022);
    const closed = await rpc
      .getTransaction(later as Signature, { encoding: "json", maxSupportedTransactionVersion: 0 })
      .send();
    expect(Number((closed?.blockTime ?? 0n) - opened)).toBeGreaterThanOrEqual(8 * 86_400);
  });
});
