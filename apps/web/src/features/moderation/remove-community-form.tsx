import { MODERATION_RESTORE_DAYS, type TCommunityDetail, ZModerationReason } from "@plugs/domain";
import { useNavigate } from "react-router";
import { firstIssue, ReasonForm } from "../../components/reason-form.tsx";
import { useRemoveCommunity } from "./queries.ts";

/**
 * An admin removes a community with a reason (kept in the audit log): it and its posts are gone for everyone, and
 * it can be restored from Admin > Moderation > Removed for 30 days.
 */
export function RemoveCommunityForm({ community }: { community: TCommunityDetail }) {
  const mutation = useRemoveCommunity(community.slug);
  const navigate = useNavigate();
  return (
    <ReasonForm
      ariaLabel="Remove this community"
      label="Reason for removal"
      hint="Kept in the audit log."
      rows={2}
      check={(reason) => firstIssue(ZModerationReason.safeParse({ reason }))}
      submit={async (reason) => {
        await mutation.mutateAsync(reason.trim());
        navigate("/admin/moderation?tab=removed");
      }}
      busy={mutation.isPending}
      action="Remove Community"
      busyLabel="Removing..."
    >
      <p className="text-sm text-muted">
        The community, its page and its posts disappear for everyone. You can restore it from Moderation &gt;
        Removed for {MODERATION_RESTORE_DAYS} days.
      </p>
    </ReasonForm>
  );
}
