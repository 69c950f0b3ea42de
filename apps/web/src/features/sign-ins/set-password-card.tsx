import { zodResolver } from "@hookform/resolvers/zod";
import { type TSetPasswordForm, ZSetPasswordForm } from "@plugs/domain";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { messageOf } from "../dashboard/error-message.ts";
import { NewPasswordFields } from "../dashboard/new-password-fields.tsx";
import { SettingsCard } from "../dashboard/settings-card.tsx";
import { useSetFirstPassword } from "./queries.ts";

const EMPTY: TSetPasswordForm = { newPassword: "", confirmPassword: "" };

/**
 * Dashboard > Security for an account a sign-in provider made: it has no password yet. Setting one (typed twice,
 * the strict rules) lets the member sign in with their e-mail too, and is what deleting the account asks for.
 */
export function SetPasswordCard() {
  const set = useSetFirstPassword();
  const form = useForm<TSetPasswordForm>({
    resolver: zodResolver(ZSetPasswordForm),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      const { message } = await set.mutateAsync({ newPassword });
      form.reset(EMPTY);
      toast.success(message);
    } catch (err) {
      form.setError("newPassword", { message: messageOf(err) });
    }
  });
  return (
    <SettingsCard
      title="Password"
      description="Your account has no password yet: you sign in through a linked account. Set one to sign in with your e-mail as well. Use at least 8 characters with an uppercase letter, a lowercase letter and a number."
    >
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <NewPasswordFields form={form} />
        <div>
          <Button type="submit" busy={isSubmitting} busyLabel="Saving...">
            <KeyRound aria-hidden /> Set password
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
