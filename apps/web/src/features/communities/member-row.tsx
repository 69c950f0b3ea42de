import { M, type TCommunityMember } from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, Crown, ShieldBan, ShieldCheck, UserCheck, UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { MemberName } from "../../components/member-name.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { formatDate, formatDay } from "../../lib/format.ts";
import { FollowButton } from "../profiles/follow-button.tsx";
import { useToggleFollow } from "../profiles/queries.ts";
import { communityKeys, useUpdateMember } from "./queries.ts";

/** A small pill: the Creator badge, or Banned in the creators' banned list. */
export function MemberBadge({ tone, children }: { tone: "accent" | "rug"; children: string }) {
  return (
    <span
      className={
        tone === "accent"
          ? "inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-semibold text-accent"
          : "inline-flex items-center gap-1 rounded-full bg-rug-soft px-2 py-0.5 text-[11px] font-semibold text-rug"
      }
    >
      {tone === "accent" ? <Crown className="size-3" aria-hidden /> : null}
      {children}
    </span>
  );
}

/** Asks before a ban: the member loses their place and cannot rejoin until unbanned. */
function ConfirmBanDialog({
  username,
  open,
  onOpenChange,
  onConfirm,
  busy,
}: {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogTitle>Ban {username}?</DialogTitle>
        <DialogDescription>
          They will no longer be a member, cannot post or comment here, and cannot rejoin until a creator
          unbans them.
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {M.communities.cancel}
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy} busyLabel="Banning...">
            <ShieldBan aria-hidden /> {M.communities.banMember}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * One member: avatar, username, Creator badge, joined date and Follow/Unfollow (not for oneself). A creator looking
 * at someone else gets the moderation first: a Manage button whose menu holds Ban Member / Unban Member and Make
 * Creator / Remove Creator Role, then Follow/Unfollow. The server checks every action against the acting user's
 * role; its refusals arrive as toasts.
 *
 * The list it sits in is a size container: in a narrow one (a phone's manage page or sheet) the row tightens its
 * gaps and Follow drops its icon, so the username and 'Joined Mon D, YYYY' keep their room.
 */
export function MemberRow({
  member,
  communityId,
  viewerId,
  viewerIsCreator,
}: {
  member: TCommunityMember;
  communityId: string;
  viewerId: string | null;
  viewerIsCreator: boolean;
}) {
  const queryClient = useQueryClient();
  const update = useUpdateMember(communityId);
  const [confirmBan, setConfirmBan] = useState(false);
  const isSelf = viewerId === member.userId;
  const banned = member.status === "banned";
  const creator = member.role === "creator";

  const follow = useToggleFollow();
  const refreshMembers = () =>
    void queryClient.invalidateQueries({ queryKey: communityKeys.members(communityId) });
  const ban = () =>
    update.mutate({ memberId: member.id, status: "banned" }, { onSuccess: () => setConfirmBan(false) });

  return (
    <li className="flex items-center gap-2.5 py-3 @sm:gap-3">
      <Link to={`/user/${encodeURIComponent(member.username)}`} className="shrink-0 rounded-full">
        <Avatar src={member.avatarUrl} name={member.displayName ?? member.username} className="size-10" />
        <span className="sr-only">{member.username}'s profile</span>
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1">
          <Link
            to={`/user/${encodeURIComponent(member.username)}`}
            className="min-w-0 font-semibold hover:underline"
          >
            {member.displayName ? (
              <MemberName username={member.username} displayName={member.displayName} />
            ) : (
              <span className="block truncate">{member.username}</span>
            )}
          </Link>
          {member.isVerified ? (
            <BadgeCheck className="size-4 shrink-0 text-accent" aria-label="Verified" />
          ) : null}
          {creator ? <MemberBadge tone="accent">{M.communities.creatorBadge}</MemberBadge> : null}
          {banned ? <MemberBadge tone="rug">Banned</MemberBadge> : null}
          {isSelf ? <span className="text-xs text-muted">(you)</span> : null}
        </div>
        <p className="mt-0.5 truncate text-xs text-muted">
          Joined{" "}
          <time dateTime={member.joinedAt} title={formatDate(member.joinedAt)}>
            {formatDay(member.joinedAt)}
          </time>
        </p>
      </div>
      {!isSelf && !banned && !viewerIsCreator ? (
        <FollowButton
          username={member.username}
          following={member.followedByMe}
          size="sm"
          iconClassName="@max-sm:hidden"
          onFollowChange={refreshMembers}
        />
      ) : null}
      {viewerIsCreator && !isSelf ? (
        <>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Manage ${member.username}`}
                busy={update.isPending || follow.isPending}
                busyLabel="Saving..."
              >
                <ShieldCheck aria-hidden className="@max-sm:hidden" /> Manage
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {banned ? (
                <DropdownMenuItem onSelect={() => update.mutate({ memberId: member.id, status: "active" })}>
                  <ShieldCheck aria-hidden /> {M.communities.unbanMember}
                </DropdownMenuItem>
              ) : (
                <>
                  <DropdownMenuItem
                    className="text-rug [&_svg]:text-rug"
                    onSelect={() => setConfirmBan(true)}
                  >
                    <ShieldBan aria-hidden /> {M.communities.banMember}
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    onSelect={() =>
                      update.mutate({ memberId: member.id, role: creator ? "member" : "creator" })
                    }
                  >
                    {creator ? <UserMinus aria-hidden /> : <Crown aria-hidden />}
                    {creator ? M.communities.removeCreator : M.communities.makeCreator}
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem
                    onSelect={() =>
                      follow.mutate(
                        { username: member.username, follow: !member.followedByMe },
                        { onSettled: refreshMembers },
                      )
                    }
                  >
                    {member.followedByMe ? <UserCheck aria-hidden /> : <UserPlus aria-hidden />}
                    {member.followedByMe ? M.communities.unfollow : M.communities.follow}
                  </DropdownMenuItem>
                </>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
          <ConfirmBanDialog
            username={member.username}
            open={confirmBan}
            onOpenChange={setConfirmBan}
            onConfirm={ban}
            busy={update.isPending}
          />
        </>
      ) : null}
    </li>
  );
}
