import {
  COMMUNITY_SORTS,
  M,
  type TCommunityDetail,
  type TCommunitySort,
  type TCommunitySummary,
} from "@plugs/domain";
import { Plus, RefreshCw, Search, SearchX, UsersRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { fieldClasses, Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { cn } from "../../lib/cn.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { CommunityCard, CommunityCardSkeleton } from "./community-card.tsx";
import { CreateCommunityDialog } from "./create-community-dialog.tsx";
import { useCommunities } from "./queries.ts";

const SORT_LABELS: Record<TCommunitySort, string> = {
  popular: M.communities.sortPopular,
  newest: M.communities.sortNewest,
};
const SKELETONS = ["a", "b", "c"];

/**
 * The community list: search (name or description, debounced), Most Popular or Newest, refresh, Create Community,
 * and pages of 10 loaded as the end comes into view (or with Load more).
 */
export function CommunityList({
  selectedId,
  onSelect,
}: {
  selectedId?: string | null;
  onSelect?: (community: TCommunitySummary | TCommunityDetail) => void;
}) {
  const requireAuth = useRequireAuth();
  const [typed, setTyped] = useState("");
  const search = useDebouncedValue(typed, 300);
  const [sort, setSort] = useState<TCommunitySort>("popular");
  const [creating, setCreating] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const list = useCommunities({ search, sort });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { threshold: 0.1 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const refresh = async () => {
    setRefreshing(true);
    const result = await list.refetch();
    setRefreshing(false);
    if (result.isError) toast.error(M.communities.refreshFailed);
    else toast.success(M.communities.refreshed);
  };
  const openCreate = () => requireAuth(M.communities.signInToCreate, () => setCreating(true));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const searching = search.trim().length > 0;

  return (
    <section aria-labelledby="communities-heading" className="flex min-w-0 flex-col gap-4">
      {/* The button goes under the heading when both do not fit on one line, rather than squeezing the subtitle. */}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="communities-heading" className="text-xl font-bold tracking-tight">
            {M.communities.listTitle}
          </h2>
          <p className="text-sm text-muted">{M.communities.listSubtitle}</p>
        </div>
        <Button size="sm" onClick={openCreate}>
          <Plus aria-hidden /> {M.communities.createButton}
        </Button>
      </div>
      <div className="flex flex-col gap-2">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search communities"
            placeholder={M.communities.searchPlaceholder}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className="pl-9"
            maxLength={100}
          />
        </div>
        <div className="flex gap-2">
          <select
            aria-label="Sort communities"
            value={sort}
            onChange={(e) => setSort(e.target.value as TCommunitySort)}
            className={cn(fieldClasses, "h-10 min-w-0 flex-1 cursor-pointer pr-8")}
          >
            {COMMUNITY_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Refresh communities"
            onClick={() => void refresh()}
            disabled={refreshing || list.isPending}
          >
            <RefreshCw className={cn(refreshing && "animate-spin")} aria-hidden />
          </Button>
        </div>
      </div>

      <div aria-busy={list.isFetching} className="flex flex-col gap-3">
        {list.isPending ? (
          SKELETONS.map((key) => <CommunityCardSkeleton key={key} />)
        ) : list.isError && items.length === 0 ? (
          <LoadError
            title={M.communities.refreshFailed}
            onRetry={() => void list.refetch()}
            busy={list.isFetching}
          />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border-strong bg-surface/60 px-6 py-10 text-center">
            {searching ? (
              <>
                <SearchX className="size-8 text-muted" aria-hidden />
                <p className="font-semibold">{M.communities.noMatch}</p>
                <Button variant="secondary" size="sm" className="mt-2" onClick={() => setTyped("")}>
                  {M.communities.clearSearch}
                </Button>
              </>
            ) : (
              <>
                <UsersRound className="size-8 text-accent" aria-hidden />
                <p className="font-semibold">{M.communities.emptyTitle}</p>
                <p className="text-sm text-muted">{M.communities.emptyText}</p>
                <Button size="sm" className="mt-2" onClick={openCreate}>
                  <Plus aria-hidden /> {M.communities.createButton}
                </Button>
              </>
            )}
          </div>
        ) : (
          <>
            {items.map((community) => (
              <CommunityCard
                key={community.id}
                community={community}
                selected={community.id === selectedId}
                onSelect={onSelect}
              />
            ))}
            <div ref={sentinel} className="flex min-h-10 justify-center py-1">
              {hasNextPage ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void fetchNextPage()}
                  busy={isFetchingNextPage}
                  busyLabel="Loading..."
                >
                  Load more
                </Button>
              ) : (
                <p className="text-sm text-muted">{M.communities.endOfList}</p>
              )}
            </div>
          </>
        )}
      </div>
      <CreateCommunityDialog open={creating} onOpenChange={setCreating} onCreated={onSelect} />
    </section>
  );
}
