import type { TGiveawaySummary } from "@plugs/domain";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { Countdown } from "../../components/countdown.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format.ts";

/** The entry rules in words, and for a signed-in viewer whether they meet them. */
export function RulesList({ giveaway }: { giveaway: TGiveawaySummary }) {
  const { rules, eligibility, entryCost } = giveaway;
  const items = [
    entryCost > 0 ? `Costs ${entryCost.toLocaleString()} points to enter` : "Free to enter",
    rules.minAccountAgeDays > 0 ? `Account at least ${rules.minAccountAgeDays} days old` : null,
    rules.minPoints > 0 ? `At least ${rules.minPoints.toLocaleString()} points` : null,
    rules.requireVerifiedEmail ? "Verified e-mail address" : null,
    rules.requireTwoFactor ? "Two-factor authentication on" : null,
    rules.community ? `Member of ${rules.community.name}` : null,
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
