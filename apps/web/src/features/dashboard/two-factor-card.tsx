import { zodResolver } from "@hookform/resolvers/zod";
import { type TTwoFactorPasswordRequest, ZTwoFactorPasswordRequest } from "@plugs/domain";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import type { TSession } from "../auth/session.ts";
import type { TTotpEnrolment } from "./api.ts";
import { messageOf } from "./error-message.ts";
import { useDisableTotp, useStartTotpEnrolment } from "./queries.ts";
import { SettingsCard } from "./settings-card.tsx";
import { EnrolmentStep } from "./totp-enrolment.tsx";

const MFA_OFF = "Two-factor authentication is off";

/** The password step shared by turning MFA on and off. */
function PasswordForm({
  submitLabel,
  busyLabel,
  variant = "primary",
  onPassword,
  onCancel,
}: {
  submitLabel: string;
  busyLabel: string;
  variant?: "primary" | "danger";
  onPassword: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<TTwoFactorPasswordRequest>({
    resolver: zodResolver(ZTwoFactorPasswordRequest),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await onPassword(password);
    } catch (err) {
      form.setError("password", { message: messageOf(err) });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Current password" error={errors.password?.message}>
        {(props) => (
          <Input
            {...props}
            {...form.register("password")}
            type="password"
            autoComplete="current-password"
            autoFocus
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={variant} busy={isSubmitting} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** MFA's status, and turning it on (password, then enrolment) or off (password). */
export function TwoFactorCard({ session }: { session: TSession }) {
  const enabled = session.user.twoFactorEnabled;
  const [step, setStep] = useState<"idle" | "password" | "enrol">("idle");
  const [enrolment, setEnrolment] = useState<TTotpEnrolment | null>(null);
  const start = useStartTotpEnrolment();
  const disable = useDisableTotp();

  const status = (
    <span
      className={
        enabled
          ? "inline-flex items-center gap-1.5 rounded-full bg-plug-soft px-2.5 py-1 text-xs font-semibold text-plug"
          : "inline-flex items-center gap-1.5 rounded-full bg-surface-2 px-2.5 py-1 text-xs font-semibold text-muted"
      }
    >
      {enabled ? (
        <ShieldCheck className="size-3.5" aria-hidden />
      ) : (
        <ShieldOff className="size-3.5" aria-hidden />
      )}
      {enabled ? "On" : "Off"}
    </span>
  );

  let body: ReactNode;
  if (step === "enrol" && enrolment) {
    body = (
      <EnrolmentStep
        enrolment={enrolment}
        onDone={() => {
          setEnrolment(null);
          setStep("idle");
        }}
      />
    );
  } else if (step === "password") {
    body = enabled ? (
      <PasswordForm
        submitLabel="Turn Off"
        busyLabel="Turning off..."
        variant="danger"
        onCancel={() => setStep("idle")}
        onPassword={async (password) => {
          await disable.mutateAsync(password);
          toast.success(MFA_OFF);
          setStep("idle");
        }}
      />
    ) : (
      <PasswordForm
        submitLabel="Continue"
        busyLabel="Checking..."
        onCancel={() => setStep("idle")}
        onPassword={async (password) => {
          setEnrolment(await start.mutateAsync(password));
          setStep("enrol");
        }}
      />
    );
  } else {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          {enabled
            ? "Signing in asks for a code from your authenticator app (or a backup code)."
            : "Add a second step to signing in: a code from an authenticator app on your phone."}
        </p>
        <Button variant={enabled ? "secondary" : "primary"} onClick={() => setStep("password")}>
          {enabled ? "Turn off" : "Set up two-factor"}
        </Button>
      </div>
    );
  }

  return (
    <SettingsCard
      title="Two-factor authentication"
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          Status: {status} Turning it on or off signs you out on your other devices.
        </span>
      }
    >
      {body}
    </SettingsCard>
  );
}
