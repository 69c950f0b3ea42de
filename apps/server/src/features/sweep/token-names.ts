import { TOKEN_2022_PROGRAM_ADDRESS, type TSweepProgram } from "@plugs/domain";
import { type Address, getAddressEncoder, getBase64Encoder, getProgramDerivedAddress } from "@solana/kit";
import type { TDeps } from "../../context.ts";
import { rpcCall, type TSolanaRpcClient } from "./solana.ts";

/** Metaplex's Token Metadata program: most tokens' name and symbol live in its account for the mint. */
export const TOKEN_METADATA_PROGRAM = "metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s" as Address;
/** Accounts per getMultipleAccounts call (the RPC's own limit). */
const PER_CALL = 100;
const NAME_MAX = 64;
/** Token-2022's extension type of token metadata kept in the mint itself. */
const TOKEN_METADATA_EXTENSION = 19;

export type TTokenName = { name: string | null; symbol: string | null };

/** The Metaplex metadata account of a mint: the program address of ["metadata", program, mint]. */
export async function metadataAddress(mint: string): Promise<Address> {
  const encoder = getAddressEncoder();
  const [address] = await getProgramDerivedAddress({
    programAddress: TOKEN_METADATA_PROGRAM,
    seeds: ["metadata", encoder.encode(TOKEN_METADATA_PROGRAM), encoder.encode(mint as Address)],
  });
  return address;
}

/** Text from the chain for people: no NUL padding or control characters, trimmed, at most 64 characters. */
function clean(text: string): string | null {
  const printable = [...text].filter((ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code >= 0x20 && code !== 0x7f;
  });
  const value = printable.slice(0, NAME_MAX).join("").trim();
  return value || null;
}

/** A name and a symbol written as u32-length-prefixed strings from `at`, or null when the bytes do not hold them. */
function nameAndSymbol(data: Uint8Array, start: number): TTokenName | null {
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  const decoder = new TextDecoder("utf-8", { fatal: false });
  let at = start;
  const read = (): string | null => {
    if (at + 4 > data.length) return null;
    const length = view.getUint32(at, true);
    if (length > 200 || at + 4 + length > data.length) return null;
    const text = decoder.decode(data.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    return text;
  };
  const name = read();
  const symbol = read();
  if (name === null || symbol === null) return null;
  return { name: clean(name), symbol: clean(symbol) };
}

/**
 * The name and symbol in a Metaplex metadata account (key 4, update authority, mint, then name and symbol), or
 * null when the bytes are not one.
 */
export function parseMetadata(data: Uint8Array): TTokenName | null {
  if (data.length < 1 + 32 + 32 + 8 || data[0] !== 4) return null;
  return nameAndSymbol(data, 65);
}

/** Token-2022's TokenMetadata extension (type 19) in a mint's type-length-value records, when it has one. */
export function parseToken2022Metadata(data: Uint8Array): TTokenName | null {
  // The base mint (82 bytes) padded to 165, the account type (1: a mint), then the records.
  if (data.length <= 166 || data[165] !== 1) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  for (let at = 166; at + 4 <= data.length; ) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0 || at + 4 + length > data.length) return null;
    if (type === TOKEN_METADATA_EXTENSION) {
      // Update authority and mint (32 bytes each), then name and symbol.
      return nameAndSymbol(data.subarray(0, at + 4 + length), at + 4 + 64);
    }
    at += 4 + length;
  }
  return null;
}

/**
 * The names and symbols of these mints: a Token-2022 mint's own TokenMetadata extension first, else the mint's
 * Metaplex metadata account, all read with getMultipleAccounts a hundred at a time. A mint with neither is left
 * out; a failed read leaves every name unknown (the scan still answers).
 */
export async function tokenNames(
  deps: Pick<TDeps, "logger">,
  rpc: TSolanaRpcClient,
  mints: { mint: string; program: TSweepProgram }[],
): Promise<Map<string, TTokenName>> {
  const names = new Map<string, TTokenName>();
  if (mints.length === 0) return names;
  try {
    const reads: { address: Address; mint: string; kind: "metaplex" | "token-2022" }[] = [
      ...(await Promise.all(
        mints.map(async (m) => ({
          address: await metadataAddress(m.mint),
          mint: m.mint,
          kind: "metaplex" as const,
        })),
      )),
      ...mints
        .filter((m) => m.program === "token-2022")
        .map((m) => ({ address: m.mint as Address, mint: m.mint, kind: "token-2022" as const })),
    ];
    const base64 = getBase64Encoder();
    const metaplex = new Map<string, TTokenName>();
    for (let i = 0; i < reads.length; i += PER_CALL) {
      const chunk = reads.slice(i, i + PER_CALL);
      const answer = await rpcCall(
        deps,
        "getMultipleAccounts",
        rpc.getMultipleAccounts(
          chunk.map((r) => r.address),
          { encoding: "base64", commitment: "confirmed" },
        ),
      );
      answer.value.forEach((account, j) => {
        const read = chunk[j];
        if (!account || !read) return;
        const data = new Uint8Array(base64.encode(account.data[0]));
        if (read.kind === "metaplex" && account.owner === TOKEN_METADATA_PROGRAM) {
          const parsed = parseMetadata(data);
          if (parsed) metaplex.set(read.mint, parsed);
        } else if (read.kind === "token-2022" && account.owner === TOKEN_2022_PROGRAM_ADDRESS) {
          const parsed = parseToken2022Metadata(data);
          if (parsed) names.set(read.mint, parsed);
        }
      });
    }
    for (const [mint, name] of metaplex) if (!names.has(mint)) names.set(mint, name);
  } catch (err) {
    deps.logger.warn({ err }, "token names could not be read");
  }
  return names;
}
