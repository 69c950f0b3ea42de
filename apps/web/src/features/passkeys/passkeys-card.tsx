import { zodResolver } from "@hookform/resolvers/zod";
import { M_PASSKEY, type TPasskey, ZPasskeyName } from "@plugs/domain";
import { KeyRound, Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { formatDay } from "../../lib/format.ts";
import { SettingsCard } from "../dashboard/settings-card.tsx";
import { passkeyMessage, useAddPasskey, useMyPasskeys, useRemovePasskey } from "./passkeys.ts";

const ZAddPasskeyForm = z.object({ name: ZPasskeyName });
type TAddPasskeyForm = z.input<typeof ZAddPasskeyForm>;

function PasskeyRow({ passkey }: { passkey: TPasskey }) {
  const remove = useRemovePasskey();
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-center gap-3">
        <KeyRound aria-hidden className="size-5 shrink-0 text-muted" />
        <div className="min-w-0">
          <p className="truncate font-medium">{passkey.name}</p>
          <p className="text-sm text-muted">Added {formatDay(passkey.createdAt)}</p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Remove passkey ${passkey.name}`}
        busy={remove.isPending}
        busyLabel="Removing..."
        onClick={() => remove.mutate(passkey.id)}
      >
        <Trash2 aria-hidden /> Remove
      </Button>
    </li>
  );
}

/**
 * Passkeys in Dashboard > Security: add one (named) on this device, see them with the day each was added, remove
 * them. Says why we offer passkeys and not text-message codes.
 */
export function PasskeysCard() {
  const list = useMyPasskeys();
  const add = useAddPasskey();
  const form = useForm<TAddPasskeyForm>({
    resolver: zodResolver(ZAddPasskeyForm),
    defaultValues: { name: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await add.mutateAsync(name);
      toast.success(M_PASSKEY.added);
      form.reset();
    } catch (err) {
      toast.error(passkeyMessage(err));
    }
  });
  const items = list.data ?? [];
  return (
    <SettingsCard
      title="Passkeys"
      description={
        <>
          Sign in with your fingerprint, face or screen lock instead of your password and code. We offer
          passkeys rather than text-message codes: a phone number can be taken over through a SIM swap, and a
          passkey works only on this site, so it cannot be phished.
        </>
      }
    >
      {list.isPending ? (
        <p className="text-sm text-muted">Loading passkeys...</p>
      ) : list.isError ? (
        <p className="text-sm text-muted">Could not load your passkeys.</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">You have no passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="-my-3 divide-y divide-border">
          {items.map((p) => (
            <PasskeyRow key={p.id} passkey={p} />
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="mt-5 flex max-w-md flex-col gap-3">
        <Field
          label="Passkey name"
          hint="So you can tell your passkeys apart, e.g. 'My phone'."
          error={errors.name?.message}
        >
          {(props) => <Input {...props} {...form.register("name")} autoComplete="off" maxLength={50} />}
        </Field>
        <Button type="submit" busy={add.isPending} busyLabel="Adding..." className="self-start">
          <KeyRound aria-hidden /> Add passkey
        </Button>
      </form>
    </SettingsCard>
  );
}
