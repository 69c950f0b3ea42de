import type { TCommunityVerdict } from "@plugs/domain";
import { cn } from "../../lib/cn.ts";

export const VERDICT_LABELS: Record<TCommunityVerdict, string> = {
  plug: "Plug",
  rug: "Rug",
  contested: "Contested",
  unrated: "Unrated",
};

/** Text and soft background for each verdict: plugs green, rugs red, the rest neutral. */
export const VERDICT_TONES: Record<TCommunityVerdict, string> = {
  plug: "bg-plug-soft text-plug border-plug/30",
  rug: "bg-rug-soft text-rug border-rug/30",
  contested: "bg-accent-soft text-accent border-accent/30",
  unrated: "bg-surface-2 text-muted border-border",
};

/** The community's verdict as a small pill. */
export function VerdictPill({ verdict, className }: { verdict: TCommunityVerdict; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold",
        VERDICT_TONES[verdict],
        className,
      )}
    >
      {VERDICT_LABELS[verdict]}
    </span>
  );
}

/** The score (0-100) in a rounded square tinted by the verdict; a dash and "unrated" when there is no score yet. */
export function ScoreBadge({
  score,
  verdict,
  size = "md",
}: {
  score: number | null;
  verdict: TCommunityVerdict;
  size?: "md" | "lg";
}) {
  const unrated = score === null;
  return (
    <span
      className={cn(
        "flex shrink-0 flex-col items-center justify-center rounded-xl border font-bold tabular-nums",
        VERDICT_TONES[verdict],
        size === "lg" ? "size-20 text-3xl" : "size-12 text-lg",
      )}
      title={unrated ? "Unrated: no score yet" : `Score ${score} of 100`}
    >
      <span className="sr-only">{unrated ? "Unrated, no score yet" : `Score ${score} of 100`}</span>
      <span aria-hidden>{unrated ? "–" : score}</span>
      <span aria-hidden className={cn("font-medium", size === "lg" ? "text-xs" : "text-[10px]")}>
        {unrated ? "unrated" : size === "lg" ? "/ 100" : "score"}
      </span>
    </span>
  );
}

/** Plug and rug votes as one bar: green for plugs, red for rugs; grey when nobody voted yet. */
export function TallyBar({
  plugVotes,
  rugVotes,
  showLabels = true,
}: {
  plugVotes: number;
  rugVotes: number;
  showLabels?: boolean;
}) {
  const total = plugVotes + rugVotes;
  const plugPercent = total === 0 ? 0 : Math.round((100 * plugVotes) / total);
  const label = `${plugVotes} plug ${plugVotes === 1 ? "vote" : "votes"}, ${rugVotes} rug ${rugVotes === 1 ? "vote" : "votes"}`;
  return (
    <div>
      <div role="img" aria-label={label} className="flex h-2 overflow-hidden rounded-full bg-surface-2">
        {total > 0 ? (
          <>
            <span className="h-full bg-plug" style={{ width: `${plugPercent}%` }} />
            <span className="h-full flex-1 bg-rug" />
          </>
        ) : null}
      </div>
      {showLabels ? (
        <div className="mt-1.5 flex justify-between text-xs font-medium tabular-nums" aria-hidden>
          <span className="text-plug">
            {plugVotes} plug{total > 0 ? ` · ${plugPercent}%` : ""}
          </span>
          <span className="text-rug">
            {total > 0 ? `${100 - plugPercent}% · ` : ""}
            {rugVotes} rug
          </span>
        </div>
      ) : null}
    </div>
  );
}
