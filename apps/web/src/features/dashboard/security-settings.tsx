import { LogOut } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import type { TSession } from "../auth/session.ts";
import { PasskeysCard } from "../passkeys/passkeys-card.tsx";
import { LinkedSignInsCard } from "../sign-ins/linked-sign-ins-card.tsx";
import { useMySignIns } from "../sign-ins/queries.ts";
import { SetPasswordCard } from "../sign-ins/set-password-card.tsx";
import { ChangeEmailCard } from "./change-email-card.tsx";
import { ChangePasswordCard } from "./change-password-card.tsx";
import { messageOf } from "./error-message.ts";
import { useRevokeOtherSessions } from "./queries.ts";
import { SettingsCard } from "./settings-card.tsx";
import { TwoFactorCard } from "./two-factor-card.tsx";
import { DeleteMyAccount, DownloadMyData } from "./your-data-card.tsx";

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

function YourDataCard() {
  return (
    <SettingsCard title="Your data" description="Take a copy of everything you have put on Plugs & Rugs.">
      <DownloadMyData />
    </SettingsCard>
  );
}

function DeleteAccountCard() {
  return (
    <SettingsCard title="Delete account">
      <DeleteMyAccount />
    </SettingsCard>
  );
}

/**
 * The dashboard's Security section: the password, the e-mail, MFA, passkeys, linked sign-ins, the other sessions,
 * your data and deleting the account.
 */
export function SecuritySettings({ session }: { session: TSession }) {
  // An account a sign-in provider made has no password until its owner sets one.
  const hasPassword = useMySignIns().data?.password ?? true;
  return (
    <div className="flex flex-col gap-6">
      {hasPassword ? <ChangePasswordCard /> : <SetPasswordCard />}
      <ChangeEmailCard session={session} />
      <TwoFactorCard session={session} />
      <PasskeysCard />
      <LinkedSignInsCard />
      <SessionsCard />
      <YourDataCard />
      <DeleteAccountCard />
    </div>
  );
}
