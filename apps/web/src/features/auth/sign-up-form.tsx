import { zodResolver } from "@hookform/resolvers/zod";
import { M, ZSignUpRequest } from "@plugs/domain";
import { Lock, MailCheck } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { signUpWithEmail } from "./api.ts";
import { applyFieldErrors, toastAuthError } from "./auth-errors.ts";
import { CaptchaWidget, type TCaptchaHandle } from "./captcha-widget.tsx";

type TSignUpFormInput = z.input<typeof ZSignUpRequest>;
type TSignUpFormOutput = z.output<typeof ZSignUpRequest>;

/** The referral code of an invite link (`?ref=`), which fills and locks the field. */
export function useReferralFromLink(): string | null {
  const [params] = useSearchParams();
  return params.get("ref")?.trim() || null;
}

const legalLink = "font-medium text-accent underline-offset-2 hover:underline";

/**
 * After sign-up: the link in the e-mail verifies the address and signs in, back on this page. The server answers
 * the same when the address already has an account (its owner gets an e-mail instead), so this says nothing more.
 */
function CheckInbox({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
      <MailCheck aria-hidden className="size-10 text-accent" />
      <h3 className="text-lg font-semibold">Check your inbox</h3>
      <p className="text-sm text-muted">
        We sent a link to <strong className="break-all text-foreground">{email}</strong>. Open it to verify
        your address and sign in.
      </p>
      <p className="text-xs text-muted">
        Nothing after a few minutes? Look in your spam folder, or sign in with your password and send a new
        link from the banner at the top.
      </p>
      <Button variant="secondary" onClick={onBack}>
        Use another e-mail
      </Button>
    </div>
  );
}

/**
 * Username, e-mail, password, an optional referral code and the terms; once sent, where to look for the link that
 * signs the new member in.
 */
export function SignUpForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const captcha = useRef<TCaptchaHandle>(null);
  const termsId = useId();
  const referral = useReferralFromLink();
  const form = useForm<TSignUpFormInput, unknown, TSignUpFormOutput>({
    resolver: zodResolver(ZSignUpRequest),
    defaultValues: {
      username: "",
      email: "",
      password: "",
      referralCode: referral ?? "",
      acceptTerms: false as unknown as true,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const token = (await captcha.current?.getToken()) ?? null;
    const input = { ...values, referralCode: values.referralCode || undefined };
    try {
      const { email, referredBy } = await signUpWithEmail(input, token);
      toast.success(M.auth.accountCreated, {
        description: [M.auth.checkEmail, referredBy ? M.auth.referredBy(referredBy) : null]
          .filter(Boolean)
          .join(" "),
      });
      setSentTo(email);
    } catch (err) {
      captcha.current?.reset();
      applyFieldErrors(err, form.setError, ["username", "email", "password", "referralCode"]);
      toastAuthError(err, M.auth.signUpFailed);
    }
  });

  if (sentTo) {
    return (
      <CheckInbox
        email={sentTo}
        onBack={() => {
          form.reset({ ...form.getValues(), email: "", password: "" });
          setSentTo(null);
        }}
      />
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Username" error={errors.username?.message}>
        {(props) => (
          <Input
            {...props}
            {...form.register("username")}
            autoComplete="username"
            placeholder="satoshi_n"
            spellCheck={false}
          />
        )}
      </Field>
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
      <Field
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
      >
        {(props) => (
          <Input {...props} {...form.register("password")} type="password" autoComplete="new-password" />
        )}
      </Field>
      <Field
        label={
          <>
            Referral code <span className="font-normal text-muted">(optional)</span>
          </>
        }
        error={errors.referralCode?.message}
        hint={
          referral ? (
            <span className="inline-flex items-center gap-1">
              <Lock className="size-3" aria-hidden /> From your invite link
            </span>
          ) : (
            "The username of the member who invited you."
          )
        }
      >
        {(props) => (
          <Input
            {...props}
            {...form.register("referralCode")}
            readOnly={!!referral}
            aria-readonly={referral ? true : undefined}
            className={referral ? "cursor-not-allowed bg-surface-2 text-muted" : undefined}
            spellCheck={false}
          />
        )}
      </Field>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-2.5">
          <Controller
            control={form.control}
            name="acceptTerms"
            render={({ field }) => (
              <Checkbox
                id={termsId}
                ref={field.ref}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? `${termsId}-error` : undefined}
                className="mt-0.5"
              />
            )}
          />
          <label htmlFor={termsId} className="text-sm leading-snug text-muted">
            I accept the{" "}
            <Link to="/terms" target="_blank" className={legalLink}>
              Terms of Service
            </Link>{" "}
            and the{" "}
            <Link to="/privacy" target="_blank" className={legalLink}>
              Privacy Policy
            </Link>
          </label>
        </div>
        {errors.acceptTerms ? (
          <p id={`${termsId}-error`} role="alert" className="text-xs font-medium text-rug">
            {errors.acceptTerms.message}
          </p>
        ) : null}
      </div>
      <CaptchaWidget ref={captcha} />
      <Button type="submit" busy={isSubmitting} busyLabel={M.auth.busyCreatingAccount} className="w-full">
        Create Account
      </Button>
    </form>
  );
}
