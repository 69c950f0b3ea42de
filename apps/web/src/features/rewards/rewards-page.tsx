import type { TGiveawaySummary } from "@plugs/domain";
import { Gift, Trophy, Users } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Avatar } from "../../components/ui/avatar.tsx";
import { cn } from "../../lib/cn.ts";
import { usePageTitle } from "../site/queries.ts";
import { RulesList, TimeLeft } from "./giveaway-bits.tsx";
import { useGiveaways } from "./queries.ts";

const SKELETONS = ["a", "b", "c"];

function GiveawayCard({ giveaway }: { giveaway: TGiveawaySummary }) {
  const over = giveaway.phase === "ended";
  return (
    <article className="flex h-full flex-col rounded-2xl border border-border bg-surface p-5">
      <div className="flex items-start gap-3">
        {giveaway.imageUrl ? (
          <img
            src={giveaway.imageUrl}
            alt=""
            className="size-11 shrink-0 rounded-xl border border-border object-cover"
            loading="lazy"
          />
        ) : (
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
            <Gift className="size-5" aria-hidden />
          </span>
        )}
        <div className="min-w-0">
          <h3 className="text-lg leading-snug font-semibold">
            <Link to={`/rewards/${giveaway.slug}`} className="hover:underline">
              {giveaway.title}
            </Link>
          </h3>
          <p className="mt-0.5 font-medium text-plug">{giveaway.prize}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-x-4 gap-y-1.5">
        <TimeLeft giveaway={giveaway} />
        <span className="inline-flex items-center gap-1.5 text-sm text-muted">
          <Trophy className="size-4" aria-hidden /> {giveaway.winnersCount}{" "}
          {giveaway.winnersCount === 1 ? "winner" : "winners"}
        </span>
        <span className="inline-flex items-center gap-1.5 text-sm text-muted">
          <Users className="size-4" aria-hidden /> {giveaway.entriesCount.toLocaleString()}{" "}
          {giveaway.entriesCount === 1 ? "entry" : "entries"}
        </span>
      </div>
      <div className="mt-4 flex-1">
        {over ? (
          giveaway.winners.length > 0 ? (
            <div>
              <p className="text-xs font-semibold tracking-wide text-muted uppercase">Winners</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {giveaway.winners.map((w) => (
                  <li
                    key={w.userId}
                    className={cn(
                      "inline-flex items-center gap-1.5 rounded-full border border-border py-0.5 pr-2.5 pl-0.5",
                      w.claimStatus === "expired" && "opacity-60",
                    )}
                  >
                    <Avatar src={w.avatarUrl} name={w.username} className="size-6" />
                    <span
                      className={cn("text-sm font-medium", w.claimStatus === "expired" && "line-through")}
                    >
                      {w.username}
                    </span>
                    {w.claimStatus === "expired" ? (
                      <span className="text-xs text-muted">not claimed in time</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-sm text-muted">
              {giveaway.status === "drawn" ? "Drawn with no entrants." : "Waiting for the draw."}
            </p>
          )
        ) : (
          <RulesList giveaway={giveaway} />
        )}
      </div>
      <Link
        to={`/rewards/${giveaway.slug}`}
        className="mt-5 inline-flex h-10 items-center justify-center rounded-lg border border-border bg-background px-4 text-sm font-semibold hover:border-border-strong"
      >
        {over ? "See the draw" : giveaway.entered ? "You're in · View" : "View and enter"}
      </Link>
    </article>
  );
}

function Section({ title, items, empty }: { title: string; items: TGiveawaySummary[]; empty?: string }) {
  if (items.length === 0 && !empty) return null;
  return (
    <section aria-label={title} className="mt-10">
      <h2 className="text-xl font-bold tracking-tight">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-border bg-surface px-6 py-8 text-center text-sm text-muted">
          {empty}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((g) => (
            <li key={g.id}>
              <GiveawayCard giveaway={g} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /rewards: live giveaways first, then upcoming ones, then ended ones with their winners. */
export default function RewardsPage() {
  usePageTitle("Rewards");
  const query = useGiveaways();
  return (
    <div className={PAGE_WIDTH.full}>
      <PageHeader
        eyebrow="Rewards"
        title="Giveaways anyone can check"
        lead="Enter with the points you earn on the site. Every draw is provably fair: the secret seed's fingerprint is published before entries open, and the seed is revealed at the draw so anyone can recompute the winners."
      />
      {query.isPending ? (
        <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SKELETONS.map((key) => (
            <div key={key} className="h-64 animate-pulse rounded-2xl border border-border bg-surface" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError
          className="mt-10"
          title="Could not load the giveaways"
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : (
        <>
          <Section
            title="Live now"
            items={query.data.live}
            empty="No giveaway is open right now. Check back soon."
          />
          <Section title="Upcoming" items={query.data.upcoming} />
          <Section title="Ended" items={query.data.ended} />
        </>
      )}
    </div>
  );
}
