import { MODERATION_M, type TCommunityDetail, ZCommunitySuspensionRequest } from "@plugs/domain";
import { firstIssue, ReasonForm } from "../../components/reason-form.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { useSetCommunitySuspension } from "./queries.ts";

/**
 * An admin suspends a community (read-only: what is there stays readable, no new posts, comments or members) or
 * lifts it, with a reason kept in the audit log.
 */
export function SuspensionForm({ community }: { community: TCommunityDetail }) {
  const mutation = useSetCommunitySuspension(community.slug);
  const suspending = !community.suspended;
  return (
    <ReasonForm
      hint="Kept in the audit log."
      rows={2}
      check={(reason) => firstIssue(ZCommunitySuspensionRequest.safeParse({ suspended: suspending, reason }))}
      submit={async (reason) => {
        await mutation.mutateAsync({ suspended: suspending, reason: reason.trim() });
        toast.success(suspending ? "Community suspended" : "Suspension lifted");
      }}
      busy={mutation.isPending}
      danger={suspending}
      action={suspending ? "Suspend Community" : "Lift Suspension"}
      busyLabel={suspending ? "Suspending..." : "Lifting..."}
    >
      <p className="text-sm text-muted">
        {community.suspended
          ? MODERATION_M.communitySuspended
          : "A suspended community stays readable, but takes no new posts, comments or members."}
      </p>
    </ReasonForm>
  );
}
