import { type TAdminMember, ZMemberBanRequest } from "@plugs/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { useSetMemberAdmin, useSetMemberBanned } from "./queries.ts";

/** Ban or unban with a reason (required, as the server requires it). */
export function BanDialog({ member, onClose }: { member: TAdminMember; onClose: () => void }) {
  const banning = !member.isBanned;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const mutation = useSetMemberBanned();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZMemberBanRequest.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    mutation.mutate(
      { id: member.id, banned: banning, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success(
            banning ? `@${member.username} is banned` : `@${member.username} is no longer banned`,
          );
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>{banning ? `Ban @${member.username}?` : `Unban @${member.username}?`}</DialogTitle>
        <DialogDescription>
          {banning
            ? "They are signed out everywhere at once, and their posts and profile are hidden until the ban is lifted."
            : "They can sign in again, and their posts and profile are shown again."}
        </DialogDescription>
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
          <Field label="Reason" error={error} hint="Kept in the audit log.">
            {(props) => (
              <Textarea
                {...props}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(undefined);
                }}
                rows={3}
                maxLength={500}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={banning ? "danger" : "primary"}
              busy={mutation.isPending}
              busyLabel={banning ? "Banning..." : "Unbanning..."}
            >
              {banning ? "Ban Member" : "Unban Member"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Make admin / remove admin, confirmed first. */
export function RoleDialog({ member, onClose }: { member: TAdminMember; onClose: () => void }) {
  const granting = !member.isAdmin;
  const mutation = useSetMemberAdmin();
  const confirm = () =>
    mutation.mutate(
      { id: member.id, admin: granting },
      {
        onSuccess: () => {
          toast.success(
            granting ? `@${member.username} is now an admin` : `@${member.username} is no longer an admin`,
          );
          onClose();
        },
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>
          {granting ? `Make @${member.username} an admin?` : `Remove @${member.username} as admin?`}
        </DialogTitle>
        <DialogDescription>
          {granting
            ? "Admins can moderate everything, ban members, airdrop points and change the site's settings."
            : "They keep their account and lose the admin tools at their next request."}
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant={granting ? "primary" : "danger"}
            busy={mutation.isPending}
            busyLabel="Saving..."
            onClick={confirm}
          >
            {granting ? "Make Admin" : "Remove Admin"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
