import { type TAdminMember, ZMemberBanRequest } from "@plugs/domain";
import { firstIssue, ReasonForm } from "../../components/reason-form.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { useSetMemberAdmin, useSetMemberBanned } from "./queries.ts";

/** Ban or unban with a reason (required, as the server requires it). */
export function BanDialog({ member, onClose }: { member: TAdminMember; onClose: () => void }) {
  const banning = !member.isBanned;
  const mutation = useSetMemberBanned();
  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>{banning ? `Ban @${member.username}?` : `Unban @${member.username}?`}</DialogTitle>
        <DialogDescription>
          {banning
            ? "They are signed out everywhere at once, and their posts and profile are hidden until the ban is lifted."
            : "They can sign in again, and their posts and profile are shown again."}
        </DialogDescription>
        <div className="mt-4">
          <ReasonForm
            hint="Kept in the audit log."
            check={(reason) => firstIssue(ZMemberBanRequest.safeParse({ reason }))}
            submit={async (reason) => {
              await mutation.mutateAsync({ id: member.id, banned: banning, reason: reason.trim() });
              toast.success(
                banning ? `@${member.username} is banned` : `@${member.username} is no longer banned`,
              );
              onClose();
            }}
            busy={mutation.isPending}
            danger={banning}
            action={banning ? "Ban Member" : "Unban Member"}
            busyLabel={banning ? "Banning..." : "Unbanning..."}
            onCancel={onClose}
          />
        </div>
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
