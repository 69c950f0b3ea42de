import { M, type TCommunitySummary } from "@plugs/domain";
import { Ban, LogOut, UserPlus } from "lucide-react";
import { useState } from "react";
import { Button, type TButtonSize } from "../../components/ui/button.tsx";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { useLeaveCommunity } from "./queries.ts";
import { RulesDialog } from "./rules-dialog.tsx";

/**
 * Join (through the rules dialog; a visitor is asked to sign in first) or Leave. A banned member sees that they
 * are banned instead; the server refuses their join as well.
 */
export function MembershipButton({
  community,
  size = "sm",
  className,
  onJoined,
}: {
  community: Pick<TCommunitySummary, "id" | "name" | "membership">;
  size?: TButtonSize;
  className?: string;
  onJoined?: () => void;
}) {
  const requireAuth = useRequireAuth();
  const leave = useLeaveCommunity();
  const [rulesOpen, setRulesOpen] = useState(false);
  const membership = community.membership;

  if (membership?.status === "banned") {
    return (
      <span
        title={M.communities.bannedCannotJoin}
        className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-rug-soft px-3 text-sm font-semibold text-rug"
      >
        <Ban className="size-4" aria-hidden /> Banned
      </span>
    );
  }
  if (membership?.status === "active") {
    return (
      <Button
        variant="secondary"
        size={size}
        className={className}
        aria-label={`${M.communities.leave} ${community.name}`}
        busy={leave.isPending}
        onClick={() => leave.mutate({ communityId: community.id })}
      >
        <LogOut aria-hidden /> {M.communities.leave}
      </Button>
    );
  }
  return (
    <>
      <Button
        size={size}
        className={className}
        aria-label={`${M.communities.join} ${community.name}`}
        onClick={() => requireAuth(M.communities.signInToJoin, () => setRulesOpen(true))}
      >
        <UserPlus aria-hidden /> {M.communities.join}
      </Button>
      <RulesDialog
        communityId={community.id}
        communityName={community.name}
        open={rulesOpen}
        onOpenChange={setRulesOpen}
        onJoined={onJoined}
      />
    </>
  );
}
