import type { TAdminMemberDetail } from "@plugs/domain";
import { ArrowLeft, Ban, KeyRound, ShieldCheck, ShieldOff, Undo2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { formatDate, formatDay } from "../../lib/format.ts";
import { useSession } from "../auth/session.ts";
import { AuditRow } from "./audit-log.tsx";
import { BanDialog, RoleDialog } from "./member-dialogs.tsx";
import { useMember, useResetTwoFactor } from "./queries.ts";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function ResetTwoFactorDialog({ member, onClose }: { member: TAdminMemberDetail; onClose: () => void }) {
  const reset = useResetTwoFactor();
  return (
    <Dialog open onOpenChange={(open) => !open && !reset.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>Reset two-factor for @{member.username}?</DialogTitle>
        <DialogDescription>
          For a member who lost their authenticator and backup codes: they sign in with their password alone
          until they turn two-factor on again. Make sure the request really comes from them.
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={reset.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={reset.isPending}
            busyLabel="Resetting..."
            onClick={() =>
              reset.mutate(member.id, {
                onSuccess: () => {
                  toast.success(`Two-factor is off for @${member.username}`);
                  onClose();
                },
                onError: (err) => toast.error(err.message),
              })
            }
          >
            Reset Two-Factor
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** /admin/members/:id: a member as admins see them, with the actions on them. */
export function AdminMemberPage() {
  const { id = "" } = useParams();
  const { session } = useSession();
  const query = useMember(id);
  const [dialog, setDialog] = useState<"ban" | "role" | "twoFactor" | null>(null);
  const back = (
    <Link
      to="/admin/members"
      className="inline-flex items-center gap-1 text-sm text-muted hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden /> Members
    </Link>
  );
  if (query.isPending) return <Spinner label="Loading the member" className="text-accent" />;
  if (query.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <LoadError title={query.error.message} onRetry={() => void query.refetch()} busy={query.isFetching} />
      </div>
    );
  }
  const m = query.data;
  const isMe = m.id === session?.user.id;
  return (
    <section aria-labelledby="admin-member-heading" className="flex flex-col gap-5">
      {back}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Avatar src={m.avatarUrl} name={m.username} className="size-14" />
          <div className="min-w-0">
            <h2 id="admin-member-heading" className="flex flex-wrap items-center gap-2 text-xl font-semibold">
              @{m.username}
              {m.isAdmin ? (
                <span className="rounded-md bg-accent-soft px-1.5 py-0.5 text-xs font-medium text-accent">
                  Admin
                </span>
              ) : null}
              {m.isBanned ? (
                <span className="rounded-md bg-rug-soft px-1.5 py-0.5 text-xs font-medium text-rug">
                  Banned
                </span>
              ) : null}
            </h2>
            <p className="truncate text-sm text-muted">{m.email}</p>
            <Link to={`/user/${m.username}`} className="text-xs text-accent hover:underline">
              Public profile
            </Link>
          </div>
        </div>
        {isMe ? null : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setDialog("role")}>
              {m.isAdmin ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
              {m.isAdmin ? "Remove Admin" : "Make Admin"}
            </Button>
            {m.twoFactorEnabled ? (
              <Button variant="secondary" size="sm" onClick={() => setDialog("twoFactor")}>
                <KeyRound aria-hidden /> Reset Two-Factor
              </Button>
            ) : null}
            <Button variant={m.isBanned ? "secondary" : "danger"} size="sm" onClick={() => setDialog("ban")}>
              {m.isBanned ? <Undo2 aria-hidden /> : <Ban aria-hidden />}
              {m.isBanned ? "Unban" : "Ban"}
            </Button>
          </div>
        )}
      </div>
      {m.isBanned && m.banReason ? (
        <p className="text-sm break-words text-rug">Banned: {m.banReason}</p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Joined">{formatDay(m.joinedAt)}</Fact>
        <Fact label="Points">{m.points.toLocaleString("en-US")}</Fact>
        <Fact label="Posts">{m.posts}</Fact>
        <Fact label="Comments">{m.comments}</Fact>
        <Fact label="KOL reports">{m.reports}</Fact>
        <Fact label="Signed-in sessions">{m.sessions}</Fact>
        <Fact label="Two-factor">{m.twoFactorEnabled ? "On" : "Off"}</Fact>
      </dl>
      <div className="grid gap-5 lg:grid-cols-2">
        <section aria-labelledby="member-ledger-heading" className="flex flex-col gap-2">
          <h3 id="member-ledger-heading" className="font-semibold">
            Latest points
          </h3>
          {m.ledger.length === 0 ? (
            <p className="text-sm text-muted">No points yet.</p>
          ) : (
            <ul className="divide-y divide-border rounded-2xl border border-border bg-surface">
              {m.ledger.map((line) => (
                <li
                  key={`${line.createdAt}-${line.description}`}
                  className="flex items-center gap-3 px-4 py-2.5 text-sm"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{line.description}</span>
                    <time dateTime={line.createdAt} className="text-xs text-muted">
                      {formatDate(line.createdAt)}
                    </time>
                  </span>
                  <span
                    className={`font-semibold tabular-nums ${line.points < 0 ? "text-rug" : "text-plug"}`}
                  >
                    {line.points > 0 ? "+" : ""}
                    {line.points}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="member-history-heading" className="flex flex-col gap-2">
          <h3 id="member-history-heading" className="font-semibold">
            Admin actions about them
          </h3>
          {m.history.length === 0 ? (
            <p className="text-sm text-muted">None.</p>
          ) : (
            <ul aria-label="Admin actions about them" className="flex flex-col gap-2">
              {m.history.map((entry) => (
                <li key={entry.id}>
                  <AuditRow entry={entry} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {dialog === "ban" ? <BanDialog member={m} onClose={() => setDialog(null)} /> : null}
      {dialog === "role" ? <RoleDialog member={m} onClose={() => setDialog(null)} /> : null}
      {dialog === "twoFactor" ? <ResetTwoFactorDialog member={m} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
