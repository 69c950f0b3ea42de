import { zodResolver } from "@hookform/resolvers/zod";
import { M_ACCOUNT_EMAIL, type TChangeEmailRequest, ZChangeEmailRequest } from "@plugs/domain";
import { Mail } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import type { TSession } from "../auth/session.ts";
import { changeEmail } from "./api.ts";
import { messageOf } from "./error-message.ts";
import { SettingsCard } from "./settings-card.tsx";

/** The account's e-mail and changing it: a link to the new address confirms it; the old one is told. */
export function ChangeEmailCard({ session }: { session: TSession }) {
  const form = useForm<TChangeEmailRequest>({
    resolver: zodResolver(ZChangeEmailRequest),
    defaultValues: { newEmail: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ newEmail }) => {
    if (newEmail.toLowerCase() === session.user.email.toLowerCase()) {
      form.setError("newEmail", { message: M_ACCOUNT_EMAIL.sameEmail });
      return;
    }
    try {
      await changeEmail(newEmail);
      form.reset({ newEmail: "" });
      toast.success(M_ACCOUNT_EMAIL.linkSent(newEmail));
    } catch (err) {
      form.setError("newEmail", { message: messageOf(err) });
    }
  });
  return (
    <SettingsCard
      title="E-mail"
      description={
        <>
          Your account's address is{" "}
          <strong className="break-all text-foreground">{session.user.email}</strong>. To change it, we send a
          link to the new address; the old one is told.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <Field label="New e-mail address" error={errors.newEmail?.message}>
          {(props) => <Input {...props} {...form.register("newEmail")} type="email" autoComplete="email" />}
        </Field>
        <div>
          <Button type="submit" variant="secondary" busy={isSubmitting} busyLabel="Sending...">
            <Mail aria-hidden /> Send confirmation link
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
