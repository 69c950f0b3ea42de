import { zodResolver } from "@hookform/resolvers/zod";
import { ZTotpCodeRequest } from "@plugs/domain";
import { Copy } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import type { TTotpEnrolment } from "./api.ts";
import { messageOf } from "./error-message.ts";
import { useConfirmTotp } from "./queries.ts";

const MFA_ON = "Two-factor authentication is on";

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

/** Turning MFA on after the password step: scan the code, keep the backup codes, confirm with a code. */
export function EnrolmentStep({ enrolment, onDone }: { enrolment: TTotpEnrolment; onDone: () => void }) {
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
