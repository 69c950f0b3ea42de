import { CONTACT_STATUS_LABELS, type TContactStatus } from "@plugs/domain";
import { CheckCircle2, Circle, CircleDot, Inbox } from "lucide-react";
import { cn } from "../../lib/cn.ts";

const STATUS = {
  new: { icon: Inbox, tone: "border-accent/30 bg-accent-soft text-accent" },
  open: { icon: CircleDot, tone: "border-border-strong bg-surface-2 text-foreground" },
  answered: { icon: CheckCircle2, tone: "border-plug/30 bg-plug-soft text-plug" },
  closed: { icon: Circle, tone: "border-border bg-surface-2 text-muted" },
} as const;

/** A contact message's status as a small pill. */
export function MessageStatusPill({ status }: { status: TContactStatus }) {
  const { icon: Icon, tone } = STATUS[status];
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold",
        tone,
      )}
    >
      <Icon className="size-3.5" aria-hidden /> {CONTACT_STATUS_LABELS[status]}
    </span>
  );
}
