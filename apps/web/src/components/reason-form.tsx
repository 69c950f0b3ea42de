import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "./ui/button.tsx";
import { Field } from "./ui/field.tsx";
import { Textarea } from "./ui/input.tsx";

/**
 * An admin action that takes a reason (remove, restore, ban, suspend): the reason's field, Cancel when there is
 * somewhere to go back to, and the action's button. `check` answers the shared schema's message for a reason the
 * server would refuse (too long included: the field does not cut a paste short); a refusal `submit` rejects with
 * shows under the field too, with what was typed kept.
 */
export function ReasonForm({
  label = "Reason",
  hint,
  rows = 3,
  check,
  submit,
  busy,
  action,
  busyLabel,
  danger = true,
  onCancel,
  ariaLabel,
  children,
}: {
  label?: string;
  hint: string;
  rows?: number;
  check: (reason: string) => string | undefined;
  submit: (reason: string) => Promise<unknown>;
  busy: boolean;
  action: string;
  busyLabel: string;
  danger?: boolean;
  onCancel?: () => void;
  ariaLabel?: string;
  children?: ReactNode;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = check(reason);
    if (problem) {
      setError(problem);
      return;
    }
    submit(reason).then(
      () => setReason(""),
      (err: Error) => setError(err.message),
    );
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate aria-label={ariaLabel}>
      {children}
      <Field label={label} error={error} hint={hint}>
        {(props) => (
          <Textarea
            {...props}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
            rows={rows}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant={danger ? "danger" : "primary"} busy={busy} busyLabel={busyLabel}>
          {action}
        </Button>
      </div>
    </form>
  );
}

/** The first message a zod `safeParse` gave, for ReasonForm's `check`. */
export function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : (result.error?.issues[0]?.message ?? "Check this field");
}
