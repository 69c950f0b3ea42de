import type { TUserCommunity } from "@plugs/domain";
import { Users } from "lucide-react";
import { Link } from "react-router";
import { formatDay } from "../../lib/format.ts";
import { CommunityAvatar } from "../communities/community-visuals.tsx";
import { ProfileTabList } from "./profile-tab-list.tsx";
import { useUserCommunities } from "./queries.ts";

function CommunityRow({ community }: { community: TUserCommunity }) {
  const members = community.memberCount;
  return (
    <li>
      <Link
        to={`/communities/${encodeURIComponent(community.slug)}`}
        className="flex items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <CommunityAvatar src={community.avatarUrl} name={community.name} className="size-10 text-sm" />
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
            <span>Joined {formatDay(community.joinedAt)}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The profile's Communities tab: where the member belongs, most recently joined first. */
export function UserCommunities({ username }: { username: string }) {
  return (
    <ProfileTabList
      query={useUserCommunities(username, true)}
      failed="Failed to load communities"
      empty="Not in any communities yet"
      className="gap-2"
    >
      {(items) => (
        <ul aria-label="Communities joined" className="flex flex-col gap-2">
          {items.map((c) => (
            <CommunityRow key={c.id} community={c} />
          ))}
        </ul>
      )}
    </ProfileTabList>
  );
}
