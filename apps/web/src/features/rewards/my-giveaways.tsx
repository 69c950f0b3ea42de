import { Gift, Trophy } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { formatDay } from "../../lib/format.ts";
import { SettingsCard } from "../dashboard/settings-card.tsx";
import { useMyGiveaways } from "./queries.ts";

const CLAIM_WORDS = {
  pending: "Claim your prize",
  claimed: "Prize claimed",
  expired: "Claim window closed",
} as const;

/** /dashboard/giveaways: the giveaways the member entered, newest first, with wins and claims. */
export function MyGiveawaysSection() {
  const query = useMyGiveaways();
  return (
    <SettingsCard title="My giveaways" description="Your entries, wins and claims.">
      {query.isPending ? (
        <div className="h-24 animate-pulse rounded-xl bg-surface-2" />
      ) : query.isError ? (
        <LoadError
          title="Could not load your giveaways"
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : query.data.items.length === 0 ? (
        <p className="text-sm text-muted">
          You have not entered a giveaway yet.{" "}
          <Link to="/rewards" className="font-medium text-accent hover:underline">
            See the giveaways
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {query.data.items.map((item) => (
            <li key={item.slug} className="flex items-center gap-3 py-3">
              {item.won ? (
                <Trophy className="size-5 shrink-0 text-plug" aria-hidden />
              ) : (
                <Gift className="size-5 shrink-0 text-muted" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <Link to={`/rewards/${item.slug}`} className="font-medium hover:underline">
                  {item.title}
                </Link>
                <p className="text-xs text-muted">
                  {item.prize} · entered {item.enteredAt ? formatDay(item.enteredAt) : ""}
                  {item.pointsSpent > 0 ? ` · ${item.pointsSpent} points` : ""}
                </p>
              </div>
              <span className="shrink-0 text-right text-sm font-medium">
                {item.won
                  ? `Won #${item.position}${item.claimStatus ? ` · ${CLAIM_WORDS[item.claimStatus]}` : ""}`
                  : item.status === "drawn"
                    ? "Not drawn"
                    : item.status === "cancelled"
                      ? "Cancelled, refunded"
                      : "Waiting for the draw"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
