import { zodResolver } from "@hookform/resolvers/zod";
import {
  M,
  M_PASSKEY,
  type TSignInForm,
  ZBackupCodeRequest,
  ZSignInForm,
  ZTotpCodeRequest,
} from "@plugs/domain";
import { ArrowLeft, KeyRound, ShieldCheck } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormAlert } from "../../components/form-alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { passkeyMessage, signInWithPasskey } from "../passkeys/passkeys.ts";
import { signInWithEmail, verifySecondFactor } from "./api.ts";
import { applyFieldErrors, toastAuthError } from "./auth-errors.ts";
import { CaptchaWidget, type TCaptchaHandle } from "./captcha-widget.tsx";
import { ResetPasswordDialog } from "./reset-password-dialog.tsx";

/**
 * E-mail and password, then (for an account with MFA on) the second step: an authenticator code or a backup code.
 * `onSignedIn` runs once the session exists.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void | Promise<void> }) {
  const [step, setStep] = useState<"password" | "mfa">("password");
  if (step === "mfa") return <SecondFactorStep onBack={() => setStep("password")} onSignedIn={onSignedIn} />;
  return <PasswordStep onSecondFactor={() => setStep("mfa")} onSignedIn={onSignedIn} />;
}

function PasswordStep({
  onSecondFactor,
  onSignedIn,
}: {
  onSecondFactor: () => void;
  onSignedIn: () => void | Promise<void>;
}) {
  const captcha = useRef<TCaptchaHandle>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const form = useForm<TSignInForm>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const token = (await captcha.current?.getToken()) ?? null;
    try {
      const result = await signInWithEmail({ email: values.email, password: values.password }, token);
      if (result.twoFactorRedirect) {
        onSecondFactor();
        return;
      }
      toast.success(M.auth.signedIn);
      await onSignedIn();
    } catch (err) {
      // A solution works once: a refused attempt needs a fresh one.
      captcha.current?.reset();
      applyFieldErrors(err, form.setError, ["email", "password"]);
      // Wrong e-mail or password: both fields marked, and the reason under the form as well as in the toast.
      if (err instanceof ApiError && err.message === M.auth.invalidCredentials)
        form.setError("root", { message: err.message });
      toastAuthError(err, M.auth.signInFailed);
    }
  });
  const refused = errors.root?.message;
  // Typing again takes the refusal back.
  const clearRefusal = () => refused && form.clearErrors("root");

  // The reset dialog sits outside the form: React events bubble through portals, and its submit must not sign in.
  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Email" error={errors.email?.message}>
          {(props) => (
            <Input
              {...props}
              {...form.register("email", { onChange: clearRefusal })}
              aria-invalid={props["aria-invalid"] ?? (refused ? true : undefined)}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
            />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(props) => (
            <Input
              {...props}
              {...form.register("password", { onChange: clearRefusal })}
              aria-invalid={props["aria-invalid"] ?? (refused ? true : undefined)}
              type="password"
              autoComplete="current-password"
            />
          )}
        </Field>
        <div className="-mt-2 flex justify-end">
          <button
            type="button"
            onClick={() => setResetOpen(true)}
            className="cursor-pointer rounded text-sm font-medium text-accent hover:underline"
          >
            Forgot password?
          </button>
        </div>
        <CaptchaWidget ref={captcha} />
        <FormAlert message={refused} />
        <Button type="submit" busy={isSubmitting} busyLabel={M.auth.busySigningIn} className="w-full">
          Sign In
        </Button>
        <PasskeySignIn onSignedIn={onSignedIn} />
      </form>
      <ResetPasswordDialog
        open={resetOpen}
        onOpenChange={setResetOpen}
        defaultEmail={form.getValues("email")}
      />
    </>
  );
}

/** "Sign in with a passkey": the browser offers the passkeys it holds for this site; no password or code. */
function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void | Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      await signInWithPasskey();
      toast.success(M.auth.signedIn);
      await onSignedIn();
    } catch (err) {
      toast.error(passkeyMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant="secondary"
      busy={busy}
      busyLabel={M.auth.busySigningIn}
      onClick={signIn}
      className="w-full"
    >
      <KeyRound aria-hidden /> {M_PASSKEY.signIn}
    </Button>
  );
}

const ZSecondFactorForm = z.object({ code: z.string() });

function SecondFactorStep({
  onBack,
  onSignedIn,
}: {
  onBack: () => void;
  onSignedIn: () => void | Promise<void>;
}) {
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const schema = kind === "totp" ? ZTotpCodeRequest : ZBackupCodeRequest;
  const form = useForm<z.infer<typeof ZSecondFactorForm>>({
    resolver: zodResolver(schema.pick({ code: true })),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await verifySecondFactor(kind, code.trim());
      toast.success(M.auth.signedIn);
      await onSignedIn();
    } catch (err) {
      applyFieldErrors(err, form.setError, ["code"]);
      toastAuthError(err, M.auth.signInFailed);
    }
  });

  const switchKind = () => {
    setKind(kind === "totp" ? "backup" : "totp");
    form.reset({ code: "" });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-xl border border-border bg-surface-2 p-4">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
        <div>
          <h3 className="text-sm font-semibold">Two-factor authentication</h3>
          <p className="mt-1 text-sm text-muted">
            {kind === "totp"
              ? "Enter the 6-digit code from your authenticator app."
              : "Enter one of the backup codes you saved when you turned on two-factor authentication."}
          </p>
        </div>
      </div>
      <Field label={kind === "totp" ? "Authentication code" : "Backup code"} error={errors.code?.message}>
        {(props) => (
          <Input
            {...props}
            {...form.register("code")}
            autoFocus
            inputMode={kind === "totp" ? "numeric" : "text"}
            autoComplete="one-time-code"
            placeholder={kind === "totp" ? "123456" : "xxxxx-xxxxx"}
            className="font-mono tracking-widest"
          />
        )}
      </Field>
      <Button type="submit" busy={isSubmitting} busyLabel={M.auth.busyVerifying} className="w-full">
        Verify
      </Button>
      <div className="flex items-center justify-between gap-3 text-sm">
        <button
          type="button"
          onClick={onBack}
          className="inline-flex cursor-pointer items-center gap-1 rounded font-medium text-muted hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden /> Back
        </button>
        <button
          type="button"
          onClick={switchKind}
          className="cursor-pointer rounded font-medium text-accent hover:underline"
        >
          {kind === "totp" ? "Use a backup code instead" : "Use your authenticator app"}
        </button>
      </div>
    </form>
  );
}
