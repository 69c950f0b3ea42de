import { zodResolver } from "@hookform/resolvers/zod";
import { M, type TRequestPasswordResetRequest, ZRequestPasswordResetRequest } from "@plugs/domain";
import { MailCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { requestPasswordReset } from "./api.ts";
import { applyFieldErrors, toastAuthError } from "./auth-errors.ts";
import { CaptchaWidget, type TCaptchaHandle } from "./captcha-widget.tsx";

/**
 * The Reset Password dialog opened by 'Forgot password?': the e-mail form, then the sent state with Try Again and
 * Close. The server answers the same whether or not the account exists.
 */
export function ResetPasswordDialog({
  open,
  onOpenChange,
  defaultEmail = "",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail?: string;
}) {
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (open) setSent(false);
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogTitle>Reset Password</DialogTitle>
        {sent ? (
          <div className="mt-4 flex flex-col items-center text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-plug-soft text-plug">
              <MailCheck className="size-6" aria-hidden />
            </span>
            <p role="status" className="mt-4 text-sm font-medium">
              {M.auth.resetEmailSent}
            </p>
            <p className="mt-1 text-sm text-muted">The link works once and expires in 1 hour.</p>
            <div className="mt-6 flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-center">
              <Button variant="secondary" onClick={() => setSent(false)}>
                Try Again
              </Button>
              <Button onClick={() => onOpenChange(false)}>Close</Button>
            </div>
          </div>
        ) : (
          <>
            <DialogDescription>
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </DialogDescription>
            <ResetRequestForm defaultEmail={defaultEmail} onSent={() => setSent(true)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ResetRequestForm({ defaultEmail, onSent }: { defaultEmail: string; onSent: () => void }) {
  const captcha = useRef<TCaptchaHandle>(null);
  const form = useForm<TRequestPasswordResetRequest>({
    resolver: zodResolver(ZRequestPasswordResetRequest),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const token = (await captcha.current?.getToken()) ?? null;
    try {
      await requestPasswordReset(values, token);
      toast.success(M.auth.resetEmailSent);
      onSent();
    } catch (err) {
      captcha.current?.reset();
      applyFieldErrors(err, form.setError, ["email"]);
      if (err instanceof ApiError && err.status < 500) toastAuthError(err, M.auth.resetEmailFailedRetry);
      else toast.error(M.auth.resetEmailFailedRetry);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <Field label="Email" error={errors.email?.message}>
        {(props) => (
          <Input
            {...props}
            {...form.register("email")}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
          />
        )}
      </Field>
      <CaptchaWidget ref={captcha} />
      <Button type="submit" busy={isSubmitting} busyLabel={M.auth.busySending} className="w-full">
        Send Reset Link
      </Button>
    </form>
  );
}
