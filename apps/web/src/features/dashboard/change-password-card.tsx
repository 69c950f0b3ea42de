import { zodResolver } from "@hookform/resolvers/zod";
import { M, M_ACCOUNT, type TChangePasswordForm, ZChangePasswordForm } from "@plugs/domain";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { messageOf } from "./error-message.ts";
import { NewPasswordFields } from "./new-password-fields.tsx";
import { useChangePassword } from "./queries.ts";
import { SettingsCard } from "./settings-card.tsx";

const EMPTY: TChangePasswordForm = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
  revokeOtherSessions: true,
};

/** Current password, a new one under the strict rules (typed twice), and whether to sign out everywhere else. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const revokeId = useId();
  const form = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ confirmPassword: _repeat, ...input }) => {
    try {
      await change.mutateAsync(input);
      form.reset(EMPTY);
      toast.success(
        input.revokeOtherSessions ? M_ACCOUNT.passwordChangedOthersSignedOut : M_ACCOUNT.passwordChanged,
      );
    } catch (err) {
      const message = messageOf(err);
      const field =
        err instanceof ApiError && message === M.auth.incorrectPassword ? "currentPassword" : "newPassword";
      form.setError(field, { message });
    }
  });
  return (
    <SettingsCard
      title="Password"
      description="Use at least 8 characters with an uppercase letter, a lowercase letter and a number. We e-mail you when it changes."
    >
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <Field label="Current password" error={errors.currentPassword?.message}>
          {(props) => (
            <Input
              {...props}
              {...form.register("currentPassword")}
              type="password"
              autoComplete="current-password"
            />
          )}
        </Field>
        <NewPasswordFields form={form} />
        <div className="flex items-start gap-2.5">
          <Controller
            control={form.control}
            name="revokeOtherSessions"
            render={({ field }) => (
              <Checkbox
                id={revokeId}
                ref={field.ref}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                className="mt-0.5"
              />
            )}
          />
          <label htmlFor={revokeId} className="text-sm leading-snug text-muted">
            Sign out every other session (other browsers and devices)
          </label>
        </div>
        <div>
          <Button type="submit" busy={isSubmitting} busyLabel="Changing...">
            <KeyRound aria-hidden /> Change password
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
