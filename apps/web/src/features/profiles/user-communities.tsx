import type { TUserCommunity } from "@plugs/domain";
import { format } from "date-fns";
import { Users } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { PostListEmpty, PostListSkeleton } from "../posts/post-list-states.tsx";
import { LoadMore } from "./load-more.tsx";
import { useUserCommunities } from "./queries.ts";

function CommunityRow({ community }: { community: TUserCommunity }) {
  const members = community.memberCount;
  return (
    <li>
      <Link
        to={`/communities/${encodeURIComponent(community.slug)}`}
        className="flex items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Avatar src={community.avatarUrl} name={community.name} className="rounded-lg" />
        <span className="min-w-0 flex-1">
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate font-medium">{community.name}</span>
            {community.role === "creator" ? (
              <span className="shrink-0 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent">
                Creator
              </span>
            ) : null}
          </span>
          <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted">
            <span className="inline-flex items-center gap-1">
              <Users className="size-3.5" aria-hidden />
              {members.toLocaleString()} {members === 1 ? "member" : "members"}
            </span>
            <span>Joined {format(new Date(community.joinedAt), "MMM d, yyyy")}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The profile's Communities tab: where the member belongs, most recently joined first. */
export function UserCommunities({ username }: { username: string }) {
  const list = useUserCommunities(username, true);
  if (list.isPending) return <PostListSkeleton count={1} />;
  if (list.isError) {
    return (
      <LoadError
        title="Failed to load communities"
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
      />
    );
  }
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <PostListEmpty title="Not in any communities yet" />;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Communities joined" className="flex flex-col gap-2">
        {items.map((c) => (
          <CommunityRow key={c.id} community={c} />
        ))}
      </ul>
      <LoadMore
        more={list.hasNextPage}
        busy={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
      />
    </div>
  );
}
