import { ADMIN_GIVEAWAY_FILTERS, type TAdminGiveawayFilter, type TAdminGiveawayRow } from "@plugs/domain";
import { Plus } from "lucide-react";
import { Link, Route, Routes, useSearchParams } from "react-router";
import { AdminEmpty, AdminQuery, AdminRows, ShowMore } from "../../components/admin-list.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { formatDate } from "../../lib/format.ts";
import { AdminGiveawayEditor } from "./admin-giveaway-editor.tsx";
import { GiveawayStatusPill, giveawayLabel } from "./admin-rewards-parts.tsx";
import { useAdminGiveaways } from "./queries.ts";

const FILTER_LABELS: Record<TAdminGiveawayFilter, string> = {
  all: "All",
  draft: "Drafts",
  upcoming: "Upcoming",
  live: "Live",
  ended: "Ended",
  cancelled: "Cancelled",
};

function RowDates({ g }: { g: TAdminGiveawayRow }) {
  const label = giveawayLabel(g);
  if (label === "Draft") return <>Created {formatDate(g.createdAt)}</>;
  if (label === "Upcoming") return <>Starts {formatDate(g.startsAt)}</>;
  if (label === "Live") return <>Ends {formatDate(g.endsAt)}</>;
  return <>Ended {formatDate(g.endsAt)}</>;
}

function GiveawayRow({ g }: { g: TAdminGiveawayRow }) {
  return (
    <Link
      to={`/admin/rewards/${g.slug}`}
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-border-strong focus-visible:outline-2 focus-visible:outline-accent"
    >
      <div className="flex flex-wrap items-center gap-2">
        <GiveawayStatusPill giveaway={g} />
        <span className="rounded-md bg-surface-2 px-1.5 py-0.5 text-xs font-medium text-muted">
          {g.entryCost > 0 ? `${g.entryCost.toLocaleString()} points` : "Free"}
        </span>
      </div>
      <span className="font-semibold break-words">{g.title}</span>
      <span className="text-sm break-words">
        {g.prize} · {g.winnersCount} {g.winnersCount === 1 ? "winner" : "winners"}
      </span>
      <span className="flex flex-wrap gap-x-3 text-xs text-muted">
        <span className="font-mono break-all">/rewards/{g.slug}</span>
        <span>
          {g.entriesCount.toLocaleString()} {g.entriesCount === 1 ? "entry" : "entries"}
        </span>
        <span>
          <RowDates g={g} />
        </span>
      </span>
    </Link>
  );
}

/** Every giveaway, drafts and cancelled ones too, newest first; the filter lives in the address. */
function GiveawayList() {
  const [params, setParams] = useSearchParams();
  const raw = params.get("filter") ?? "all";
  const filter = (ADMIN_GIVEAWAY_FILTERS as readonly string[]).includes(raw)
    ? (raw as TAdminGiveawayFilter)
    : "all";
  const query = useAdminGiveaways(filter);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="admin-rewards-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-rewards-heading" className="text-xl font-semibold">
          Rewards
        </h2>
        <Button asChild size="sm">
          <Link to="/admin/rewards/new">
            <Plus aria-hidden /> New giveaway
          </Link>
        </Button>
      </div>
      <div className="-mx-4 max-w-[calc(100%+2rem)] overflow-x-auto px-4 sm:mx-0 sm:max-w-full sm:px-0">
        <Tabs value={filter} onValueChange={(value) => setParams(value === "all" ? {} : { filter: value })}>
          <TabsList aria-label="Giveaway status">
            {ADMIN_GIVEAWAY_FILTERS.map((f) => (
              <TabsTrigger key={f} value={f}>
                {FILTER_LABELS[f]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      </div>
      <AdminQuery
        query={query}
        loading="Loading the giveaways"
        failed="Could not load the giveaways"
        isEmpty={() => items.length === 0}
        empty={
          <AdminEmpty>
            {filter === "all"
              ? "No giveaways yet. Create the first one."
              : `No ${FILTER_LABELS[filter].toLowerCase()} giveaways.`}
          </AdminEmpty>
        }
      >
        {() => (
          <AdminRows label="Giveaways" footer={<ShowMore query={query} />}>
            {items.map((g) => (
              <li key={g.id}>
                <GiveawayRow g={g} />
              </li>
            ))}
          </AdminRows>
        )}
      </AdminQuery>
    </section>
  );
}

/**
 * The admin dashboard's Rewards section: the giveaways at /admin/rewards, a new one at /admin/rewards/new, one at
 * /admin/rewards/:slug. The server refuses non-admins on every call.
 */
export function AdminRewards() {
  return (
    <Routes>
      <Route index element={<GiveawayList />} />
      <Route path="new" element={<AdminGiveawayEditor />} />
      <Route path=":slug" element={<AdminGiveawayEditor />} />
    </Routes>
  );
}
