import { FLAG_REASONS, MODERATION_M, type TFlagReason, ZFlagRequest, ZModerationReason } from "@plugs/domain";
import { type FormEvent, useState } from "react";
import { firstIssue, ReasonForm } from "../../components/reason-form.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import type { TModeratedType } from "./api.ts";
import { useFlagContent, useRemoveContent } from "./queries.ts";

/** "Report this post" / "Report this comment": a reason from the list and optional words (the server's rules). */
export function ReportDialog({
  type,
  id,
  open,
  onOpenChange,
}: {
  type: TModeratedType;
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState<TFlagReason | "">("");
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string>();
  const mutation = useFlagContent();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZFlagRequest.safeParse({ reason: reason || undefined, details });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    mutation.mutate(
      { type, id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(MODERATION_M.reported);
          onOpenChange(false);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const title = type === "post" ? MODERATION_M.reportPost : MODERATION_M.reportComment;
  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          The admins will see your report; the author is not told who reported it.
        </DialogDescription>
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {(Object.keys(FLAG_REASONS) as TFlagReason[]).map((key) => (
              <label key={key} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="reason"
                  value={key}
                  checked={reason === key}
                  onChange={() => {
                    setReason(key);
                    setError(undefined);
                  }}
                  className="size-4 accent-accent"
                />
                {FLAG_REASONS[key]}
              </label>
            ))}
          </fieldset>
          <Field label="Details (optional)" error={error}>
            {(props) => (
              <Textarea
                {...props}
                value={details}
                onChange={(e) => {
                  setDetails(e.target.value);
                  setError(undefined);
                }}
                rows={3}
                maxLength={500}
              />
            )}
          </Field>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={mutation.isPending} busyLabel="Reporting...">
              Report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** An admin removes a post or comment with a reason its author is told (restorable for 30 days). */
export function RemoveDialog({
  type,
  id,
  open,
  onOpenChange,
  onRemoved,
}: {
  type: TModeratedType;
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRemoved?: () => void;
}) {
  const mutation = useRemoveContent();
  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogTitle>{type === "post" ? "Remove this post?" : "Remove this comment?"}</DialogTitle>
        <DialogDescription>
          It disappears for everyone and its author is told the reason. You can restore it from Moderation
          within 30 days.
        </DialogDescription>
        <div className="mt-4">
          <ReasonForm
            hint="The author sees this; it is kept in the audit log."
            check={(reason) => firstIssue(ZModerationReason.safeParse({ reason }))}
            submit={async (reason) => {
              await mutation.mutateAsync({ type, id, reason: reason.trim() });
              onOpenChange(false);
              onRemoved?.();
            }}
            busy={mutation.isPending}
            action={type === "post" ? "Remove Post" : "Remove Comment"}
            busyLabel="Removing..."
            onCancel={() => onOpenChange(false)}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
