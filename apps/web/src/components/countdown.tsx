import { cn } from "../lib/cn.ts";
import { formatTimeLeft, useSecondsLeft } from "../lib/use-seconds-left.ts";

/** Time left until `to`, ticking every second ('2d 04:05:06'), then `ended`; `onEnd` runs when it gets there. */
export function Countdown({
  to,
  ended = "Ended",
  onEnd,
  className,
}: {
  to: string;
  ended?: string;
  onEnd?: () => void;
  className?: string;
}) {
  const left = useSecondsLeft(to, onEnd);
  return (
    <time dateTime={to} className={cn("font-mono tabular-nums", className)} aria-live="off">
      {left === 0 ? ended : formatTimeLeft(left)}
    </time>
  );
}
