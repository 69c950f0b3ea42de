import { M } from "@plugs/domain";
import { UserCheck, UserPlus } from "lucide-react";
import { Button, type TButtonSize } from "../../components/ui/button.tsx";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { useToggleFollow } from "./queries.ts";

/** Follow / Unfollow; a visitor is asked to sign in first, and the follow happens right after. */
export function FollowButton({
  username,
  following,
  size = "md",
  iconClassName,
  onFollowChange,
}: {
  username: string;
  following: boolean;
  size?: TButtonSize;
  /** Classes for the icon, e.g. to hide it where a row is short of room (the label always shows). */
  iconClassName?: string;
  /** Called with the new state once the server has answered (lists that show follow states refresh). */
  onFollowChange?: (following: boolean) => void;
}) {
  const requireAuth = useRequireAuth();
  const toggle = useToggleFollow();
  return (
    <Button
      variant={following ? "secondary" : "primary"}
      size={size}
      busy={toggle.isPending}
      busyLabel={following ? "Unfollowing..." : "Following..."}
      aria-pressed={following}
      onClick={() =>
        requireAuth(M.follows.signIn, () =>
          toggle.mutate(
            { username, follow: !following },
            { onSuccess: (state) => onFollowChange?.(state.following) },
          ),
        )
      }
    >
      {following ? (
        <UserCheck aria-hidden className={iconClassName} />
      ) : (
        <UserPlus aria-hidden className={iconClassName} />
      )}
      {following ? M.communities.unfollow : M.communities.follow}
    </Button>
  );
}
