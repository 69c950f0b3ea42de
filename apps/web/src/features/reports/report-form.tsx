import { zodResolver } from "@hookform/resolvers/zod";
import {
  KOL_LIMITS,
  M,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  type TReport,
  type TReportFormInput,
  type TReportFormOutput,
  ZReportForm,
} from "@plugs/domain";
import { CheckCircle2, Flag } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { fieldClasses, Input, Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { HandleInput } from "./handle-input.tsx";
import { useSubmitReport } from "./queries.ts";
import { ScreenshotPicker } from "./screenshot-picker.tsx";

const EMPTY: TReportFormInput = {
  kolHandle: "",
  category: "" as TReportFormInput["category"],
  description: "",
  evidenceLinks: "",
  contractAddress: "",
  txHash: "",
};

/**
 * The report form, validated with the shared ZReportForm so it shows the server's own messages; the server's
 * answer to a field (400 with `fields`) lands on that field. Visitors fill it in and are asked to sign in on submit;
 * the report is sent once they have.
 */
export function ReportForm({ initialHandle }: { initialHandle: string }) {
  const requireAuth = useRequireAuth();
  const submit = useSubmitReport();
  const [screenshots, setScreenshots] = useState<File[]>([]);
  const [sent, setSent] = useState<TReport | null>(null);
  const form = useForm<TReportFormInput, unknown, TReportFormOutput>({
    resolver: zodResolver(ZReportForm),
    defaultValues: { ...EMPTY, kolHandle: initialHandle },
  });
  const { errors } = form.formState;
  const description = form.watch("description") ?? "";

  const send = (values: TReportFormOutput) =>
    requireAuth(M.reports.signInToReport, () =>
      submit.mutate(
        { ...values, screenshots },
        {
          onSuccess: (report) => {
            toast.success(M.reports.submitted);
            setSent(report);
            setScreenshots([]);
            form.reset(EMPTY);
          },
          onError: (err) => {
            // Nothing typed is lost: the form keeps its values, and the server's message goes where it belongs.
            const fields = err instanceof ApiError ? err.fields : undefined;
            let placed = false;
            for (const [name, message] of Object.entries(fields ?? {})) {
              const field = name.startsWith("evidenceUrls") ? "evidenceLinks" : name;
              if (field in EMPTY) {
                form.setError(field as keyof TReportFormInput, { message });
                placed = true;
              }
            }
            if (!placed) toast.error(err.message || M.reports.submitFailed);
          },
        },
      ),
    );

  if (sent) {
    return (
      <div className="flex flex-col items-start gap-3 self-start rounded-2xl border border-plug/30 bg-plug-soft p-6">
        <CheckCircle2 className="size-8 text-plug" aria-hidden />
        <h2 className="text-lg font-semibold">Report submitted</h2>
        <p className="text-sm text-pretty">
          Thanks. A moderator will check your report on @{sent.kol.handle}. Once approved it shows on their
          page and counts against their score; you can follow its status under My reports.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setSent(null)}>File another report</Button>
          <Button asChild variant="secondary">
            <Link to={`/kol/${sent.kol.handle}`}>View @{sent.kol.handle}</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(send)}
      className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 sm:p-6"
      aria-label="Report a KOL"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="KOL handle"
          error={errors.kolHandle?.message}
          hint="Pick a listed KOL or type a new handle."
        >
          {(props) => (
            <Controller
              control={form.control}
              name="kolHandle"
              render={({ field }) => (
                <HandleInput
                  {...props}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  maxLength={16}
                  placeholder="handle"
                />
              )}
            />
          )}
        </Field>
        <Field label="Category" error={errors.category?.message}>
          {(props) => (
            <select {...props} {...form.register("category")} className={cn(fieldClasses, "h-10")}>
              <option value="" disabled>
                Choose a category
              </option>
              {REPORT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {REPORT_CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <Field
        label="What happened?"
        error={errors.description?.message}
        hint={`${description.trim().length} / ${KOL_LIMITS.descriptionMax} · at least ${KOL_LIMITS.descriptionMin} characters. Say what was promised, what happened and when.`}
      >
        {(props) => (
          <Textarea
            {...props}
            {...form.register("description")}
            rows={5}
            maxLength={KOL_LIMITS.descriptionMax + 50}
          />
        )}
      </Field>

      <Field
        label="Evidence links"
        error={errors.evidenceLinks?.message}
        hint={`One per line, up to ${KOL_LIMITS.evidenceLinks}: posts, archives, explorer pages.`}
      >
        {(props) => (
          <Textarea
            {...props}
            {...form.register("evidenceLinks")}
            rows={3}
            placeholder="https://..."
            className="min-h-20 font-mono text-xs"
          />
        )}
      </Field>

      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Screenshots</legend>
        <ScreenshotPicker files={screenshots} onChange={setScreenshots} />
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Contract address (optional)" error={errors.contractAddress?.message}>
          {(props) => (
            <Input
              {...props}
              {...form.register("contractAddress")}
              placeholder="0x... or Solana address"
              className="font-mono text-xs"
            />
          )}
        </Field>
        <Field label="Transaction hash (optional)" error={errors.txHash?.message}>
          {(props) => (
            <Input
              {...props}
              {...form.register("txHash")}
              placeholder="0x... or Solana signature"
              className="font-mono text-xs"
            />
          )}
        </Field>
      </div>

      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted">
          Reports are public once a moderator approves them, with your username. Only approved reports count.
        </p>
        <Button type="submit" busy={submit.isPending} busyLabel="Submitting...">
          <Flag aria-hidden /> Submit report
        </Button>
      </div>
    </form>
  );
}
