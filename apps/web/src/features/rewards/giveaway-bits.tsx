import type { TGiveawaySummary } from "@plugs/domain";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format.ts";

function twoDigits(n: number): string {
  return String(n).padStart(2, "0");
}

/** Time left until `to`, ticking every second: '2d 04:05:06', then 'Ended'. */
export function Countdown({ to, className }: { to: string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Date.parse(to) - now);
  const s = Math.floor(left / 1000);
  const days = Math.floor(s / 86_400);
  const text =
    left === 0
      ? "Ended"
      : `${days > 0 ? `${days}d ` : ""}${twoDigits(Math.floor((s % 86_400) / 3600))}:${twoDigits(Math.floor((s % 3600) / 60))}:${twoDigits(s % 60)}`;
  return (
    <time dateTime={to} className={cn("font-mono tabular-nums", className)} aria-live="off">
      {text}
    </time>
  );
}

/** The entry rules in words, and for a signed-in viewer whether they meet them. */
export function RulesList({ giveaway }: { giveaway: TGiveawaySummary }) {
  const { rules, eligibility, entryCost } = giveaway;
  const items = [
    entryCost > 0 ? `Costs ${entryCost.toLocaleString()} points to enter` : "Free to enter",
    rules.minAccountAgeDays > 0 ? `Account at least ${rules.minAccountAgeDays} days old` : null,
    rules.minPoints > 0 ? `At least ${rules.minPoints.toLocaleString()} points` : null,
    rules.requireVerifiedEmail ? "Verified e-mail address" : null,
    "One entry per member",
  ].filter((x): x is string => x !== null);
  return (
    <div>
      <ul className="flex flex-col gap-1 text-sm text-muted">
        {items.map((item) => (
          <li key={item} className="flex items-center gap-2">
            <span aria-hidden className="size-1.5 shrink-0 rounded-full bg-border-strong" /> {item}
          </li>
        ))}
      </ul>
      {eligibility && giveaway.phase !== "ended" ? (
        <p
          className={cn(
            "mt-2 flex items-center gap-1.5 text-sm font-medium",
            eligibility.eligible ? "text-plug" : "text-rug",
          )}
        >
          {eligibility.eligible ? (
            <>
              <CheckCircle2 className="size-4" aria-hidden /> You meet the rules
            </>
          ) : (
            <>
              <XCircle className="size-4" aria-hidden /> {eligibility.reason}
            </>
          )}
        </p>
      ) : null}
    </div>
  );
}

/** 'Ends in 01:02:03' for a live giveaway, 'Starts in ...' for an upcoming one, the end date once over. */
export function TimeLeft({ giveaway }: { giveaway: TGiveawaySummary }) {
  if (giveaway.phase === "live" || giveaway.phase === "upcoming") {
    const live = giveaway.phase === "live";
    return (
      <span className="inline-flex items-center gap-1.5 text-sm">
        <Clock className="size-4 text-muted" aria-hidden />
        <span className="text-muted">{live ? "Ends in" : "Starts in"}</span>
        <Countdown to={live ? giveaway.endsAt : giveaway.startsAt} className="font-semibold" />
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-muted">
      <Clock className="size-4" aria-hidden /> Ended {formatDay(giveaway.endsAt)}
    </span>
  );
}
