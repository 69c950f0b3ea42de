import { zodResolver } from "@hookform/resolvers/zod";
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  M_ACCOUNT,
  type TDeleteAccountRequest,
  ZDeleteAccountRequest,
} from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { formatDay } from "../../lib/format.ts";
import { sessionKeys } from "../auth/session.ts";
import { exportMyData, requestAccountDeletion } from "./api.ts";
import { messageOf } from "./error-message.ts";

/** Saves `data` as a JSON file named `name` through a temporary link. */
function saveJson(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Download my data": the profile, posts, comments, reactions, points and reports as one JSON file. */
export function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const data = await exportMyData();
      saveJson(data, `plugs-and-rugs-${String(data.profile.username)}-${data.exportedAt.slice(0, 10)}.json`);
      toast.success(M_ACCOUNT.exportReady);
    } catch (err) {
      toast.error(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="max-w-prose text-sm text-muted">
        A JSON file with your profile, posts, comments, reactions, points history and reports.
      </p>
      <Button variant="secondary" busy={busy} busyLabel="Preparing..." onClick={download}>
        <Download aria-hidden /> Download my data
      </Button>
    </div>
  );
}

const DAY_MS = 86_400_000;

/**
 * "Delete my account": what happens, and when, said plainly; the password confirms it. The account is signed out
 * everywhere at once; signing in again within the grace period cancels the deletion.
 */
export function DeleteMyAccount() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<TDeleteAccountRequest>({
    resolver: zodResolver(ZDeleteAccountRequest),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const day = formatDay(Date.now() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const { eraseAfter } = await requestAccountDeletion(password);
      toast.success(M_ACCOUNT.deletionScheduled(formatDay(eraseAfter)));
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      navigate("/");
    } catch (err) {
      form.setError("password", { message: messageOf(err) });
    }
  });
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-prose space-y-2 text-sm text-muted">
        <p>
          Deleting your account signs you out everywhere. It is deleted after {ACCOUNT_DELETION_GRACE_DAYS}{" "}
          days
          {open ? (
            <>
              , on <strong className="text-foreground">{day}</strong>
            </>
          ) : null}
          . <strong className="text-foreground">Signing in before then cancels the deletion.</strong>
        </p>
        <p>
          Then your profile, avatar, e-mail address and sign-ins are erased. Your posts and comments stay,
          shown as from a deleted account, and your points history is kept without your name.
        </p>
      </div>
      {open ? (
        <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
          <Field label="Password" hint="Enter your password to confirm." error={errors.password?.message}>
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
            <Button type="submit" variant="danger" busy={isSubmitting} busyLabel="Deleting...">
              <Trash2 aria-hidden /> Delete my account
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            <Trash2 aria-hidden /> Delete my account...
          </Button>
        </div>
      )}
    </div>
  );
}
