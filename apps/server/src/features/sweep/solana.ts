import { M_SWEEP, SWEEP_LIMITS } from "@plugs/domain";
import { createSolanaRpc, type Rpc, type SolanaRpcApi } from "@solana/kit";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { pointsActivities } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";

/** How long one JSON-RPC call may take before the request is answered 502. */
const RPC_TIMEOUT_MS = 10_000;

export type TSolanaRpcClient = Rpc<SolanaRpcApi>;

const clients = new Map<string, TSolanaRpcClient>();

/** The RPC client of SOLANA_RPC_URL, or 503 "Sweep is not configured on this site." when it is unset. */
export function solanaRpc(deps: Pick<TDeps, "config">): TSolanaRpcClient {
  const url = deps.config.solanaRpcUrl;
  if (!url) throw new AppError("NOT_CONFIGURED", M_SWEEP.notConfigured);
  let client = clients.get(url);
  if (!client) {
    client = createSolanaRpc(url);
    clients.set(url, client);
  }
  return client;
}

/**
 * Sends one JSON-RPC request with a timeout; a network failure, a timeout or an error answer becomes 502 with
 * "The Solana network could not be reached." (logged with the method).
 */
export async function rpcCall<T>(
  deps: Pick<TDeps, "logger">,
  method: string,
  request: { send(options?: { abortSignal?: AbortSignal }): Promise<T> },
): Promise<T> {
  try {
    return await request.send({ abortSignal: AbortSignal.timeout(RPC_TIMEOUT_MS) });
  } catch (err) {
    deps.logger.warn({ err, method }, "solana rpc call failed");
    throw new AppError("UPSTREAM_FAILED", M_SWEEP.rpcUnavailable);
  }
}

/** The cluster SOLANA_RPC_URL serves, from its host name (mainnet-beta unless it says devnet, testnet or local). */
export function clusterOf(url: string | null): string {
  if (!url) return "mainnet-beta";
  const host = new URL(url).hostname;
  if (/devnet/i.test(host)) return "devnet";
  if (/testnet/i.test(host)) return "testnet";
  if (host === "localhost" || host === "127.0.0.1" || host === "[::1]") return "localnet";
  return "mainnet-beta";
}

/** Solana Explorer's link to a transaction, with {signature} in it, on the cluster of SOLANA_RPC_URL. */
export function explorerTxTemplate(url: string | null): string {
  const base = "https://explorer.solana.com/tx/{signature}";
  const cluster = clusterOf(url);
  if (cluster === "mainnet-beta") return base;
  if (cluster === "localnet") return `${base}?cluster=custom&customUrl=${encodeURIComponent(url ?? "")}`;
  return `${base}?cluster=${cluster}`;
}

/**
 * Points per account closed: the live amount of the account_closure activity, 0 while an admin has it switched off
 * (the spec's 1000 when the row is missing).
 */
export async function pointsPerAccount(deps: Pick<TDeps, "db">): Promise<number> {
  const [row] = await deps.db
    .select({ points: pointsActivities.points, active: pointsActivities.active })
    .from(pointsActivities)
    .where(eq(pointsActivities.name, "account_closure"));
  if (!row) return SWEEP_LIMITS.pointsPerAccount;
  return row.active ? row.points : 0;
}
