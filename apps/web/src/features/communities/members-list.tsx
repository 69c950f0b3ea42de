import { COMMUNITY_LIMITS, M, type TMemberStatus } from "@plugs/domain";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useState } from "react";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { refusalMessage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useSession } from "../auth/session.ts";
import { AddMemberSearch } from "./add-member-search.tsx";
import { MemberRow } from "./member-row.tsx";
import { useCommunityMembers } from "./queries.ts";

/** The spec's member search debounce. */
const SEARCH_DEBOUNCE_MS = 300;

export type TMembersCommunity = {
  id: string;
  memberCount: number;
  membership: { role: string; status: string } | null;
};

/** Whether the viewer is an active creator of this community (the server decides; this only shapes the screen). */
export function isCreatorOf(community: Pick<TMembersCommunity, "membership">): boolean {
  return community.membership?.role === "creator" && community.membership.status === "active";
}

/**
 * A community's members: the count line, 'Search members...' (300 ms debounce), pages of 10 with Prev / 'Page X of
 * Y' / Next, one row per member. Creators also get the banned list (to unban) and the search to add users. Used by
 * the members sheet and by the manage page.
 */
export function MembersList({ community }: { community: TMembersCommunity }) {
  const { session } = useSession();
  const viewerIsCreator = isCreatorOf(community);
  const [chosenStatus, setStatus] = useState<TMemberStatus>("active");
  // The banned list is for creators (the server refuses anyone else); a viewer who stops being one sees members.
  const status = viewerIsCreator ? chosenStatus : "active";
  const [search, setSearch] = useState("");
  const [cursor, setCursor] = useState<string | null>(null);
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const members = useCommunityMembers(community.id, { search: settled, cursor, status });
  const data = members.data;

  const onSearch = (value: string) => {
    setSearch(value);
    setCursor(null);
  };
  // Past the count's cap, every member is the community's kept count; a search says "1000+".
  const everyone = status === "active" && !settled.trim();
  const total =
    data && !(data.totalCapped && everyone) ? data.total : status === "active" ? community.memberCount : 0;
  const plus = data?.totalCapped && !everyone ? "+" : "";

  return (
    <div className="flex flex-col gap-4">
      {viewerIsCreator ? <AddMemberSearch communityId={community.id} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {status === "active"
            ? plus
              ? `${total}+ members`
              : M.communities.memberCount(total)
            : `${total}${plus} banned ${total === 1 && !plus ? "member" : "members"}`}
        </p>
        {viewerIsCreator ? (
          <fieldset className="flex rounded-lg border border-border p-0.5 text-xs font-semibold">
            <legend className="sr-only">Which members</legend>
            {(["active", "banned"] as const).map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={status === s}
                onClick={() => {
                  setStatus(s);
                  setCursor(null);
                }}
                className={cn(
                  "cursor-pointer rounded-md px-2.5 py-1",
                  status === s ? "bg-surface-2 text-foreground" : "text-muted hover:text-foreground",
                )}
              >
                {s === "active" ? "Members" : "Banned"}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <Input
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={M.communities.searchMembers}
          aria-label={M.communities.searchMembers}
          maxLength={100}
          className="pl-9"
        />
      </div>
      {members.isPending ? (
        <div className="flex justify-center py-8" role="status" aria-label="Loading members">
          <Spinner />
        </div>
      ) : members.isError && !data ? (
        <LoadError
          title={refusalMessage(members.error, M.generic.unexpected)}
          onRetry={() => void members.refetch()}
          busy={members.isFetching}
          look="inset"
        />
      ) : data && data.items.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">{M.communities.noMembers}</p>
      ) : data ? (
        <ul
          aria-label={status === "active" ? "Members" : "Banned members"}
          aria-busy={members.isFetching || undefined}
          className={cn("@container divide-y divide-border", members.isPlaceholderData && "opacity-60")}
        >
          {data.items.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              communityId={community.id}
              viewerId={session?.user.id ?? null}
              viewerIsCreator={viewerIsCreator}
            />
          ))}
        </ul>
      ) : null}
      {data && data.total > COMMUNITY_LIMITS.membersPageSize ? (
        <nav aria-label="Members pages" className="flex items-center justify-between gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={data.page <= 1 || members.isFetching}
            onClick={() => setCursor(data.previousCursor)}
          >
            <ChevronLeft aria-hidden /> {M.communities.prev}
          </Button>
          <span className="text-sm text-muted tabular-nums">
            {M.communities.pageOf(data.page, data.pageCount)}
            {data.totalCapped && data.nextCursor ? "+" : ""}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={!data.nextCursor || members.isFetching}
            onClick={() => setCursor(data.nextCursor)}
          >
            {M.communities.next} <ChevronRight aria-hidden />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
