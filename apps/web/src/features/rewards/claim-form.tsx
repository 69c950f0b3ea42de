import { zodResolver } from "@hookform/resolvers/zod";
import { type TClaimRequest, type TMyEntry, ZClaimRequest } from "@plugs/domain";
import { CheckCircle2, Trophy } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { formatDate } from "../../lib/format.ts";
import { useClaimPrize } from "./queries.ts";

/** A winner's box: the claim form while the window is open, then what became of the claim. */
export function ClaimBox({ slug, entry }: { slug: string; entry: TMyEntry }) {
  const claim = useClaimPrize(slug);
  const form = useForm<TClaimRequest>({
    resolver: zodResolver(ZClaimRequest),
    defaultValues: { contact: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    claim.mutateAsync(values).then(
      () => toast.success("Prize claimed. We'll be in touch."),
      (err: Error) => form.setError("contact", { message: err.message }),
    ),
  );
  return (
    <div className="rounded-xl bg-plug-soft px-4 py-3">
      <p className="flex items-center gap-2 font-semibold text-plug">
        <Trophy className="size-5" aria-hidden /> You won! Winner #{entry.position}.
      </p>
      {entry.claimStatus === "claimed" ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm">
          <CheckCircle2 className="size-4 text-plug" aria-hidden /> Prize claimed. We'll be in touch.
        </p>
      ) : entry.claimStatus === "expired" ? (
        <p className="mt-2 text-sm text-muted">The claim window has closed.</p>
      ) : (
        <form onSubmit={submit} className="mt-3 flex flex-col gap-3" noValidate>
          <Field
            label="Contact handle or wallet address"
            error={errors.contact?.message}
            hint={entry.claimDeadline ? `Claim by ${formatDate(entry.claimDeadline)}` : undefined}
          >
            {(props) => <Input {...props} {...form.register("contact")} maxLength={200} autoComplete="off" />}
          </Field>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Claiming..." : "Claim prize"}
          </Button>
        </form>
      )}
    </div>
  );
}
