import type { TReportStatus } from "@plugs/domain";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { cn } from "../../lib/cn.ts";

const STATUS = {
  pending: { label: "Pending review", icon: Clock, tone: "border-border bg-surface-2 text-muted" },
  approved: { label: "Approved", icon: CheckCircle2, tone: "border-plug/30 bg-plug-soft text-plug" },
  rejected: { label: "Rejected", icon: XCircle, tone: "border-rug/30 bg-rug-soft text-rug" },
} as const;

export function StatusPill({ status }: { status: TReportStatus }) {
  const { label, icon: Icon, tone } = STATUS[status];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold",
        tone,
      )}
    >
      <Icon className="size-3.5" aria-hidden /> {label}
    </span>
  );
}
