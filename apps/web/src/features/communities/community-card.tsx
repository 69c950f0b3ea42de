import { M, type TCommunitySummary } from "@plugs/domain";
import { Users } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn.ts";
import { CommunityAvatar } from "./community-visuals.tsx";
import { MembershipButton } from "./membership-button.tsx";

export const communityHref = (community: Pick<TCommunitySummary, "slug">) =>
  `/communities/${encodeURIComponent(community.slug)}`;

/**
 * A community in the list: banner, avatar (initials without one), name, member count and Join or Leave. The whole
 * card selects the community when `onSelect` is given (the feed's Communities tab), else it opens its page.
 */
export function CommunityCard({
  community,
  selected = false,
  onSelect,
}: {
  community: TCommunitySummary;
  selected?: boolean;
  onSelect?: (community: TCommunitySummary) => void;
}) {
  const stretched =
    "rounded text-left after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none";
  return (
    <article
      className={cn(
        "group relative overflow-hidden rounded-2xl border bg-surface transition-colors focus-within:border-accent",
        selected ? "border-accent ring-1 ring-accent" : "border-border hover:border-border-strong",
      )}
    >
      <div className="h-20 overflow-hidden bg-gradient-to-br from-accent-soft via-surface-2 to-surface">
        {community.bannerUrl ? (
          <img src={community.bannerUrl} alt="" loading="lazy" className="size-full object-cover" />
        ) : null}
      </div>
      <div className="flex items-start gap-3 px-4 pb-4">
        <CommunityAvatar
          src={community.avatarUrl}
          name={community.name}
          className="-mt-7 size-14 text-base shadow-sm"
        />
        <div className="min-w-0 flex-1 pt-2">
          <h3 className="truncate text-base font-semibold">
            {onSelect ? (
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(community)}
                className={cn(stretched, "cursor-pointer")}
              >
                {community.name}
              </button>
            ) : (
              <Link to={communityHref(community)} className={stretched}>
                {community.name}
              </Link>
            )}
          </h3>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-muted">
            <Users className="size-3.5" aria-hidden /> {M.communities.memberCount(community.memberCount)}
          </p>
        </div>
        <div className="relative z-10 pt-2">
          <MembershipButton community={community} />
        </div>
      </div>
      {community.description ? (
        <p className="-mt-1 line-clamp-2 px-4 pb-4 text-sm text-muted">{community.description}</p>
      ) : null}
    </article>
  );
}

/** The grey shape of a card while the list loads. */
export function CommunityCardSkeleton() {
  return (
    <div aria-hidden className="animate-pulse overflow-hidden rounded-2xl border border-border bg-surface">
      <div className="h-20 bg-surface-2" />
      <div className="flex items-start gap-3 px-4 pb-4">
        <span className="-mt-7 size-14 rounded-xl border-2 border-surface bg-surface-2" />
        <div className="flex-1 space-y-2 pt-3">
          <span className="block h-4 w-2/3 rounded bg-surface-2" />
          <span className="block h-3 w-1/3 rounded bg-surface-2" />
        </div>
      </div>
    </div>
  );
}
