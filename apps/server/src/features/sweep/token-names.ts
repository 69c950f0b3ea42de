import { type Address, getAddressEncoder, getBase64Encoder, getProgramDerivedAddress } from "@solana/kit";
import type { TDeps } from "../../context.ts";
import { rpcCall, type TSolanaRpcClient } from "./solana.ts";

/** Metaplex's Token Metadata program: most tokens' name and symbol live in its account for the mint. */
export const TOKEN_METADATA_PROGRAM = "metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s" as Address;
/** Accounts per getMultipleAccounts call (the RPC's own limit). */
const PER_CALL = 100;
const NAME_MAX = 64;

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

/**
 * The name and symbol in a Metaplex metadata account (key, update authority, mint, then name and symbol as
 * u32-length-prefixed strings), or null when the bytes are not one.
 */
export function parseMetadata(data: Uint8Array): TTokenName | null {
  if (data.length < 1 + 32 + 32 + 8 || data[0] !== 4) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  const decoder = new TextDecoder("utf-8", { fatal: false });
  let at = 65;
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
 * The names and symbols of these mints, from their Metaplex metadata accounts, read in as few calls as the RPC
 * allows. A mint without one is left out; a failed read leaves every name unknown (the scan still answers).
 */
export async function tokenNames(
  deps: Pick<TDeps, "logger">,
  rpc: TSolanaRpcClient,
  mints: string[],
): Promise<Map<string, TTokenName>> {
  const names = new Map<string, TTokenName>();
  if (mints.length === 0) return names;
  try {
    const addresses = await Promise.all(mints.map(metadataAddress));
    const base64 = getBase64Encoder();
    for (let i = 0; i < addresses.length; i += PER_CALL) {
      const chunk = addresses.slice(i, i + PER_CALL);
      const answer = await rpcCall(
        deps,
        "getMultipleAccounts",
        rpc.getMultipleAccounts(chunk, { encoding: "base64", commitment: "confirmed" }),
      );
      answer.value.forEach((account, j) => {
        const mint = mints[i + j];
        if (!account || !mint || account.owner !== TOKEN_METADATA_PROGRAM) return;
        const parsed = parseMetadata(new Uint8Array(base64.encode(account.data[0])));
        if (parsed) names.set(mint, parsed);
      });
    }
  } catch (err) {
    deps.logger.warn({ err }, "token names could not be read");
  }
  return names;
}
