import type { TKolCard } from "@plugs/domain";
import { BadgeCheck, Flag } from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import { ScoreBadge, TallyBar, VerdictPill } from "./verdict.tsx";

/**
 * A KOL in a list: avatar, name, handle, score, verdict, the vote tally and the approved reports. `headingLevel`
 * keeps the page's outline in order (h3 under a section's h2, h2 right under the page's h1).
 */
export function KolCard({
  kol,
  rank,
  headingLevel = "h3",
}: {
  kol: TKolCard;
  rank?: number;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-border-strong focus-within:border-accent">
      <div className="flex items-start gap-3">
        {rank ? (
          <span className="mt-3 w-5 shrink-0 text-center text-sm font-bold text-muted tabular-nums">
            {rank}
          </span>
        ) : null}
        <Avatar src={kol.avatarUrl} name={kol.name || kol.handle} className="size-12 text-sm" />
        <div className="min-w-0 flex-1">
          <Heading className="flex items-center gap-1 truncate text-base font-semibold">
            <Link
              to={`/kol/${kol.handle}`}
              className="truncate rounded after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
            >
              {kol.name || kol.handle}
            </Link>
            {kol.isVerified ? (
              <BadgeCheck className="size-4 shrink-0 text-accent" aria-label="Verified" />
            ) : null}
          </Heading>
          <p className="truncate text-sm text-muted">@{kol.handle}</p>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <VerdictPill verdict={kol.verdict} />
            {kol.approvedReports > 0 ? (
              <span className="inline-flex items-center gap-1 text-xs font-medium text-rug">
                <Flag className="size-3" aria-hidden />
                {kol.approvedReports} approved {kol.approvedReports === 1 ? "report" : "reports"}
              </span>
            ) : null}
          </div>
        </div>
        <ScoreBadge score={kol.score} verdict={kol.verdict} />
      </div>
      <TallyBar plugVotes={kol.plugVotes} rugVotes={kol.rugVotes} />
    </article>
  );
}

/** The grey shape of a card while the list loads. */
export function KolCardSkeleton() {
  return (
    <div
      aria-hidden
      className="flex animate-pulse flex-col gap-4 rounded-2xl border border-border bg-surface p-4"
    >
      <div className="flex items-start gap-3">
        <span className="size-12 rounded-full bg-surface-2" />
        <div className="flex-1 space-y-2 pt-1">
          <span className="block h-4 w-2/3 rounded bg-surface-2" />
          <span className="block h-3 w-1/3 rounded bg-surface-2" />
        </div>
        <span className="size-12 rounded-xl bg-surface-2" />
      </div>
      <span className="block h-2 rounded-full bg-surface-2" />
    </div>
  );
}
