import { SWEEP_LIMITS, type TSweepConfig, type TSweepHistory } from "@plugs/domain";
import { desc, eq } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { sweeps } from "../../db/schema/index.ts";
import { textRowCount } from "../../db/sql-int.ts";
import { toHistoryItem } from "./claim-sweep.ts";
import { clusterOf, explorerTxTemplate, pointsPerAccount } from "./solana.ts";

/** GET /api/sweep/config: whether Sweep is on here, and the numbers the page shows (visitors too). */
export async function sweepConfig(deps: TDeps): Promise<TSweepConfig> {
  const url = deps.config.solanaRpcUrl;
  return {
    configured: url !== null,
    pointsPerAccount: await pointsPerAccount(deps),
    maxWallets: deps.config.sweepMaxWallets,
    minAccountAgeDays: deps.config.sweepMinAccountAgeDays,
    closesPerTransaction: SWEEP_LIMITS.closesPerTransaction,
    explorerTxUrl: explorerTxTemplate(url),
    cluster: clusterOf(url),
  };
}

/** GET /api/sweep/history: the member's latest claimed sweeps, newest first (sweeps_user_newest_idx). */
export async function sweepHistory(deps: TDeps, viewer: TViewer): Promise<TSweepHistory> {
  const rows = await deps.db
    .select()
    .from(sweeps)
    .where(eq(sweeps.userId, viewer.id))
    .orderBy(desc(sweeps.createdAt), desc(sweeps.id))
    .limit(textRowCount(SWEEP_LIMITS.historyShown));
  return { items: rows.map(toHistoryItem) };
}
