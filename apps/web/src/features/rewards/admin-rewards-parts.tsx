import { giveawayPhase, type TGiveawayStatus } from "@plugs/domain";
import { cn } from "../../lib/cn.ts";

type TLabel = "Draft" | "Upcoming" | "Live" | "Ended" | "Drawn" | "Cancelled";

const TONES: Record<TLabel, string> = {
  Draft: "bg-surface-2 text-muted",
  Upcoming: "bg-accent-soft text-accent",
  Live: "bg-plug-soft text-plug",
  Ended: "bg-surface-2 text-foreground",
  Drawn: "bg-accent-soft text-accent",
  Cancelled: "bg-rug-soft text-rug",
};

/** Where a giveaway stands for the admin: its phase while live, drawn or cancelled after. */
export function giveawayLabel(g: { status: TGiveawayStatus; startsAt: string; endsAt: string }): TLabel {
  if (g.status === "cancelled") return "Cancelled";
  if (g.status === "drawn") return "Drawn";
  const phase = giveawayPhase(g);
  return phase === "draft"
    ? "Draft"
    : phase === "upcoming"
      ? "Upcoming"
      : phase === "live"
        ? "Live"
        : "Ended";
}

export function GiveawayStatusPill({
  giveaway,
}: {
  giveaway: { status: TGiveawayStatus; startsAt: string; endsAt: string };
}) {
  const label = giveawayLabel(giveaway);
  return <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", TONES[label])}>{label}</span>;
}
