import { zodResolver } from "@hookform/resolvers/zod";
import { M, ZPasswordStrict } from "@plugs/domain";
import { CircleCheck, KeyRound, TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { z } from "zod";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { usePageTitle } from "../site/queries.ts";
import { resetPassword } from "./api.ts";
import { openAuthPrompt } from "./auth-prompt.ts";
import { ResetPasswordDialog } from "./reset-password-dialog.tsx";

const ZNewPasswordForm = z.object({ newPassword: ZPasswordStrict });
type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;

const PASSWORD_CHANGED = "Your password has been changed. Sign in with your new password.";

function Card({ children }: { children: ReactNode }) {
  return (
    <section className={PAGE_WIDTH.narrow}>
      <div className="rounded-2xl border border-border bg-surface p-5 shadow-panel sm:p-6">{children}</div>
    </section>
  );
}

/** The landing page of the e-mailed reset link (`?token=`): choose a new strict password. */
export default function ResetPasswordPage() {
  usePageTitle("Reset password");
  const [params] = useSearchParams();
  const token = params.get("token");
  const [state, setState] = useState<"form" | "done" | "invalid">(token ? "form" : "invalid");
  const [requestOpen, setRequestOpen] = useState(false);
  const form = useForm<TNewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { newPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await resetPassword({ token: token ?? "", newPassword });
      toast.success(PASSWORD_CHANGED);
      setState("done");
    } catch (err) {
      if (err instanceof ApiError && err.message === M.auth.resetLinkInvalid) {
        setState("invalid");
        return;
      }
      if (err instanceof ApiError && err.fields?.newPassword) {
        form.setError("newPassword", { message: err.fields.newPassword });
      }
      toast.error(err instanceof ApiError ? err.message : M.generic.unexpected);
    }
  });

  if (state === "done") {
    return (
      <Card>
        <CircleCheck className="size-8 text-plug" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">Password changed</h1>
        <p className="mt-2 text-sm text-muted">{PASSWORD_CHANGED}</p>
        <Button className="mt-6 w-full" onClick={() => openAuthPrompt({ view: "signin" })}>
          Sign In
        </Button>
      </Card>
    );
  }

  if (state === "invalid") {
    return (
      <Card>
        <TriangleAlert className="size-8 text-rug" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">Reset link not valid</h1>
        <p role="alert" className="mt-2 text-sm text-muted">
          {M.auth.resetLinkInvalid}
        </p>
        <Button className="mt-6 w-full" onClick={() => setRequestOpen(true)}>
          Request a new link
        </Button>
        <ResetPasswordDialog open={requestOpen} onOpenChange={setRequestOpen} />
      </Card>
    );
  }

  return (
    <Card>
      <KeyRound className="size-8 text-accent" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Choose a new password</h1>
      <p className="mt-2 text-sm text-muted">
        Changing it signs you out everywhere; then sign in with the new password.
      </p>
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
        <Field
          label="New password"
          error={errors.newPassword?.message}
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
        >
          {(props) => (
            <Input {...props} {...form.register("newPassword")} type="password" autoComplete="new-password" />
          )}
        </Field>
        <Button type="submit" busy={isSubmitting} busyLabel="Saving..." className="w-full">
          Set New Password
        </Button>
      </form>
    </Card>
  );
}
