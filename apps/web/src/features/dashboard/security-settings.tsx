import { zodResolver } from "@hookform/resolvers/zod";
import { type TTwoFactorPasswordRequest, ZTotpCodeRequest, ZTwoFactorPasswordRequest } from "@plugs/domain";
import { Copy, LogOut, ShieldCheck, ShieldOff } from "lucide-react";
import QRCode from "qrcode";
import { type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import type { TSession } from "../auth/session.ts";
import {
  type TTotpEnrolment,
  useConfirmTotp,
  useDisableTotp,
  useRevokeOtherSessions,
  useStartTotpEnrolment,
} from "./account-api.ts";
import { SettingsCard } from "./settings-card.tsx";

const MFA_ON = "Two-factor authentication is on";
const MFA_OFF = "Two-factor authentication is off";

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

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

/** The QR code of the otpauth:// URI, drawn here (an SVG data URL); the secret never leaves the page. */
function TotpQrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="flex size-44 shrink-0 items-center justify-center rounded-xl bg-white p-2">
      {src ? <img src={src} alt="QR code for your authenticator app" className="size-full" /> : null}
    </div>
  );
}

function EnrolmentStep({ enrolment, onDone }: { enrolment: TTotpEnrolment; onDone: () => void }) {
  const confirm = useConfirmTotp();
  const secret = new URL(enrolment.totpURI).searchParams.get("secret") ?? "";
  const form = useForm<{ code: string }>({
    resolver: zodResolver(ZTotpCodeRequest.pick({ code: true })),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync(code);
      toast.success(MFA_ON);
      onDone();
    } catch (err) {
      form.setError("code", { message: messageOf(err) });
    }
  });
  const copy = (text: string, what: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast.success(`${what} copied`),
      () => toast.error(`Could not copy the ${what.toLowerCase()}`),
    );

  return (
    <div className="flex flex-col gap-6">
      <ol className="flex flex-col gap-6">
        <li className="flex flex-col gap-4 sm:flex-row">
          <TotpQrCode uri={enrolment.totpURI} />
          <div className="min-w-0 text-sm">
            <p className="font-semibold">1. Scan this code with your authenticator app</p>
            <p className="mt-1 text-muted">Or enter the secret key by hand:</p>
            <div className="mt-2 flex items-center gap-2">
              <code
                data-testid="totp-secret"
                className="min-w-0 rounded-lg border border-border bg-background px-2.5 py-1.5 font-mono text-xs break-all"
              >
                {secret}
              </code>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Copy secret key"
                onClick={() => copy(secret, "Secret key")}
              >
                <Copy aria-hidden />
              </Button>
            </div>
          </div>
        </li>
        <li className="text-sm">
          <p className="font-semibold">2. Save your backup codes</p>
          <p className="mt-1 text-muted">
            Each works once if you lose your phone. They are shown only now: keep them somewhere safe.
          </p>
          <ul
            aria-label="Backup codes"
            className="mt-3 grid grid-cols-2 gap-2 rounded-xl border border-border bg-background p-3 font-mono text-xs sm:grid-cols-5"
          >
            {enrolment.backupCodes.map((code) => (
              <li key={code} className="text-center">
                {code}
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => copy(enrolment.backupCodes.join("\n"), "Backup codes")}
          >
            <Copy aria-hidden /> Copy codes
          </Button>
        </li>
      </ol>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <p className="text-sm font-semibold">3. Enter the 6-digit code from the app to turn it on</p>
        <Field label="Authentication code" error={errors.code?.message}>
          {(props) => (
            <Input
              {...props}
              {...form.register("code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              className="max-w-48 font-mono tracking-widest"
            />
          )}
        </Field>
        <div>
          <Button type="submit" busy={isSubmitting} busyLabel="Verifying...">
            Turn On
          </Button>
        </div>
      </form>
    </div>
  );
}

function TwoFactorCard({ session }: { session: TSession }) {
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

function SessionsCard() {
  const revoke = useRevokeOtherSessions();
  return (
    <SettingsCard
      title="Sessions"
      description="Signed in on a device you no longer use, or one that isn't yours?"
    >
      <Button
        variant="secondary"
        busy={revoke.isPending}
        busyLabel="Signing out..."
        onClick={() =>
          revoke.mutate(undefined, {
            onSuccess: ({ revoked }) =>
              toast.success(
                revoked === 0
                  ? "You were not signed in anywhere else"
                  : `Signed out of ${revoked} other session${revoked === 1 ? "" : "s"}`,
              ),
            onError: (err) => toast.error(messageOf(err)),
          })
        }
      >
        <LogOut aria-hidden /> Sign out of other sessions
      </Button>
    </SettingsCard>
  );
}

/** The dashboard's Security section: MFA and the other sessions. */
export function SecuritySettings({ session }: { session: TSession }) {
  return (
    <div className="flex flex-col gap-6">
      <TwoFactorCard session={session} />
      <SessionsCard />
    </div>
  );
}
