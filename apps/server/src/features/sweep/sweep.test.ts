import {
  M_SWEEP,
  type TSweepClaimResult,
  type TSweepConfig,
  type TSweepHistory,
  type TSweepScan,
  type TSweepWallets,
  type TWalletChallenge,
} from "@plugs/domain";
import { generateKeyPairSigner, type KeyPairSigner, signBytes } from "@solana/kit";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { startSolanaRpc, TOKEN_2022, type TSolanaRpc } from "../../testing/solana-rpc.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";
import { unclosableReason } from "./scan-wallet.ts";

type TError = { error: { code: string; message: string; fields?: Record<string, string> } };

let chain: TSolanaRpc;
let server: TTestServer;

beforeAll(async () => {
  chain = await startSolanaRpc();
  server = await startTestServer({ SOLANA_RPC_URL: chain.url });
});
afterAll(async () => {
  await server?.close();
  await chain?.close();
});

/** A new wallet with SOL for fees. */
async function newWallet(): Promise<KeyPairSigner> {
  const wallet = await generateKeyPairSigner();
  chain.airdrop(wallet.address, 1_000_000_000n);
  return wallet;
}

async function challenge(user: TTestUser, address: string): Promise<TWalletChallenge> {
  const res = await call<TWalletChallenge>(server, "POST", "/api/sweep/wallets/challenge", {
    cookie: user.cookie,
    json: { address },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function signed(signer: KeyPairSigner, message: string): Promise<string> {
  const bytes = await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message));
  return Buffer.from(bytes).toString("base64");
}

/** Links `wallet` to `user` the way the browser does: ask for the message, have the wallet sign it, send both. */
async function link(user: TTestUser, wallet: KeyPairSigner, signer: KeyPairSigner = wallet) {
  const { message } = await challenge(user, wallet.address);
  return call<TError & { address: string }>(server, "POST", "/api/sweep/wallets", {
    cookie: user.cookie,
    json: { address: wallet.address, message, signature: await signed(signer, message) },
  });
}

function claim(user: TTestUser, signature: string) {
  return call<TSweepClaimResult & TError>(server, "POST", "/api/sweep/claims", {
    cookie: user.cookie,
    json: { signature },
  });
}

async function balanceOf(user: TTestUser): Promise<number> {
  return (await call<{ balance: number }>(server, "GET", "/api/points/me", { cookie: user.cookie })).body
    .balance;
}

async function ledgerSum(userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.deps.db,
    sql`select coalesce(sum(points), 0)::int as n from points_transactions where user_id = ${userId}`,
  );
  return row?.n ?? -1;
}

/** `n` empty token accounts of `owner`, opened `days` ago. */
async function oldEmptyAccounts(owner: string, n: number, days = 8) {
  const mint = await chain.createMint();
  const accounts = [];
  for (let i = 0; i < n; i++) accounts.push(await chain.createTokenAccount(owner as never, mint));
  chain.advanceDays(days);
  return accounts;
}

describe("linking a wallet", () => {
  it("links with a good signature, refuses a forged one, a used or expired nonce, a fourth wallet and another member's wallet", async () => {
    const member = await createUser(server);
    const wallet = await newWallet();

    const forged = await link(member, wallet, await generateKeyPairSigner());
    expect(forged.status).toBe(400);
    expect(forged.body.error.fields?.signature).toBe(M_SWEEP.signatureMismatch);

    const { message } = await challenge(member, wallet.address);
    const good = await call<{ address: string }>(server, "POST", "/api/sweep/wallets", {
      cookie: member.cookie,
      json: { address: wallet.address, message, signature: await signed(wallet, message) },
    });
    expect(good.status).toBe(201);
    expect(good.body.address).toBe(wallet.address);
    const again = await call<TError>(server, "POST", "/api/sweep/wallets", {
      cookie: member.cookie,
      json: { address: wallet.address, message, signature: await signed(wallet, message) },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M_SWEEP.challengeUnknown);

    // An expired challenge.
    const second = await newWallet();
    const late = await challenge(member, second.address);
    await server.deps.db.execute(
      sql`update sweep_challenges set expires_at = now() - interval '1 minute' where nonce = ${late.nonce}`,
    );
    const expired = await call<TError>(server, "POST", "/api/sweep/wallets", {
      cookie: member.cookie,
      json: { address: second.address, message: late.message, signature: await signed(second, late.message) },
    });
    expect(expired.status).toBe(409);
    expect(expired.body.error.message).toBe(M_SWEEP.challengeExpired);

    // A message that is not the one we gave.
    const tampered = await challenge(member, second.address);
    const changed = tampered.message.replace("Version: 1", "Version: 2");
    const bad = await call<TError>(server, "POST", "/api/sweep/wallets", {
      cookie: member.cookie,
      json: { address: second.address, message: changed, signature: await signed(second, changed) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.message).toBe(M_SWEEP.messageInvalid);

    expect((await link(member, second)).status).toBe(201);
    expect((await link(member, await newWallet())).status).toBe(201);
    const fourth = await link(member, await newWallet());
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toBe(M_SWEEP.tooManyWallets(3));

    const other = await createUser(server);
    const taken = await link(other, wallet);
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(M_SWEEP.walletTaken);

    const list = await call<TSweepWallets>(server, "GET", "/api/sweep/wallets", { cookie: member.cookie });
    expect(list.body.items.map((w) => w.address)).toEqual([
      wallet.address,
      second.address,
      expect.any(String),
    ]);
    const unlinked = await call(server, "DELETE", `/api/sweep/wallets/${wallet.address}`, {
      cookie: member.cookie,
    });
    expect(unlinked.status).toBe(204);
    expect((await link(other, wallet)).status).toBe(201);
    expect(
      (await call(server, "DELETE", `/api/sweep/wallets/${wallet.address}`, { cookie: member.cookie }))
        .status,
    ).toBe(404);
  });

  it("refuses bad input with the field's message, and visitors", async () => {
    const member = await createUser(server);
    const bad = await call<TError>(server, "POST", "/api/sweep/wallets/challenge", {
      cookie: member.cookie,
      json: { address: "0xnot-solana" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.address).toBe(M_SWEEP.addressInvalid);
    const badClaim = await claim(member, "nope");
    expect(badClaim.status).toBe(400);
    expect(badClaim.body.error.fields?.signature).toBe(M_SWEEP.transactionSignatureInvalid);
    const visitor = await call<TError>(server, "GET", "/api/sweep/wallets");
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe(M_SWEEP.signInToSweep);
  });
});

describe("scanning and sweeping", () => {
  let member: TTestUser;
  let wallet: KeyPairSigner;
  let startBalance: number;

  beforeAll(async () => {
    member = await createUser(server);
    wallet = await newWallet();
    expect((await link(member, wallet)).status).toBe(201);
    startBalance = await balanceOf(member);
  });

  it("scans both token programs: empty accounts can close, others say why not", async () => {
    const owner = await newWallet();
    const user = await createUser(server);
    expect((await link(user, owner)).status).toBe(201);
    const mint = await chain.createMint();
    await chain.setTokenMetadata(mint, { name: "Bonk Inu", symbol: "BINU" });
    const empty = await chain.createTokenAccount(owner.address, mint);
    const holding = await chain.createTokenAccount(owner.address, mint, { amount: 42n });
    const frozen = await chain.createTokenAccount(owner.address, mint, { frozen: true });
    const mint22 = await chain.createMint({ program: TOKEN_2022 });
    const empty22 = await chain.createTokenAccount(owner.address, mint22, { program: TOKEN_2022 });
    chain.setToken2022Metadata(mint22, { name: "Sweep Test 22", symbol: "ST22" });

    const scan = await call<TSweepScan>(server, "GET", `/api/sweep/wallets/${owner.address}/accounts`, {
      cookie: user.cookie,
    });
    expect(scan.status).toBe(200);
    expect(scan.body.closable.map((a) => [a.address, a.program, a.rentLamports]).sort()).toEqual(
      [
        [empty, "token", 2_039_280],
        [empty22, "token-2022", 2_039_280],
      ].sort(),
    );
    expect(Object.fromEntries(scan.body.unclosable.map((a) => [a.address, a.reason]))).toEqual({
      [holding]: M_SWEEP.holdsTokens,
      [frozen]: M_SWEEP.frozen,
    });
    expect(scan.body.totals).toEqual({ lamports: 2 * 2_039_280, points: 2000 });
    expect(scan.body.closable.find((a) => a.address === empty)).toMatchObject({
      name: "Bonk Inu",
      symbol: "BINU",
    });
    expect(scan.body.closable.find((a) => a.address === empty22)).toMatchObject({
      name: "Sweep Test 22",
      symbol: "ST22",
    });

    const notMine = await call<TError>(server, "GET", `/api/sweep/wallets/${wallet.address}/accounts`, {
      cookie: user.cookie,
    });
    expect(notMine.status).toBe(404);
    expect(notMine.body.error.message).toBe(M_SWEEP.walletNotLinked);
  });

  it("pays exactly 1000 per old account a finalized transaction of the member's wallet closed, once", async () => {
    const accounts = await oldEmptyAccounts(wallet.address, 3);
    const signature = await chain.closeAccounts(wallet, accounts);
    const res = await claim(member, signature);
    expect(res.status).toBe(200);
    expect(res.body.accountsClosed).toBe(3);
    expect(res.body.pointsAwarded).toBe(3000);
    expect(res.body.lamportsReclaimed).toBe(3 * 2_039_280);
    expect(res.body.accounts.every((a) => a.points === 1000 && a.reason === null)).toBe(true);
    expect(res.body.sweep).toMatchObject({
      signature,
      wallet: wallet.address,
      accountsClosed: 3,
      points: 3000,
    });
    expect(await balanceOf(member)).toBe(startBalance + 3000);

    const again = await claim(member, signature);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M_SWEEP.alreadyClaimed);
    expect(await balanceOf(member)).toBe(startBalance + 3000);

    const history = await call<TSweepHistory>(server, "GET", "/api/sweep/history", { cookie: member.cookie });
    expect(history.body.items[0]).toMatchObject({ signature, accountsClosed: 3, points: 3000 });
    const [notice] = await queryRows<{ kind: string; amount: number }>(
      server.deps.db,
      sql`select kind, amount from notifications where user_id = ${member.id} order by created_at desc limit 1`,
    );
    expect(notice).toMatchObject({ kind: "points", amount: 3000 });
  });

  it("reads a versioned transaction that names the closed accounts through an address lookup table", async () => {
    const before = await balanceOf(member);
    const accounts = await oldEmptyAccounts(wallet.address, 2);
    const table = await chain.createLookupTable(accounts);
    const signature = await chain.closeAccounts(wallet, accounts, undefined, { lookupTables: [table] });

    // As the chain reports it: the closed accounts are not among the message's own keys but loaded from the table.
    const rpc = await fetch(chain.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "getTransaction",
        params: [signature, { encoding: "json", maxSupportedTransactionVersion: 0 }],
      }),
    });
    const { result: tx } = (await rpc.json()) as {
      result: {
        version: number;
        transaction: { message: { accountKeys: string[]; addressTableLookups: { accountKey: string }[] } };
        meta: { loadedAddresses: { writable: string[] } };
      };
    };
    expect(tx.version).toBe(0);
    expect(tx.transaction.message.addressTableLookups.map((l) => l.accountKey)).toEqual([table]);
    expect(tx.transaction.message.accountKeys).not.toContain(accounts[0]);
    expect([...tx.meta.loadedAddresses.writable].sort()).toEqual([...accounts].sort());
    expect(chain.svm.getAccount(accounts[0] as never).exists).toBe(false);

    const res = await claim(member, signature);
    expect(res.status).toBe(200);
    expect(res.body.accountsClosed).toBe(2);
    expect(res.body.pointsAwarded).toBe(2000);
    expect(res.body.accounts.map((a) => a.address).sort()).toEqual([...accounts].sort());
    expect(await balanceOf(member)).toBe(before + 2000);
  });

  it("pays once when the same signature is claimed 20 times at once", async () => {
    const before = await balanceOf(member);
    const accounts = await oldEmptyAccounts(wallet.address, 2);
    const signature = await chain.closeAccounts(wallet, accounts);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(member, signature)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await balanceOf(member)).toBe(before + 2000);
  });

  it("pays nothing for an account re-created at a paid address, nor for a young one", async () => {
    const before = await balanceOf(member);
    const { generateKeyPairSigner: keypair } = await import("@solana/kit");
    const reused = await keypair();
    const mint = await chain.createMint();
    await chain.createTokenAccount(wallet.address, mint, { keypair: reused });
    chain.advanceDays(8);
    const first = await claim(member, await chain.closeAccounts(wallet, [reused.address]));
    expect(first.body.pointsAwarded).toBe(1000);

    await chain.createTokenAccount(wallet.address, mint, { keypair: reused });
    chain.advanceDays(8);
    const second = await claim(member, await chain.closeAccounts(wallet, [reused.address]));
    expect(second.status).toBe(200);
    expect(second.body.pointsAwarded).toBe(0);
    expect(second.body.accounts).toEqual([
      expect.objectContaining({ address: reused.address, points: 0, reason: M_SWEEP.accountAlreadyPaid }),
    ]);

    const young = await chain.createTokenAccount(wallet.address, mint);
    chain.advanceDays(2);
    const third = await claim(member, await chain.closeAccounts(wallet, [young]));
    expect(third.status).toBe(200);
    expect(third.body.pointsAwarded).toBe(0);
    expect(third.body.accounts[0]?.reason).toBe(M_SWEEP.accountTooYoung(7));
    expect(await balanceOf(member)).toBe(before + 1000);
  });

  it("counts an account's age from its latest opening: an address closed young and re-opened later is young", async () => {
    const before = await balanceOf(member);
    const mint = await chain.createMint();
    const farmed = await generateKeyPairSigner();
    await chain.createTokenAccount(wallet.address, mint, { keypair: farmed });
    await chain.closeAccounts(wallet, [farmed.address]); // never claimed
    chain.advanceDays(10);
    await chain.createTokenAccount(wallet.address, mint, { keypair: farmed });
    chain.advanceDays(1);
    const res = await claim(member, await chain.closeAccounts(wallet, [farmed.address]));
    expect(res.status).toBe(200);
    expect(res.body.accounts).toEqual([
      expect.objectContaining({ address: farmed.address, points: 0, reason: M_SWEEP.accountTooYoung(7) }),
    ]);
    expect(await balanceOf(member)).toBe(before);
  });

  it("does not age an account by lamports sent to its address before it became a token account", async () => {
    const { getAllocateInstruction, getAssignInstruction, getTransferSolInstruction } = await import(
      "@solana-program/system"
    );
    const { getInitializeAccount3Instruction, TOKEN_PROGRAM_ADDRESS } = await import("@solana-program/token");
    const mint = await chain.createMint();
    const prefunded = await generateKeyPairSigner();
    await chain.send(
      [chain.payer],
      [
        getTransferSolInstruction({
          source: chain.payer,
          destination: prefunded.address,
          amount: 2_039_280n,
        }),
      ],
    );
    chain.advanceDays(10);
    await chain.send(
      [chain.payer, prefunded],
      [
        getAllocateInstruction({ newAccount: prefunded, space: 165n }),
        getAssignInstruction({ account: prefunded, programAddress: TOKEN_PROGRAM_ADDRESS }),
        getInitializeAccount3Instruction({ account: prefunded.address, mint, owner: wallet.address }),
      ],
    );
    const res = await claim(member, await chain.closeAccounts(wallet, [prefunded.address]));
    expect(res.status).toBe(200);
    expect(res.body.accounts[0]).toMatchObject({ points: 0, reason: M_SWEEP.accountTooYoung(7) });
  });

  it("follows the activity's switch and daily cap: refused claims write nothing and can be made later", async () => {
    const before = await balanceOf(member);
    const accounts = await oldEmptyAccounts(wallet.address, 2);
    const signature = await chain.closeAccounts(wallet, accounts);
    await server.deps.db.execute(
      sql`update points_activities set active = false where name = 'account_closure'`,
    );
    const off = await claim(member, signature);
    expect(off.status).toBe(409);
    expect(off.body.error.message).toBe(M_SWEEP.activityOff);
    const config = await call<TSweepConfig>(server, "GET", "/api/sweep/config");
    expect(config.body.pointsPerAccount).toBe(0);

    await server.deps.db.execute(
      sql`update points_activities set active = true, daily_cap = 1 where name = 'account_closure'`,
    );
    const capped = await claim(member, signature);
    expect(capped.status).toBe(409);
    expect(capped.body.error.message).toBe(M_SWEEP.dailyCapReached);

    await server.deps.db.execute(
      sql`update points_activities set daily_cap = null where name = 'account_closure'`,
    );
    const paid = await claim(member, signature);
    expect(paid.status).toBe(200);
    expect(paid.body.pointsAwarded).toBe(2000);
    expect(await balanceOf(member)).toBe(before + 2000);
  });

  it("refuses a transaction of another wallet, an unknown or failed one, and waits for finality", async () => {
    const stranger = await newWallet();
    const [theirs] = await oldEmptyAccounts(stranger.address, 1);
    const foreign = await claim(member, await chain.closeAccounts(stranger, [theirs as never]));
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toBe(M_SWEEP.notYourWallet);

    const unknown = await claim(member, "5".repeat(87));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(M_SWEEP.transactionUnknown);

    const mint = await chain.createMint();
    const holding = await chain.createTokenAccount(wallet.address, mint, { amount: 1n });
    const { getCloseAccountInstruction } = await import("@solana-program/token");
    const failedSignature = await chain.send(
      [wallet],
      [getCloseAccountInstruction({ account: holding, destination: wallet.address, owner: wallet })],
      { skipPreflight: true },
    );
    const failed = await claim(member, failedSignature);
    expect(failed.status).toBe(409);
    expect(failed.body.error.message).toBe(M_SWEEP.transactionFailed);

    const accounts = await oldEmptyAccounts(wallet.address, 1);
    chain.setAutoFinalize(false);
    const pending = await chain.closeAccounts(wallet, accounts);
    chain.setAutoFinalize(true);
    const early = await claim(member, pending);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("NOT_FINALIZED");
    chain.finalize();
    const later = await claim(member, pending);
    expect(later.status).toBe(200);
    expect(later.body.pointsAwarded).toBe(1000);
  });

  it("refuses a claim whose accounts' histories need more reads than one claim may make, writing nothing", async () => {
    const { getTransferSolInstruction } = await import("@solana-program/system");
    const mint = await chain.createMint();
    const accounts: Awaited<ReturnType<typeof chain.createTokenAccount>>[] = [];
    for (let i = 0; i < 4; i++) accounts.push(await chain.createTokenAccount(wallet.address, mint));
    chain.advanceDays(8);
    // 30 recent transactions at each address: each account's age takes 31 reads, 124 for the claim.
    for (const account of accounts) {
      for (let n = 1; n <= 30; n++) {
        await chain.send(
          [chain.payer],
          [getTransferSolInstruction({ source: chain.payer, destination: account, amount: BigInt(n) })],
        );
      }
    }
    const before = await balanceOf(member);
    const signature = await chain.closeAccounts(wallet, accounts);
    const res = await claim(member, signature);
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.signature).toBe(M_SWEEP.claimTooLong);
    expect(await balanceOf(member)).toBe(before);
    expect(
      await queryRows(server.deps.db, sql`select id from sweeps where signature = ${signature}`),
    ).toEqual([]);
  });

  it("keeps the ledger's sum equal to the balance", async () => {
    expect(await ledgerSum(member.id)).toBe(await balanceOf(member));
  });
});

describe("the scan's fair-use limit", () => {
  let limited: TTestServer;
  beforeAll(async () => {
    limited = await startTestServer({ SOLANA_RPC_URL: chain.url, MEMBER_LIMITS: "sweep=2/100" });
  });
  afterAll(() => limited?.close());

  it("counts each scan as a sweep action: past the minute's burst it answers 429 and reads nothing", async () => {
    const user = await createUser(limited);
    const owner = await newWallet();
    await limited.deps.db.execute(
      sql`insert into sweep_wallets (user_id, address) values (${user.id}, ${owner.address})`,
    );
    const scan = () =>
      call<TSweepScan & TError>(limited, "GET", `/api/sweep/wallets/${owner.address}/accounts`, {
        cookie: user.cookie,
      });
    expect((await scan()).status).toBe(200);
    expect((await scan()).status).toBe(200);
    const calls = chain.calls.length;
    const refused = await scan();
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(
      /^You're doing that too often\. Try again in \d+ (seconds?|minute)\.$/,
    );
    expect(chain.calls.length).toBe(calls);
  });
});

describe("what cannot be closed", () => {
  it("names withheld Token-2022 transfer fees and another close authority too", () => {
    const base = { mint: "m", owner: "w", state: "initialized", tokenAmount: { amount: "0", decimals: 6 } };
    expect(unclosableReason(base, "w")).toBeNull();
    expect(unclosableReason({ ...base, closeAuthority: "w" }, "w")).toBeNull();
    expect(unclosableReason({ ...base, closeAuthority: "x" }, "w")).toBe("close_authority");
    const fees = (withheldAmount: number) => ({
      ...base,
      extensions: [{ extension: "transferFeeAmount", state: { withheldAmount } }],
    });
    expect(unclosableReason(fees(0), "w")).toBeNull();
    expect(unclosableReason(fees(5), "w")).toBe("withheld_fees");
    expect(unclosableReason({ ...fees(5), state: "frozen" }, "w")).toBe("frozen");
  });
});

describe("without SOLANA_RPC_URL", () => {
  let bare: TTestServer;
  beforeAll(async () => {
    bare = await startTestServer();
  });
  afterAll(() => bare?.close());

  it("says Sweep is not configured, and nothing else breaks", async () => {
    const config = await call<TSweepConfig>(bare, "GET", "/api/sweep/config");
    expect(config.body).toMatchObject({ configured: false, pointsPerAccount: 1000, maxWallets: 3 });
    const member = await createUser(bare);
    const blockhash = await call<TError>(bare, "GET", "/api/sweep/blockhash", { cookie: member.cookie });
    expect(blockhash.status).toBe(503);
    expect(blockhash.body.error.message).toBe(M_SWEEP.notConfigured);
    const claimed = await call<TError>(bare, "POST", "/api/sweep/claims", {
      cookie: member.cookie,
      json: { signature: "5".repeat(87) },
    });
    expect(claimed.status).toBe(503);
    expect((await call(bare, "GET", "/api/sweep/history", { cookie: member.cookie })).status).toBe(200);
  });

  it("answers 502 with plain words when the RPC cannot be reached", async () => {
    const down = await startTestServer({ SOLANA_RPC_URL: "http://127.0.0.1:9" });
    try {
      const member = await createUser(down);
      const res = await call<TError>(down, "GET", "/api/sweep/blockhash", { cookie: member.cookie });
      expect(res.status).toBe(502);
      expect(res.body.error.message).toBe(M_SWEEP.rpcUnavailable);
      const config = await call<TSweepConfig>(down, "GET", "/api/sweep/config");
      expect(config.body).toMatchObject({ configured: true, cluster: "localnet" });
    } finally {
      await down.close();
    }
  });
});
