import { MODERATION_M, type TCommunityDetail, ZCommunitySuspensionRequest } from "@plugs/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { useSetCommunitySuspension } from "./queries.ts";

/**
 * An admin suspends a community (read-only: what is there stays readable, no new posts, comments or members) or
 * lifts it, with a reason kept in the audit log.
 */
export function SuspensionForm({ community }: { community: TCommunityDetail }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const mutation = useSetCommunitySuspension(community.slug);
  const suspending = !community.suspended;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCommunitySuspensionRequest.safeParse({ suspended: suspending, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(suspending ? "Community suspended" : "Suspension lifted");
        setReason("");
      },
      onError: (err) => setError(err.message),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-muted">
        {community.suspended
          ? MODERATION_M.communitySuspended
          : "A suspended community stays readable, but takes no new posts, comments or members."}
      </p>
      <Field label="Reason" error={error} hint="Kept in the audit log.">
        {(props) => (
          <Textarea
            {...props}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
            rows={2}
            maxLength={500}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Button
          type="submit"
          variant={suspending ? "danger" : "primary"}
          busy={mutation.isPending}
          busyLabel={suspending ? "Suspending..." : "Lifting..."}
        >
          {suspending ? "Suspend Community" : "Lift Suspension"}
        </Button>
      </div>
    </form>
  );
}
