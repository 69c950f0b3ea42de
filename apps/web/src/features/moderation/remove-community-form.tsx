import {
  MODERATION_M,
  MODERATION_RESTORE_DAYS,
  type TCommunityDetail,
  ZModerationReason,
} from "@plugs/domain";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { useRemoveCommunity } from "./queries.ts";

/**
 * An admin removes a community with a reason (kept in the audit log): it and its posts are gone for everyone, and
 * it can be restored from Admin > Moderation > Removed for 30 days.
 */
export function RemoveCommunityForm({ community }: { community: TCommunityDetail }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const mutation = useRemoveCommunity(community.slug);
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZModerationReason.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MODERATION_M.removeReasonRequired);
      return;
    }
    mutation.mutate(parsed.data.reason, {
      onSuccess: () => navigate("/admin/moderation?tab=removed"),
      onError: (err) => setError(err.message),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="Remove this community">
      <p className="text-sm text-muted">
        The community, its page and its posts disappear for everyone. You can restore it from Moderation &gt;
        Removed for {MODERATION_RESTORE_DAYS} days.
      </p>
      <Field label="Reason for removal" error={error} hint="Kept in the audit log.">
        {(props) => (
          <Textarea
            {...props}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
            rows={2}
            maxLength={510}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant="danger" busy={mutation.isPending} busyLabel="Removing...">
          Remove Community
        </Button>
      </div>
    </form>
  );
}
