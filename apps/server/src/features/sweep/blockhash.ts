import type { TSweepBlockhash } from "@plugs/domain";
import type { TDeps } from "../../context.ts";
import { rpcCall, solanaRpc } from "./solana.ts";

/** GET /api/sweep/blockhash: a recent blockhash for the browser's transactions, so it never needs the RPC's URL. */
export async function latestBlockhash(deps: TDeps): Promise<TSweepBlockhash> {
  const answer = await rpcCall(
    deps,
    "getLatestBlockhash",
    solanaRpc(deps).getLatestBlockhash({ commitment: "confirmed" }),
  );
  return {
    blockhash: answer.value.blockhash,
    lastValidBlockHeight: answer.value.lastValidBlockHeight.toString(),
  };
}
