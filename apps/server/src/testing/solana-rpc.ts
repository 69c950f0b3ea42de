import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  type EncodedAccount,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getProgramDerivedAddress,
  getSignatureFromTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address as TAddress,
  type Transaction,
} from "@solana/kit";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  getCloseAccountInstruction,
  getFreezeAccountInstruction,
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";

/*
 * A Solana JSON-RPC 2.0 server for tests, answering from a real in-process SVM (litesvm, with the real SPL Token and
 * Token-2022 programs): transactions sent to it are executed for real, and what it says about accounts comes from
 * the SVM's state. Like a validator it keeps a ledger of the transactions it executed (slot, block time, the
 * balances before and after), which is what getTransaction, getSignatureStatuses and getSignaturesForAddress read.
 * Time moves only when a test says so (advanceDays), so an account's age is exact.
 */

export const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb" as TAddress;
export const TOKEN = TOKEN_PROGRAM_ADDRESS as TAddress;
const SLOTS_PER_DAY = 216_000n;

type TTokenBalance = {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: { amount: string; decimals: number; uiAmount: number | null; uiAmountString: string };
};

type TLedgerEntry = {
  signature: string;
  slot: number;
  blockTime: number;
  wire: Uint8Array;
  err: unknown;
  fee: number;
  logs: string[];
  computeUnits: number;
  preBalances: number[];
  postBalances: number[];
  preTokenBalances: TTokenBalance[];
  postTokenBalances: TTokenBalance[];
  finalized: boolean;
  /** The accounts its address lookup tables loaded (a v0 transaction's), as a validator reports them. */
  loaded: { writable: string[]; readonly: string[] };
};

/** The Address Lookup Table program, owner of every lookup table account. */
const ALT_PROGRAM = "AddressLookupTab1e1111111111111111111111111" as TAddress;
/** A lookup table's header before its addresses (the program's LOOKUP_TABLE_META_SIZE). */
const ALT_META_SIZE = 56;

export type TSolanaRpc = {
  url: string;
  svm: LiteSVM;
  /** Pays fees and rent for the helpers below, and is every test mint's mint and freeze authority. */
  payer: KeyPairSigner;
  close(): Promise<void>;
  airdrop(address: string, lamports: bigint): void;
  /** A new mint of the Token program (or Token-2022 with `program: TOKEN_2022`). */
  createMint(options?: { decimals?: number; program?: TAddress }): Promise<TAddress>;
  /**
   * A token account of `owner` for `mint` (paid by the payer), optionally holding `amount` and frozen. `keypair`
   * re-creates an account at an address used before.
   */
  createTokenAccount(
    owner: TAddress,
    mint: TAddress,
    options?: { amount?: bigint; frozen?: boolean; program?: TAddress; keypair?: KeyPairSigner },
  ): Promise<TAddress>;
  /**
   * Writes the Metaplex metadata account of `mint` (name, symbol, padded as the program pads them) into the SVM, as
   * the Token Metadata program would have made it.
   */
  setTokenMetadata(mint: TAddress, fields: { name: string; symbol: string }): Promise<void>;
  /**
   * Gives a Token-2022 mint the TokenMetadata extension (name, symbol) in its own data, as the program lays it out:
   * the base mint padded to 165 bytes, the account type, then the extension's type-length-value record.
   */
  setToken2022Metadata(mint: TAddress, fields: { name: string; symbol: string }): void;
  /**
   * Signs with `signers` (the first pays the fee) and sends; returns the signature (base58). With `lookupTables`
   * (made by createLookupTable), the accounts they hold are named through them (a v0 message's table lookups).
   */
  send(
    signers: KeyPairSigner[],
    instructions: Instruction[],
    options?: { skipPreflight?: boolean; lookupTables?: TAddress[] },
  ): Promise<string>;
  /** CloseAccount of each account, rent to the owner, one transaction signed by the owner. */
  closeAccounts(
    owner: KeyPairSigner,
    accounts: TAddress[],
    program?: TAddress,
    options?: { lookupTables?: TAddress[] },
  ): Promise<string>;
  /**
   * An address lookup table holding `addresses`, written into the SVM as the Address Lookup Table program lays one
   * out (active, extended long enough ago that every address is usable, the payer its authority).
   */
  createLookupTable(addresses: TAddress[]): Promise<TAddress>;
  /** Moves the clock and the slot forward, and starts a new blockhash. */
  advanceDays(days: number): void;
  /** While false, new transactions stay "confirmed" until finalize() (true at start). */
  setAutoFinalize(on: boolean): void;
  finalize(): void;
  /** The JSON-RPC methods called so far, in order (for tests that check what was asked). */
  calls: string[];
};

export async function startSolanaRpc(): Promise<TSolanaRpc> {
  const svm = new LiteSVM();
  const now = BigInt(Math.floor(Date.now() / 1000));
  const clock = svm.getClock();
  clock.unixTimestamp = now;
  clock.epochStartTimestamp = now;
  svm.setClock(clock);
  svm.warpToSlot(1000n);

  const ledger = new Map<string, TLedgerEntry>();
  /** Per address, the signatures of the transactions that named it, oldest first. */
  const byAddress = new Map<string, string[]>();
  let autoFinalize = true;
  const calls: string[] = [];

  const b58 = getBase58Decoder();
  const fromB58 = getBase58Encoder();
  const b64 = getBase64Decoder();
  const fromB64 = getBase64Encoder();

  const slot = () => Number(svm.getClock().slot);
  const blockTime = () => Number(svm.getClock().unixTimestamp);

  function tokenBalanceOf(address: string, index: number): TTokenBalance | null {
    const account = svm.getAccount(address as TAddress);
    if (!account.exists) return null;
    const program = account.programAddress;
    if ((program !== TOKEN && program !== TOKEN_2022) || account.data.length < 165) return null;
    const data = account.data as Uint8Array;
    if (data.length > 165 && data[165] !== 2) return null; // Token-2022: account type 2 is a token account
    if (data.length === 82 || (data.length > 165 && data[165] === 1)) return null;
    const mint = b58.decode(data.subarray(0, 32));
    const owner = b58.decode(data.subarray(32, 64));
    const amount = new DataView(data.buffer, data.byteOffset + 64, 8).getBigUint64(0, true);
    const decimals = mintDecimals(mint);
    return {
      accountIndex: index,
      mint,
      owner,
      programId: program,
      uiTokenAmount: uiAmount(amount, decimals),
    };
  }

  function mintDecimals(mint: string): number {
    const account = svm.getAccount(mint as TAddress);
    return account.exists && account.data.length >= 45 ? (account.data[44] ?? 0) : 0;
  }

  function uiAmount(amount: bigint, decimals: number) {
    const text = amount.toString().padStart(decimals + 1, "0");
    const ui = decimals ? `${text.slice(0, -decimals)}.${text.slice(-decimals)}`.replace(/\.?0+$/, "") : text;
    return { amount: amount.toString(), decimals, uiAmount: Number(ui), uiAmountString: ui };
  }

  function snapshot(keys: string[]) {
    const balances = keys.map((k) => Number(svm.getBalance(k as TAddress) ?? 0n));
    const tokens = keys.flatMap((k, i) => {
      const t = tokenBalanceOf(k, i);
      return t ? [t] : [];
    });
    return { balances, tokens };
  }

  function execute(wire: Uint8Array, skipPreflight: boolean): string {
    const tx = getTransactionDecoder().decode(wire);
    const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
    if (message.version === 1)
      throw rpcError(-32602, "version 1 transactions are not supported by the test RPC");
    const loaded = loadedAddresses(message);
    // A transaction's accounts in index order: its own, then the loaded writable ones, then the loaded read-only.
    const keys = [...message.staticAccounts.map(String), ...loaded.writable, ...loaded.readonly];
    const signature = getSignatureFromTransaction(tx);
    if (ledger.has(signature))
      throw rpcError(-32002, "Transaction simulation failed: This transaction has already been processed");
    if (!skipPreflight) {
      const sim = svm.simulateTransaction(tx);
      if (sim instanceof FailedTransactionMetadata) {
        throw rpcError(-32002, `Transaction simulation failed: ${String(sim.err())}`, {
          err: String(sim.err()),
          logs: sim.meta().logs(),
        });
      }
    }
    const pre = snapshot(keys);
    const result = svm.sendTransaction(tx);
    const failed = result instanceof FailedTransactionMetadata;
    const meta = failed ? result.meta() : result;
    const post = snapshot(keys);
    const entry: TLedgerEntry = {
      signature,
      slot: slot(),
      blockTime: blockTime(),
      wire,
      err: failed ? { InstructionError: [0, String(result.err())] } : null,
      fee: 5000 * message.header.numSignerAccounts,
      logs: meta.logs(),
      computeUnits: Number(meta.computeUnitsConsumed()),
      preBalances: pre.balances,
      postBalances: post.balances,
      preTokenBalances: pre.tokens,
      postTokenBalances: post.tokens,
      finalized: autoFinalize,
      loaded,
    };
    if (failed && !skipPreflight) throw rpcError(-32002, `Transaction failed: ${String(result.err())}`);
    ledger.set(signature, entry);
    for (const key of new Set(keys)) {
      const list = byAddress.get(key) ?? [];
      list.push(signature);
      byAddress.set(key, list);
    }
    // The next transaction lands in a later slot, as on a real cluster.
    svm.warpToSlot(svm.getClock().slot + 1n);
    return signature;
  }

  /** The addresses a v0 message's table lookups name, read from the tables' accounts in the SVM. */
  function loadedAddresses(
    message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>["decode"]>,
  ) {
    const loaded = { writable: [] as string[], readonly: [] as string[] };
    const lookups = "addressTableLookups" in message ? (message.addressTableLookups ?? []) : [];
    for (const lookup of lookups) {
      const table = svm.getAccount(lookup.lookupTableAddress);
      if (!table.exists || table.programAddress !== ALT_PROGRAM) {
        throw rpcError(-32002, "Transaction simulation failed: AddressLookupTableNotFound");
      }
      const data = table.data as Uint8Array;
      const at = (i: number) => {
        const start = ALT_META_SIZE + i * 32;
        if (start + 32 > data.length) {
          throw rpcError(-32002, "Transaction simulation failed: InvalidAddressLookupTableIndex");
        }
        return b58.decode(data.subarray(start, start + 32));
      };
      loaded.writable.push(...lookup.writableIndexes.map(at));
      loaded.readonly.push(...lookup.readonlyIndexes.map(at));
    }
    return loaded;
  }

  function encodeTransaction(entry: TLedgerEntry, encoding: string) {
    if (encoding === "base64") return [b64.decode(entry.wire), "base64"];
    const tx = getTransactionDecoder().decode(entry.wire);
    const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
    if (message.version === 1)
      throw rpcError(-32602, "version 1 transactions are not supported by the test RPC");
    return {
      signatures: Object.values(tx.signatures).map((s) => (s ? b58.decode(s) : "1".repeat(64))),
      message: {
        accountKeys: message.staticAccounts,
        header: {
          numRequiredSignatures: message.header.numSignerAccounts,
          numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
        },
        recentBlockhash: message.lifetimeToken,
        instructions: message.instructions.map((ix) => ({
          programIdIndex: ix.programAddressIndex,
          accounts: ix.accountIndices ?? [],
          data: b58.decode(ix.data ?? new Uint8Array()),
          stackHeight: null,
        })),
        ...(message.version === 0
          ? {
              addressTableLookups: ("addressTableLookups" in message
                ? (message.addressTableLookups ?? [])
                : []
              ).map((lookup) => ({
                accountKey: lookup.lookupTableAddress,
                writableIndexes: [...lookup.writableIndexes],
                readonlyIndexes: [...lookup.readonlyIndexes],
              })),
            }
          : {}),
      },
    };
  }

  function accountJson(account: EncodedAccount, encoding: string) {
    const base = {
      lamports: Number(account.lamports),
      owner: account.programAddress,
      executable: account.executable,
      rentEpoch: 18446744073709551615n,
      space: account.data.length,
    };
    if (encoding === "jsonParsed") {
      const parsed = parseTokenAccount(account);
      if (parsed) return { ...base, data: parsed };
    }
    return { ...base, data: [b64.decode(account.data), "base64"] };
  }

  function parseTokenAccount(account: EncodedAccount) {
    const program = account.programAddress;
    if (program !== TOKEN && program !== TOKEN_2022) return null;
    const data = account.data as Uint8Array;
    const programName = program === TOKEN ? "spl-token" : "spl-token-2022";
    const token = tokenBalanceOf(account.address, 0);
    if (!token) {
      if (data.length >= 82 && (data.length === 82 || data[165] === 1)) {
        const view = new DataView(data.buffer, data.byteOffset, data.length);
        const hasAuthority = view.getUint32(0, true) === 1;
        const hasFreeze = view.getUint32(46, true) === 1;
        return {
          program: programName,
          parsed: {
            type: "mint",
            info: {
              mintAuthority: hasAuthority ? b58.decode(data.subarray(4, 36)) : null,
              supply: view.getBigUint64(36, true).toString(),
              decimals: data[44],
              isInitialized: data[45] === 1,
              freezeAuthority: hasFreeze ? b58.decode(data.subarray(50, 82)) : null,
            },
          },
          space: data.length,
        };
      }
      return null;
    }
    const view = new DataView(data.buffer, data.byteOffset, data.length);
    const state = data[108] === 2 ? "frozen" : data[108] === 1 ? "initialized" : "uninitialized";
    const delegate = view.getUint32(72, true) === 1 ? b58.decode(data.subarray(76, 108)) : undefined;
    const closeAuthority = view.getUint32(129, true) === 1 ? b58.decode(data.subarray(133, 165)) : undefined;
    const extensions: unknown[] = [];
    // Token-2022 extensions: type-length-value records after the 165 bytes and the account type byte.
    for (let at = 166; at + 4 <= data.length; ) {
      const type = view.getUint16(at, true);
      const length = view.getUint16(at + 2, true);
      if (type === 0) break;
      if (type === 2 && length >= 8) {
        extensions.push({
          extension: "transferFeeAmount",
          state: { withheldAmount: Number(view.getBigUint64(at + 4, true)) },
        });
      } else {
        extensions.push({ extension: `unparsed${type}` });
      }
      at += 4 + length;
    }
    return {
      program: programName,
      parsed: {
        type: "account",
        info: {
          mint: token.mint,
          owner: token.owner,
          tokenAmount: token.uiTokenAmount,
          state,
          isNative: view.getUint32(109, true) === 1,
          ...(delegate ? { delegate } : {}),
          ...(closeAuthority ? { closeAuthority } : {}),
          ...(extensions.length ? { extensions } : {}),
        },
      },
      space: data.length,
    };
  }

  const context = () => ({ slot: slot(), apiVersion: "2.2.0" });

  function handle(method: string, params: unknown[]): unknown {
    calls.push(method);
    const config = (i: number) => (params[i] ?? {}) as Record<string, unknown>;
    switch (method) {
      case "getHealth":
        return "ok";
      case "getVersion":
        return { "solana-core": "2.2.0", "feature-set": 0 };
      case "getSlot":
        return slot();
      case "getBlockHeight":
        return slot();
      case "getLatestBlockhash":
        return {
          context: context(),
          value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + 150 },
        };
      case "getBalance":
        return { context: context(), value: Number(svm.getBalance(String(params[0]) as TAddress) ?? 0n) };
      case "getMinimumBalanceForRentExemption":
        return Number(svm.minimumBalanceForRentExemption(BigInt(Number(params[0]))));
      case "requestAirdrop": {
        svm.airdrop(String(params[0]) as TAddress, lamports(BigInt(Number(params[1]))));
        return b58.decode(crypto.getRandomValues(new Uint8Array(64)));
      }
      case "getAccountInfo": {
        const account = svm.getAccount(String(params[0]) as TAddress);
        const encoding = String(config(1).encoding ?? "base64");
        return { context: context(), value: account.exists ? accountJson(account, encoding) : null };
      }
      case "getMultipleAccounts": {
        const encoding = String(config(1).encoding ?? "base64");
        return {
          context: context(),
          value: (params[0] as string[]).map((a) => {
            const account = svm.getAccount(a as TAddress);
            return account.exists ? accountJson(account, encoding) : null;
          }),
        };
      }
      case "getTokenAccountsByOwner": {
        const owner = String(params[0]);
        const filter = config(1);
        const encoding = String(config(2).encoding ?? "base64");
        const programs = filter.programId ? [String(filter.programId)] : [String(TOKEN), String(TOKEN_2022)];
        const value = programs.flatMap((p) =>
          svm
            .getProgramAccounts(p as TAddress)
            .filter((a) => {
              const t = tokenBalanceOf(a.address, 0);
              return t && t.owner === owner && (!filter.mint || t.mint === filter.mint);
            })
            .map((a) => ({ pubkey: a.address, account: accountJson(a, encoding) })),
        );
        return { context: context(), value };
      }
      case "sendTransaction": {
        const encoding = String(config(1).encoding ?? "base58");
        const text = String(params[0]);
        const wire = encoding === "base64" ? fromB64.encode(text) : fromB58.encode(text);
        return execute(new Uint8Array(wire), config(1).skipPreflight === true);
      }
      case "simulateTransaction": {
        const wire = new Uint8Array(fromB64.encode(String(params[0])));
        const sim = svm.simulateTransaction(getTransactionDecoder().decode(wire));
        const failed = sim instanceof FailedTransactionMetadata;
        const meta = failed ? sim.meta() : sim.meta();
        return {
          context: context(),
          value: {
            err: failed ? String(sim.err()) : null,
            logs: meta.logs(),
            unitsConsumed: Number(meta.computeUnitsConsumed()),
            accounts: null,
            returnData: null,
          },
        };
      }
      case "getSignatureStatuses":
        return {
          context: context(),
          value: (params[0] as string[]).map((s) => {
            const entry = ledger.get(s);
            if (!entry) return null;
            return {
              slot: entry.slot,
              confirmations: entry.finalized ? null : 0,
              err: entry.err,
              status: entry.err ? { Err: entry.err } : { Ok: null },
              confirmationStatus: entry.finalized ? "finalized" : "confirmed",
            };
          }),
        };
      case "getTransaction": {
        const entry = ledger.get(String(params[0]));
        const options = config(1);
        // A validator's default commitment is finalized (and @solana/kit leaves "finalized" out of its requests).
        if (!entry || ((options.commitment ?? "finalized") === "finalized" && !entry.finalized)) return null;
        const message = getCompiledTransactionMessageDecoder().decode(
          getTransactionDecoder().decode(entry.wire).messageBytes,
        );
        return {
          slot: entry.slot,
          blockTime: entry.blockTime,
          version: message.version,
          transaction: encodeTransaction(entry, String(options.encoding ?? "json")),
          meta: {
            err: entry.err,
            status: entry.err ? { Err: entry.err } : { Ok: null },
            fee: entry.fee,
            preBalances: entry.preBalances,
            postBalances: entry.postBalances,
            preTokenBalances: entry.preTokenBalances,
            postTokenBalances: entry.postTokenBalances,
            innerInstructions: [],
            logMessages: entry.logs,
            loadedAddresses: entry.loaded,
            rewards: [],
            computeUnitsConsumed: entry.computeUnits,
          },
        };
      }
      case "getSignaturesForAddress": {
        const options = config(1);
        const limit = Math.min(1000, Number(options.limit ?? 1000));
        const finalizedOnly = (options.commitment ?? "finalized") === "finalized";
        const newestFirst = [...(byAddress.get(String(params[0])) ?? [])]
          .filter((s) => !finalizedOnly || ledger.get(s)?.finalized)
          .reverse();
        let list = newestFirst;
        if (options.before) {
          const at = list.indexOf(String(options.before));
          list = at < 0 ? [] : list.slice(at + 1);
        }
        if (options.until) {
          const at = list.indexOf(String(options.until));
          if (at >= 0) list = list.slice(0, at);
        }
        return list.slice(0, limit).map((s) => {
          const entry = ledger.get(s) as TLedgerEntry;
          return {
            signature: s,
            slot: entry.slot,
            err: entry.err,
            memo: null,
            blockTime: entry.blockTime,
            confirmationStatus: entry.finalized ? "finalized" : "confirmed",
          };
        });
      }
      default:
        throw rpcError(-32601, "Method not found");
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse) {
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-allow-headers", "content-type, solana-client");
    res.setHeader("access-control-allow-methods", "POST, OPTIONS");
    if (req.method === "OPTIONS") return res.writeHead(204).end();
    if (req.method !== "POST") return res.writeHead(405).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return reply(res, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
    }
    const one = (request: { id?: unknown; method?: unknown; params?: unknown }) => {
      try {
        const params = Array.isArray(request.params) ? request.params : [];
        return { jsonrpc: "2.0", id: request.id ?? null, result: handle(String(request.method), params) };
      } catch (err) {
        const e = err as { code?: number; message?: string; data?: unknown };
        return {
          jsonrpc: "2.0",
          id: request.id ?? null,
          error: { code: e.code ?? -32603, message: e.message ?? "Internal error", data: e.data },
        };
      }
    };
    reply(res, Array.isArray(body) ? body.map(one) : one(body as Record<string, unknown>));
  }

  function reply(res: ServerResponse, value: unknown) {
    // u64 values (rentEpoch) are written as bare integers, as a validator does.
    const text = JSON.stringify(value, (_, v) => (typeof v === "bigint" ? `__big${v}__` : v)).replace(
      /"__big(\d+)__"/g,
      "$1",
    );
    res.writeHead(200, { "content-type": "application/json" }).end(text);
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((err) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const payer = await generateKeyPairSigner();
  svm.airdrop(payer.address, lamports(1_000_000_000_000n));

  /** The addresses a lookup table in the SVM holds. */
  function tableAddresses(table: TAddress): TAddress[] {
    const account = svm.getAccount(table);
    if (!account.exists) throw new Error(`no lookup table ${table}`);
    const data = account.data as Uint8Array;
    const addresses: TAddress[] = [];
    for (let at = ALT_META_SIZE; at + 32 <= data.length; at += 32) {
      addresses.push(b58.decode(data.subarray(at, at + 32)) as TAddress);
    }
    return addresses;
  }

  async function send(
    signers: KeyPairSigner[],
    instructions: Instruction[],
    options: { skipPreflight?: boolean; lookupTables?: TAddress[] } = {},
  ) {
    const [feePayer] = signers;
    if (!feePayer) throw new Error("send needs a fee payer");
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: svm.latestBlockhash(), lastValidBlockHeight: BigInt(slot() + 150) },
          m,
        ),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const tables = options.lookupTables ?? [];
    const compressed = tables.length
      ? compressTransactionMessageUsingAddressLookupTables(
          message,
          Object.fromEntries(tables.map((t) => [t, tableAddresses(t)])),
        )
      : message;
    const signed: Transaction = await signTransactionMessageWithSigners(compressed);
    const wire = new Uint8Array(getTransactionEncoder().encode(signed));
    try {
      return execute(wire, options.skipPreflight === true);
    } catch (err) {
      throw new Error(`test transaction failed: ${(err as Error).message}`);
    }
  }

  return {
    url,
    svm,
    payer,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    airdrop: (address, amount) => {
      svm.airdrop(address as TAddress, lamports(amount));
    },
    async createMint(options = {}) {
      const program = options.program ?? TOKEN;
      const mint = await generateKeyPairSigner();
      const space = getMintSize();
      await send(
        [payer, mint],
        [
          getCreateAccountInstruction({
            payer,
            newAccount: mint,
            lamports: svm.minimumBalanceForRentExemption(BigInt(space)),
            space,
            programAddress: program,
          }),
          getInitializeMint2Instruction(
            {
              mint: mint.address,
              decimals: options.decimals ?? 6,
              mintAuthority: payer.address,
              freezeAuthority: payer.address,
            },
            { programAddress: program },
          ),
        ],
      );
      return mint.address;
    },
    async createTokenAccount(owner, mint, options = {}) {
      const program = options.program ?? TOKEN;
      const account = options.keypair ?? (await generateKeyPairSigner());
      const space = getTokenSize();
      const instructions: Instruction[] = [
        getCreateAccountInstruction({
          payer,
          newAccount: account,
          lamports: svm.minimumBalanceForRentExemption(BigInt(space)),
          space,
          programAddress: program,
        }),
        getInitializeAccount3Instruction(
          { account: account.address, mint, owner },
          { programAddress: program },
        ),
      ];
      if (options.amount) {
        instructions.push(
          getMintToInstruction(
            { mint, token: account.address, mintAuthority: payer, amount: options.amount },
            { programAddress: program },
          ),
        );
      }
      if (options.frozen) {
        instructions.push(
          getFreezeAccountInstruction(
            { account: account.address, mint, owner: payer },
            { programAddress: program },
          ),
        );
      }
      await send([payer, account], instructions);
      return account.address;
    },
    setToken2022Metadata(mint, fields) {
      const account = svm.getAccount(mint);
      if (!account.exists) throw new Error(`no mint ${mint}`);
      const encoder = getAddressEncoder();
      const utf8 = new TextEncoder();
      const strings = [fields.name, fields.symbol, ""].map((t) => utf8.encode(t));
      const valueLength = 64 + strings.reduce((n, b) => n + 4 + b.length, 0) + 4;
      const data = new Uint8Array(166 + 4 + valueLength);
      data.set(account.data.subarray(0, 82), 0);
      data[165] = 1;
      const view = new DataView(data.buffer);
      view.setUint16(166, 19, true);
      view.setUint16(168, valueLength, true);
      let at = 170;
      data.set(encoder.encode(payer.address), at);
      data.set(encoder.encode(mint), at + 32);
      at += 64;
      for (const bytes of strings) {
        view.setUint32(at, bytes.length, true);
        data.set(bytes, at + 4);
        at += 4 + bytes.length;
      }
      svm.setAccount({
        address: mint,
        data,
        executable: false,
        lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
        programAddress: TOKEN_2022,
        space: BigInt(data.length),
      });
    },
    async setTokenMetadata(mint, fields) {
      const program = "metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s" as TAddress;
      const encoder = getAddressEncoder();
      const [address] = await getProgramDerivedAddress({
        programAddress: program,
        seeds: ["metadata", encoder.encode(program), encoder.encode(mint)],
      });
      const text = (value: string, width: number) => {
        const bytes = new Uint8Array(4 + width);
        new DataView(bytes.buffer).setUint32(0, width, true);
        bytes.set(new TextEncoder().encode(value).subarray(0, width), 4);
        return bytes;
      };
      const parts = [
        new Uint8Array([4]),
        encoder.encode(payer.address),
        encoder.encode(mint),
        text(fields.name, 32),
        text(fields.symbol, 10),
        text("", 200),
      ];
      const data = new Uint8Array(679);
      let at = 0;
      for (const part of parts) {
        data.set(part, at);
        at += part.length;
      }
      svm.setAccount({
        address,
        data,
        executable: false,
        lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
        programAddress: program,
        space: BigInt(data.length),
      });
    },
    send,
    closeAccounts(owner, accounts, program = TOKEN, options = {}) {
      return send(
        [owner],
        accounts.map((account) =>
          getCloseAccountInstruction(
            { account, destination: owner.address, owner },
            { programAddress: program },
          ),
        ),
        options,
      );
    },
    async createLookupTable(addresses) {
      const table = await generateKeyPairSigner();
      const data = new Uint8Array(ALT_META_SIZE + 32 * addresses.length);
      const view = new DataView(data.buffer);
      view.setUint32(0, 1, true); // ProgramState::LookupTable
      view.setBigUint64(4, 0xffff_ffff_ffff_ffffn, true); // deactivation slot: never (active)
      view.setBigUint64(12, 0n, true); // last extended slot: long ago, so every address is usable now
      data[20] = 0; // last extended slot's start index
      data[21] = 1; // an authority follows
      data.set(getAddressEncoder().encode(payer.address), 22);
      addresses.forEach((address, i) => {
        data.set(getAddressEncoder().encode(address), ALT_META_SIZE + 32 * i);
      });
      svm.setAccount({
        address: table.address,
        data,
        executable: false,
        lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
        programAddress: ALT_PROGRAM,
        space: BigInt(data.length),
      });
      return table.address;
    },
    advanceDays(days) {
      const c = svm.getClock();
      c.unixTimestamp += BigInt(Math.round(days * 86_400));
      const nextSlot = c.slot + BigInt(Math.round(days * Number(SLOTS_PER_DAY)));
      svm.setClock(c);
      svm.warpToSlot(nextSlot);
      svm.expireBlockhash();
    },
    setAutoFinalize(on) {
      autoFinalize = on;
    },
    finalize() {
      for (const entry of ledger.values()) entry.finalized = true;
    },
  };
}

function rpcError(code: number, message: string, data?: unknown) {
  return Object.assign(new Error(message), { code, data });
}
