import { M } from "@plugs/domain";
import { MousePointerClick } from "lucide-react";
import { LoadError } from "../../components/load-error.tsx";
import { ApiError } from "../../lib/api.ts";
import { CommunityHeader } from "./community-header.tsx";
import { CommunityPosts } from "./community-posts.tsx";
import { useCommunity } from "./queries.ts";

/** The feed's Communities tab, right column: the selected community and its posts, or how to pick one. */
export function CommunityPanel({
  communityId,
  onMembers,
}: {
  communityId: string | null;
  onMembers?: (communityId: string) => void;
}) {
  const community = useCommunity(communityId);

  if (!communityId) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border-strong bg-surface/60 px-6 py-16 text-center">
        <MousePointerClick className="size-8 text-accent" aria-hidden />
        <p className="font-semibold">{M.communities.noSelection}</p>
      </div>
    );
  }
  if (community.isPending) {
    return (
      <div aria-hidden className="animate-pulse overflow-hidden rounded-2xl border border-border bg-surface">
        <div className="aspect-[3/1] bg-surface-2" />
        <div className="space-y-3 p-6">
          <span className="block h-5 w-1/2 rounded bg-surface-2" />
          <span className="block h-3 w-1/4 rounded bg-surface-2" />
          <span className="block h-3 w-3/4 rounded bg-surface-2" />
        </div>
      </div>
    );
  }
  if (community.isError) {
    const missing = community.error instanceof ApiError && community.error.status === 404;
    return (
      <LoadError
        title={missing ? M.communities.notFound : M.communities.feedFailed(community.error.message)}
        onRetry={() => void community.refetch()}
        busy={community.isFetching}
      />
    );
  }
  const data = community.data;
  return (
    <section aria-label={data.name} className="flex min-w-0 flex-col gap-4">
      <CommunityHeader
        community={data}
        nameLinks
        onMembers={onMembers ? () => onMembers(data.id) : undefined}
      />
      <CommunityPosts key={data.id} community={data} linkToPage />
    </section>
  );
}
