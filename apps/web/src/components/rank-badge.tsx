import { cn } from "../lib/cn.ts";

/** Gold, silver and bronze for the top three. */
const MEDALS = [
  "bg-amber-400/20 text-amber-600 ring-amber-400/60 dark:text-amber-300",
  "bg-slate-300/25 text-slate-600 ring-slate-400/60 dark:text-slate-200",
  "bg-orange-400/20 text-orange-700 ring-orange-500/50 dark:text-orange-300",
];

/** A place on the points leaderboard, the top three as medals: one look on the leaderboard and the home page. */
export function RankBadge({ rank, size = "md" }: { rank: number; size?: "sm" | "md" }) {
  const medal = MEDALS[rank - 1];
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full font-bold tabular-nums",
        size === "md" ? "size-9 text-sm" : "size-7 text-xs",
        medal ? `ring-1 ${medal}` : "text-muted",
      )}
    >
      {rank}
    </span>
  );
}
