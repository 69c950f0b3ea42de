import { M, MODERATION_M, type TCommunityDetail } from "@plugs/domain";
import { Settings2, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { useSession } from "../auth/session.ts";
import { communityHref } from "./community-card.tsx";
import { CommunityAvatar, CommunityBanner } from "./community-visuals.tsx";
import { MembershipButton } from "./membership-button.tsx";

/**
 * A community's banner, avatar, name, member count, description and actions: View Members (when the screen can show
 * them), Join or Leave, and Manage for its creators and the admins. A suspended community says so.
 */
export function CommunityHeader({
  community,
  onMembers,
  level = "h2",
  nameLinks = false,
}: {
  community: TCommunityDetail;
  /** Opens the members list; without it there is no View Members button. */
  onMembers?: () => void;
  level?: "h1" | "h2";
  /** The name links to the community's own page (in the feed's panel). */
  nameLinks?: boolean;
}) {
  const Heading = level;
  const { session } = useSession();
  // Admins may manage any community (the server records it in the audit log).
  const creator =
    (community.membership?.status === "active" && community.membership.role === "creator") ||
    session?.isAdmin === true;
  return (
    <header className="overflow-hidden rounded-2xl border border-border bg-surface">
      {community.suspended ? (
        <p role="status" className="bg-rug/15 px-4 py-2 text-sm font-medium text-rug sm:px-6">
          {MODERATION_M.communitySuspended}
        </p>
      ) : null}
      <CommunityBanner src={community.bannerUrl} />
      <div className="px-4 pb-5 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <CommunityAvatar
            src={community.avatarUrl}
            name={community.name}
            className={cn(
              "-mt-10 border-4 shadow-panel",
              level === "h1" ? "size-24 text-2xl sm:-mt-14 sm:size-28" : "size-20 text-xl",
            )}
          />
          <div className="flex flex-wrap items-center gap-2 pt-3">
            {onMembers ? (
              <Button variant="secondary" size="sm" onClick={onMembers}>
                <Users aria-hidden /> {M.communities.viewMembers}
              </Button>
            ) : null}
            {creator ? (
              <Button asChild variant="secondary" size="sm">
                <Link to={`${communityHref(community)}/manage`}>
                  <Settings2 aria-hidden /> Manage
                </Link>
              </Button>
            ) : null}
            <MembershipButton community={community} />
          </div>
        </div>
        <Heading
          className={cn(
            "mt-3 font-bold tracking-tight break-words",
            level === "h1" ? "text-2xl sm:text-3xl" : "text-xl",
          )}
        >
          {nameLinks ? (
            <Link to={communityHref(community)} className="hover:underline">
              {community.name}
            </Link>
          ) : (
            community.name
          )}
        </Heading>
        <p className="mt-1 flex items-center gap-1 text-sm text-muted">
          <Users className="size-3.5" aria-hidden /> {M.communities.memberCount(community.memberCount)}
        </p>
        <p
          className={cn(
            "mt-3 text-sm leading-relaxed break-words whitespace-pre-wrap",
            !community.description && "text-muted italic",
          )}
        >
          {community.description?.trim() || M.communities.noDescription}
        </p>
      </div>
    </header>
  );
}
